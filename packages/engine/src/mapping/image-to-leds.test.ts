import { describe, expect, it } from 'vitest';
import { frame } from '../../test/support/frames.js';
import type { RgbImage } from '../types.js';
import { ImageToLeds } from './image-to-leds.js';
import { LedLayout } from './led-layout.js';
import type { MappingType } from './mapping-type.js';

const R = [255, 0, 0];
const B = [0, 0, 255];
const X = [10, 20, 30];

/** A picture from rows of [r, g, b] pixels. */
function image(rows: number[][][]): RgbImage {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  return { width, height, data: Uint8Array.from(rows.flat(2)) };
}

/**
 * 4×2:  R R B X
 *       B R B X
 * The left half holds R, R, B, R; the right half B, X, B, X (reading order).
 */
const picture = image([
  [R, R, B, X],
  [B, R, B, X],
]);

const halves = LedLayout.fromSettings(
  [
    { hmin: 0, hmax: 0.5, vmin: 0, vmax: 1 },
    { hmin: 0.5, hmax: 1, vmin: 0, vmax: 1 },
  ],
  { hardwareLedCount: 2 },
);

function mapped(type: MappingType, accuracyLevel?: number): number[][] {
  const mapping = new ImageToLeds(halves, 4, 2, {
    type,
    ...(accuracyLevel === undefined ? {} : { accuracyLevel }),
  });
  const out = new Uint8Array(6);
  mapping.map(picture, out);
  return [[...out.subarray(0, 3)], [...out.subarray(3, 6)]];
}

describe('ImageToLeds pixel sets', () => {
  // A 4×2 picture whose pixel i is (i, 0, 0), so an LED's colour names its pixel.
  const numbered = image([[0, 1, 2, 3].map((i) => [i, 0, 0]), [4, 5, 6, 7].map((i) => [i, 0, 0])]);

  it('rounds the fractions, keeps one pixel at least and indexes y·width + x', () => {
    const layout = LedLayout.fromSettings(
      [
        // x: round(1.2)=1, round(1.6)=2 → [1,2); y: round(1.2)=1 = round(1.4) → [1,2).
        { hmin: 0.3, hmax: 0.4, vmin: 0.6, vmax: 0.7 },
        // x: round(3.6)=4 → at most 3, [3,4); y: round(1.8)=2 → at most 1, [1,2).
        { hmin: 0.9, hmax: 1, vmin: 0.9, vmax: 1 },
        // x: round(0.5)=1 (half up), round(2)=2 → [1,2); y: [0,1).
        { hmin: 0.125, hmax: 0.5, vmin: 0, vmax: 0.5 },
        // The whole top row.
        { hmin: 0, hmax: 1, vmin: 0, vmax: 0.5 },
      ],
      { hardwareLedCount: 4 },
    );
    const mapping = new ImageToLeds(layout, 4, 2, { type: 'multicolor_mean' });
    expect(mapping.pixelsOf(0)).toEqual([5]);
    expect(mapping.pixelsOf(1)).toEqual([7]);
    expect(mapping.pixelsOf(2)).toEqual([1]);
    expect(mapping.pixelsOf(3)).toEqual([0, 1, 2, 3]);
    const out = new Uint8Array(12);
    mapping.map(numbered, out);
    // LED 3: floor((0+1+2+3)/4) = 1.
    expect([...out]).toEqual([5, 0, 0, 7, 0, 0, 1, 0, 0, 1, 0, 0]);
  });

  it('gives zero-area and blacklisted LEDs no pixels, so they stay black', () => {
    const layout = LedLayout.fromSettings(
      [
        { hmin: 0.5, hmax: 0.5, vmin: 0, vmax: 1 },
        { hmin: 0, hmax: 1, vmin: 0, vmax: 1 },
        { hmin: 0, hmax: 1, vmin: 0, vmax: 1 },
      ],
      { hardwareLedCount: 3, blacklist: [{ start: 2, num: 1 }] },
    );
    const mapping = new ImageToLeds(layout, 4, 2, { type: 'multicolor_mean' });
    expect(mapping.pixelsOf(0)).toEqual([]);
    expect(mapping.pixelsOf(2)).toEqual([]);
    const out = new Uint8Array(9).fill(99);
    mapping.map(numbered, out);
    // LED 1: floor(28 / 8) = 3.
    expect([...out]).toEqual([0, 0, 0, 3, 0, 0, 0, 0, 0]);
  });

  it('samples every (factor + 1)-th pixel and row with a reduced pixel set', () => {
    const whole = LedLayout.fromSettings([{ hmin: 0, hmax: 1, vmin: 0, vmax: 1 }], {
      hardwareLedCount: 1,
    });
    expect(
      new ImageToLeds(whole, 4, 2, {
        type: 'multicolor_mean',
        reducedPixelSetFactor: 1,
      }).pixelsOf(0),
    ).toEqual([0, 2]);
    expect(
      new ImageToLeds(whole, 4, 2, { type: 'multicolor_mean', reducedPixelSetFactor: 3 }).pixelsOf(
        0,
      ),
    ).toEqual([0]);
    expect(new ImageToLeds(whole, 4, 2, { type: 'multicolor_mean' }).pixelsOf(0)).toHaveLength(8);
  });

  it('samples only the LEDs over 1600 pixels every other pixel', () => {
    const layout = LedLayout.fromSettings(
      [
        { hmin: 0, hmax: 1, vmin: 0, vmax: 1 },
        { hmin: 0, hmax: 0.2, vmin: 0, vmax: 0.25 },
      ],
      { hardwareLedCount: 2 },
    );
    const mapping = new ImageToLeds(layout, 50, 40, { type: 'multicolor_mean' });
    // 50 × 40 = 2000 pixels > 1600: 25 × 20 of them. 10 × 10 stays whole.
    expect(mapping.pixelsOf(0)).toHaveLength(500);
    expect(mapping.pixelsOf(0).slice(0, 3)).toEqual([0, 2, 4]);
    expect(mapping.pixelsOf(0)[25]).toBe(100);
    expect(mapping.pixelsOf(1)).toHaveLength(100);
  });

  it('refuses a picture of another size', () => {
    const mapping = new ImageToLeds(halves, 4, 2, { type: 'multicolor_mean' });
    expect(() =>
      mapping.map({ width: 2, height: 4, data: new Uint8Array(24) }, new Uint8Array(6)),
    ).toThrow('image is 2×4 but this mapping is for 4×2');
  });
});

