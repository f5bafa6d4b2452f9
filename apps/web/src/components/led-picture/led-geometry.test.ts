import { describe, expect, it } from 'vitest';
import { ledRects, RECT_STRIDE } from './led-geometry.js';

/** The two rectangles of LED `i`: [x, y, w, h] each. */
const rectsOf = (rects: Int32Array, i: number) => {
  const o = i * RECT_STRIDE;
  return [[...rects.slice(o, o + 4)], [...rects.slice(o + 4, o + 8)]];
};

describe('ledRects', () => {
  it('places a large LED at its area, inset, as a cross with cut corners', () => {
    // The left half of a 200 × 100 canvas: 100 × 100 pixels, gap 10, corner cut 2.
    const rects = ledRects([{ hmin: 0, hmax: 0.5, vmin: 0, vmax: 1 }], 200, 100);
    expect(rects.length).toBe(RECT_STRIDE);
    expect(rectsOf(rects, 0)).toEqual([
      [12, 10, 76, 80],
      [10, 12, 80, 76],
    ]);
  });

  it('sizes the corner cut in CSS pixels', () => {
    const rects = ledRects([{ hmin: 0, hmax: 0.5, vmin: 0, vmax: 1 }], 400, 200, 2);
    // 200 × 200 device pixels: gap 20, a cut of 4 device pixels (2 CSS pixels).
    expect(rectsOf(rects, 0)).toEqual([
      [24, 20, 152, 160],
      [20, 24, 160, 152],
    ]);
  });

  it('draws a small LED as one rectangle, and an area too thin to see as one pixel', () => {
    const rects = ledRects(
      [
        { hmin: 0, hmax: 0.05, vmin: 0, vmax: 0.05 },
        { hmin: 0.5, hmax: 0.5, vmin: 0.2, vmax: 0.2 },
      ],
      100,
      100,
    );
    expect(rectsOf(rects, 0)).toEqual([
      [1, 1, 3, 3],
      [0, 0, 0, 0],
    ]);
    expect(rectsOf(rects, 1)).toEqual([
      [50, 20, 1, 1],
      [0, 0, 0, 0],
    ]);
  });

  it('clamps areas into the picture and reads swapped bounds', () => {
    const rects = ledRects([{ hmin: 1.5, hmax: -1, vmin: 0.75, vmax: 0.25 }], 40, 40);
    // The whole width, the middle half of the height: 40 × 20, gap 2, cut 2.
    expect(rectsOf(rects, 0)).toEqual([
      [4, 12, 32, 16],
      [2, 14, 36, 12],
    ]);
  });

  it('keeps one place per LED, in layout order', () => {
    const layout = Array.from({ length: 1000 }, (_, i) => ({
      hmin: (i % 100) / 100,
      hmax: ((i % 100) + 1) / 100,
      vmin: Math.floor(i / 100) / 10,
      vmax: (Math.floor(i / 100) + 1) / 10,
    }));
    const rects = ledRects(layout, 1000, 1000);
    expect(rects.length).toBe(1000 * RECT_STRIDE);
    // The last LED: 10 × 100 pixels at (990, 900), gap 1, cut 1.
    expect(rectsOf(rects, 999)).toEqual([
      [992, 901, 6, 98],
      [991, 902, 8, 96],
    ]);
  });
});
