import { describe, expect, it } from 'vitest';
import { GradientCache } from './gradient-cache.js';

describe('GradientCache', () => {
  it('makes a gradient once per distinct bytes, whatever buffer they come in', () => {
    const cache = new GradientCache(8);
    let made = 0;
    const make = () => `fill ${++made}`;
    const buffer = Uint8Array.of(3, 7, 1, 2, 3);
    const first = cache.get(buffer.subarray(1), make);
    // The same bytes in another buffer, and the first buffer changed after it was kept.
    expect(cache.get(Uint8Array.of(7, 1, 2, 3), make)).toBe(first);
    buffer[1] = 8;
    expect(cache.get(Uint8Array.of(7, 1, 2, 3), make)).toBe(first);
    // One byte more, or one byte different: another gradient.
    expect(cache.get(Uint8Array.of(7, 1, 2, 3, 0), make)).toBe('fill 2');
    expect(cache.get(Uint8Array.of(7, 1, 2, 4), make)).toBe('fill 3');
    expect(made).toBe(3);
  });

  it('starts over when full, and after clear()', () => {
    const cache = new GradientCache(2);
    let made = 0;
    const make = () => `fill ${++made}`;
    cache.get(Uint8Array.of(1), make);
    cache.get(Uint8Array.of(2), make);
    expect(cache.get(Uint8Array.of(1), make)).toBe('fill 1');
    cache.get(Uint8Array.of(3), make);
    expect(cache.get(Uint8Array.of(1), make)).toBe('fill 4');
    cache.clear();
    expect(cache.get(Uint8Array.of(1), make)).toBe('fill 5');
  });
});
