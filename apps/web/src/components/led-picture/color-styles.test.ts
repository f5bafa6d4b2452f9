import { describe, expect, it } from 'vitest';
import { ColorStyles } from './color-styles.js';

describe('ColorStyles', () => {
  it('keeps black black and white white', () => {
    const styles = new ColorStyles();
    expect(styles.style(styles.key(0, 0, 0))).toBe('rgb(0,0,0)');
    expect(styles.style(styles.key(255, 255, 255))).toBe('rgb(255,255,255)');
  });

  it('rounds each channel to 6 bits, spread over 0..255', () => {
    const styles = new ColorStyles();
    // 200 = 0b110010_00 → 0b110010 → 0b11001011 = 203; 7 → 1 → 4; 130 → 32 → 130.
    expect(styles.style(styles.key(200, 7, 130))).toBe('rgb(203,4,130)');
    expect(styles.key(200, 7, 130)).toBe(styles.key(201, 6, 131));
  });

  it('makes each style once and hands out the same string after', () => {
    const styles = new ColorStyles();
    const key = styles.key(12, 34, 56);
    expect(styles.style(key)).toBe(styles.style(key));
  });
});