describe('ImageToLeds inside a black border', () => {
  // A 6×4 picture whose pixel i is (i, 0, 0).
  const numbered6 = image(
    Array.from({ length: 4 }, (_, y) => Array.from({ length: 6 }, (_, x) => [y * 6 + x, 0, 0])),
  );
  const columns = LedLayout.fromSettings(
    [
      { hmin: 0, hmax: 0.25, vmin: 0, vmax: 1 },
      { hmin: 0.75, hmax: 1, vmin: 0, vmax: 1 },
    ],
    { hardwareLedCount: 2 },
  );

  it('lays the layout over the picture between the side bars, indexing y·width + x', () => {
    // One column of bars at each side: the inner picture is 4 wide, from x = 1; LED 0 takes its
    // first column (x = 1), LED 1 its last (x = 4), in every row. Hyperion.ng indexed y·4 + x.
    const mapping = new ImageToLeds(columns, 6, 4, {
      type: 'multicolor_mean',
      border: { horizontal: 0, vertical: 1 },
    });
    expect(mapping.pixelsOf(0)).toEqual([1, 7, 13, 19]);
    expect(mapping.pixelsOf(1)).toEqual([4, 10, 16, 22]);
    const out = new Uint8Array(6);
    mapping.map(numbered6, out);
    expect([...out]).toEqual([10, 0, 0, 13, 0, 0]);
  });

  it('lays the layout over the picture between the top and bottom bars', () => {
    const rows = LedLayout.fromSettings(
      [
        { hmin: 0, hmax: 1, vmin: 0, vmax: 0.5 },
        { hmin: 0, hmax: 1, vmin: 0.5, vmax: 1 },
      ],
      { hardwareLedCount: 2 },
    );
    const mapping = new ImageToLeds(rows, 6, 4, {
      type: 'multicolor_mean',
      border: { horizontal: 1, vertical: 1 },
    });
    // The inner picture is x 1–4 of rows 1 and 2.
    expect(mapping.pixelsOf(0)).toEqual([7, 8, 9, 10]);
    expect(mapping.pixelsOf(1)).toEqual([13, 14, 15, 16]);
  });

  it('narrows bars that would leave no picture, to one pixel of picture', () => {
    const mapping = new ImageToLeds(columns, 6, 4, {
      type: 'multicolor_mean',
      border: { horizontal: 9, vertical: 3 },
    });
    expect(mapping.border).toEqual({ horizontal: 1, vertical: 2 });
    // The inner picture is x 2–3 of rows 1–2: 2 × 2 pixels.
    expect(mapping.pixelsOf(0)).toEqual([8, 14]);
    expect(mapping.pixelsOf(1)).toEqual([9, 15]);
  });

  it('reads the unicolor types inside the border only', () => {
    const mapping = new ImageToLeds(columns, 6, 4, {
      type: 'unicolor_mean',
      border: { horizontal: 1, vertical: 2 },
    });
    const out = new Uint8Array(6);
    // Black bars around a 2 × 2 red picture: the bars do not darken it.
    mapping.map(frame({ width: 6, height: 4, bars: 1, pillars: 2, picture: [200, 0, 0] }), out);
    expect([...out]).toEqual([200, 0, 0, 200, 0, 0]);
  });
});

