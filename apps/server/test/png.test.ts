import { describe, expect, it } from 'vitest';
import { scaledDown } from '../src/rpc/png.js';

describe('the image stream’s scaling', () => {
  it('takes every other column and row of a picture twice too wide, nearest pixel first', () => {
    // 4×2, each pixel numbered (n, n, n).
    const data = Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => Math.floor(i / 3));
    const small = scaledDown({ width: 4, height: 2, data }, 2);
    expect(small.width).toBe(2);
    expect(small.height).toBe(1);
    expect([...small.data]).toEqual([0, 0, 0, 2, 2, 2]);
  });

  it('keeps a picture already narrow enough as it is', () => {
    const image = { width: 2, height: 1, data: new Uint8Array(6) };
    expect(scaledDown(image, 320)).toBe(image);
  });

  it('keeps at least one row of a picture far wider than tall', () => {
    const data = Uint8Array.from({ length: 640 * 1 * 3 }, (_, i) => Math.floor(i / 3) % 256);
    const small = scaledDown({ width: 640, height: 1, data }, 320);
    expect([small.width, small.height]).toEqual([320, 1]);
    expect([...small.data.subarray(-3)]).toEqual([638 % 256, 638 % 256, 638 % 256]);
  });
});
