import { describe, expect, it } from 'vitest';
import { ColorStyles } from './color-styles.js';

describe('ColorStyles', () => {
  it('keeps black black and white white', () => {
    const styles = new ColorStyles();
    expect(styles.style(styles.key(0, 0, 0))).toBe('rgb(0,0,0)');
    expect(styles.style(styles.key(255, 255, 255))).toBe('rgb(255,255,255)');
  });

  it('rounds each channel to the nearest of 64 levels over 0..255: never more than 2 off', () => {
    const styles = new ColorStyles();
    // 200 → level 49.4 → 49 → 198.3 → 198; 7 → 1.7 → 2 → 8; 130 → 32.1 → 32 → 129.5 → 130.
    expect(styles.style(styles.key(200, 7, 130))).toBe('rgb(198,8,130)');
    expect(styles.key(200, 7, 130)).toBe(styles.key(199, 8, 131));
    // The live picture shows the colour chosen within what a canvas rounds anyway.
    for (let c = 0; c < 256; c++) {
      const [r, g, b] = (/rgb\((\d+),(\d+),(\d+)\)/.exec(styles.style(styles.key(c, c, c))) ?? [])
        .slice(1)
        .map(Number);
      expect(Math.abs((r ?? -9) - c), `channel ${c}`).toBeLessThanOrEqual(2);
      expect([g, b]).toEqual([r, r]);
    }
  });

  it('makes each style once and hands out the same string after', () => {
    const styles = new ColorStyles();
    const key = styles.key(12, 34, 56);
    expect(styles.style(key)).toBe(styles.style(key));
  });
});