describe('ImageToLeds mapping types on a 4×2 picture', () => {
  it('multicolor_mean: per-LED mean, rounded down', () => {
    // Left: (765/4, 0, 255/4); right: (20/4, 40/4, 570/4).
    expect(mapped('multicolor_mean')).toEqual([
      [191, 0, 63],
      [5, 10, 142],
    ]);
  });

  it('multicolor_mean_squared: the per-LED root mean square (not ng 2.1+’s whole-picture mean)', () => {
    // Left: √⌊3·65025/4⌋ = √48768 → 221, √⌊65025/4⌋ = √16256 → 127.
    // Right: √50 → 7, √200 → 14, √⌊131850/4⌋ = √32962 → 182.
    expect(mapped('multicolor_mean_squared')).toEqual([
      [221, 0, 127],
      [7, 14, 182],
    ]);
  });

  it('unicolor_mean: the whole-picture mean on every LED (not ng 2.1+’s squared mean)', () => {
    // (785/8, 40/8, 825/8).
    expect(mapped('unicolor_mean')).toEqual([
      [98, 5, 103],
      [98, 5, 103],
    ]);
  });

  it('dominant_color: the most frequent colour; on a tie, the first to reach it', () => {
    // Right: B, X, B, X: B reaches 2 first.
    expect(mapped('dominant_color')).toEqual([R, B]);
  });

  it('unicolor_dominant: the most frequent colour of the whole picture', () => {
    // R, R, B, X, B, R, B, X: R reaches 3 before B.
    expect(mapped('unicolor_dominant')).toEqual([R, R]);
  });

  it('dominant_color_advanced: the largest k-means cluster, with k = accuracyLevel + 1', () => {
    // k = 5 (black, green, white, red, yellow): left R R R → red, B → black; red wins.
    // Right: B and X are all nearest black: one cluster, its mean.
    expect(mapped('dominant_color_advanced', 4)).toEqual([R, [5, 10, 142]]);
    // k = 1: the mean.
    expect(mapped('dominant_color_advanced', 0)).toEqual([
      [191, 0, 63],
      [5, 10, 142],
    ]);
    // k = 3 (default, accuracyLevel 2: black, green, white): red is nearest black too.
    expect(mapped('dominant_color_advanced')).toEqual([
      [191, 0, 63],
      [5, 10, 142],
    ]);
  });

  it('unicolor_dominant_advanced: k-means over the whole picture', () => {
    // k = 5: R×3 → red; B×3 and X×2 → black, which is larger: (20/5, 40/5, 825/5).
    expect(mapped('unicolor_dominant_advanced', 4)).toEqual([
      [4, 8, 165],
      [4, 8, 165],
    ]);
  });

  // accuracyLevel above 4 is refused by the color schema (protocol's boundary tests).
  it('runs the highest accuracy level, 4', () => {
    const mapping = new ImageToLeds(halves, 4, 2, {
      type: 'dominant_color_advanced',
      accuracyLevel: 4,
    });
    const out = new Uint8Array(6);
    mapping.map(picture, out);
    expect([...out.subarray(0, 3)]).toEqual(R);
  });
});

describe('ImageToLeds on a picture that carries RGBA', () => {
  const TYPES: MappingType[] = [
    'multicolor_mean',
    'multicolor_mean_squared',
    'unicolor_mean',
    'dominant_color',
    'unicolor_dominant',
    'dominant_color_advanced',
    'unicolor_dominant_advanced',
  ];
  /** `picture` again, its pixels also as RGBA with an alpha byte the mapping must skip. */
  const rgba = new Uint8Array(picture.width * picture.height * 4);
  for (let i = 0; i < picture.width * picture.height; i++) {
    rgba.set(picture.data.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 77;
  }

  it('gives every type the colours it gives from the RGB data, with and without a border', () => {
    const both: RgbImage = { ...picture, rgba };
    for (const type of TYPES) {
      for (const border of [undefined, { horizontal: 0, vertical: 1 }]) {
        const options = { type, accuracyLevel: 4, ...(border ? { border } : {}) };
        const fromRgb = new Uint8Array(6);
        new ImageToLeds(halves, 4, 2, options).map(picture, fromRgb);
        const fromRgba = new Uint8Array(6);
        new ImageToLeds(halves, 4, 2, options).map(both, fromRgba);
        expect([...fromRgba], `${type}, border ${JSON.stringify(border)}`).toEqual([...fromRgb]);
      }
    }
  });

  it('does not make the RGB data for the per-LED types', () => {
    const rgbaOnly: RgbImage = {
      width: 4,
      height: 2,
      rgba,
      get data(): Uint8Array {
        throw new Error('the RGB data was asked for');
      },
    };
    const out = new Uint8Array(6);
    new ImageToLeds(halves, 4, 2, { type: 'multicolor_mean' }).map(rgbaOnly, out);
    expect([[...out.subarray(0, 3)], [...out.subarray(3)]]).toEqual([
      [191, 0, 63],
      [5, 10, 142],
    ]);
  });

  it('refuses RGBA shorter than the picture', () => {
    const short: RgbImage = { ...picture, rgba: rgba.subarray(4) };
    const mapping = new ImageToLeds(halves, 4, 2, { type: 'multicolor_mean' });
    expect(() => mapping.map(short, new Uint8Array(6))).toThrow(/RGBA needs 32/);
  });
});
