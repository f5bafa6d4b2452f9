import { describe, expect, it } from 'vitest';
import { videoModePart } from './video-mode.js';

// 4×2: each pixel's red byte is its index, so a part is told by the indexes it holds.
const image = {
  width: 4,
  height: 2,
  data: Uint8Array.from({ length: 8 * 3 }, (_, i) => (i % 3 === 0 ? i / 3 : 0)),
};
const reds = (data: Uint8Array) => [...data].filter((_, i) => i % 3 === 0);

describe('videoModePart', () => {
  it('uses the whole picture in 2D', () => {
    expect(videoModePart(image, '2D')).toBe(image);
  });

  it('uses the left half of a side-by-side frame', () => {
    const part = videoModePart(image, '3DSBS');
    expect([part.width, part.height]).toEqual([2, 2]);
    expect(reds(part.data)).toEqual([0, 1, 4, 5]);
  });

  it('uses the top half of a top-and-bottom frame', () => {
    const part = videoModePart(image, '3DTAB');
    expect([part.width, part.height]).toEqual([4, 1]);
    expect(reds(part.data)).toEqual([0, 1, 2, 3]);
  });

  it('keeps at least one pixel of a one-pixel picture', () => {
    const dot = { width: 1, height: 1, data: Uint8Array.of(9, 8, 7) };
    expect(videoModePart(dot, '3DSBS')).toEqual(dot);
    expect(videoModePart(dot, '3DTAB')).toEqual(dot);
  });
});
