import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.js';
import { DrawOp, EffectCanvas } from './effect-canvas.js';

/** One drawing operation laid out as python/PIPE.md says, independently of the replayer. */
function op(code: number, numbers: number[], bytes: number[] = []): Uint8Array {
  const out = new Uint8Array(2 + numbers.length * 8 + 4 + bytes.length);
  const view = new DataView(out.buffer);
  out[0] = code;
  out[1] = numbers.length;
  numbers.forEach((v, i) => {
    view.setFloat64(2 + i * 8, v, true);
  });
  view.setUint32(2 + numbers.length * 8, bytes.length, true);
  out.set(bytes, 6 + numbers.length * 8);
  return out;
}

function batch(...ops: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(ops.reduce((n, o) => n + o.length, 0));
  let at = 0;
  for (const o of ops) {
    out.set(o, at);
    at += o.length;
  }
  return out;
}

const BLACK = [0, 0, 0];
const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
/** Stops black at 0 → white at 255, 5 bytes each. */
const GREY_RAMP = [0, 0, 0, 0, 255, 255, 255, 255, 255, 255];
/** Stops red at 0 → blue at 255, 5 bytes each. */
const RED_TO_BLUE = [0, 255, 0, 0, 255, 255, 0, 0, 255, 255];

const fill = (x: number, y: number, w: number, h: number, c: number[], a = 255) =>
  op(DrawOp.SOLID_FILL, [x, y, w, h, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, a]);

/** The red channel along row y, from x0 to x1 inclusive. */
function reds(canvas: EffectCanvas, y: number, x0: number, x1: number): number[] {
  const out: number[] = [];
  for (let x = x0; x <= x1; x++) out.push(canvas.getPixel(x, y)[0]);
  return out;
}

function expectNear(actual: number[], expected: number[], tolerance = 1): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((v, i) => {
    expect(
      Math.abs(v - (expected[i] ?? 0)),
      `index ${i}: ${v} vs ${expected[i]}`,
    ).toBeLessThanOrEqual(tolerance);
  });
}

describe('EffectCanvas', () => {
  it('starts opaque black and reads black outside the canvas', () => {
    const canvas = new EffectCanvas(3, 2);
    expect([canvas.width, canvas.height]).toEqual([3, 2]);
    canvas.apply(batch(fill(0, 0, 3, 2, [255, 255, 255])));
    expect(canvas.getPixel(2, 1)).toEqual([255, 255, 255]);
    expect(canvas.getPixel(3, 0)).toEqual(BLACK);
    expect(canvas.getPixel(-1, 0)).toEqual(BLACK);
    expect(canvas.getPixel(0, 2)).toEqual(BLACK);
    expect(new EffectCanvas(1, 1).apply(batch(op(DrawOp.SHOW, [-1])))[0]?.data).toEqual(
      new Uint8Array([0, 0, 0]),
    );
  });

  it('fills a rectangle source-over with its alpha', () => {
    const canvas = new EffectCanvas(4, 4);
    canvas.apply(batch(fill(1, 1, 2, 2, [200, 100, 50], 128)));
    // 128/255 of (200, 100, 50) over black.
    expect(canvas.getPixel(1, 1)).toEqual([100, 50, 25]);
    expect(canvas.getPixel(2, 2)).toEqual([100, 50, 25]);
    expect(canvas.getPixel(0, 0)).toEqual(BLACK);
    expect(canvas.getPixel(3, 3)).toEqual(BLACK);
    canvas.apply(batch(fill(0, 0, 1, 1, RED), fill(0, 0, 1, 1, BLUE, 128)));
    // Blue at 128 over red: red keeps 127/255 of itself.
    expect(canvas.getPixel(0, 0)).toEqual([127, 0, 128]);
  });

  describe('linear gradient', () => {
    const linear = (w: number, x1: number, x2: number, spread: number) =>
      op(DrawOp.LINEAR_GRADIENT, [0, 0, w, 1, x1, 0, x2, 0, spread], GREY_RAMP);

    it('pads: pixel centres sample t = (x + 0.5) / length', () => {
      const canvas = new EffectCanvas(10, 1);
      canvas.apply(batch(linear(10, 0, 10, 0)));
      // 255 · 0.05, 0.45, 0.55, 0.95
      expectNear(
        [0, 4, 5, 9].map((x) => canvas.getPixel(x, 0)[0]),
        [13, 115, 140, 242],
      );
      const short = new EffectCanvas(8, 1);
      short.apply(batch(linear(8, 0, 4, 0)));
      expect(reds(short, 0, 5, 7)).toEqual([255, 255, 255]);
    });

    it('reflects beyond its end', () => {
      const canvas = new EffectCanvas(12, 1);
      canvas.apply(batch(linear(12, 0, 4, 1)));
      // t = 0.375, 1.375 → 0.625, 1.625 → 0.375, 2.375 → 0.375
      expectNear(
        [1, 5, 6, 9].map((x) => canvas.getPixel(x, 0)[0]),
        [96, 159, 96, 96],
      );
      // Before the start: t = −0.625 mirrors to 0.625.
      const before = new EffectCanvas(12, 1);
      before.apply(batch(linear(12, 4, 8, 1)));
      expectNear([before.getPixel(1, 0)[0]], [159]);
    });

    it('repeats beyond its end with a hard edge', () => {
      const canvas = new EffectCanvas(12, 1);
      canvas.apply(batch(linear(12, 0, 4, 2)));
      // t = 0.875, 1.125 → 0.125, 1.375 → 0.375, 2.625 → 0.625
      expectNear(
        [3, 4, 5, 10].map((x) => canvas.getPixel(x, 0)[0]),
        [223, 32, 96, 159],
      );
      const before = new EffectCanvas(12, 1);
      before.apply(batch(linear(12, 4, 8, 2)));
      // t = −0.625 → 0.375
      expectNear([before.getPixel(1, 0)[0]], [96]);
    });

    it('keeps the last of two stops at one position, as QGradient::setColorAt does', () => {
      const canvas = new EffectCanvas(10, 1);
      const stops = [0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 255, 0, 0, 255, 255];
      canvas.apply(batch(op(DrawOp.LINEAR_GRADIENT, [0, 0, 10, 1, 0, 0, 10, 0, 0], stops)));
      // Position 0 holds green (it replaced red): the left end is green → blue.
      expect(canvas.getPixel(0, 0)[0]).toBe(0);
      expect(canvas.getPixel(0, 0)[1]).toBeGreaterThan(230);
    });
  });

  it('runs a conical gradient counter-clockwise from its angle, as Qt does', () => {
    const canvas = new EffectCanvas(41, 41);
    // Centre on the middle of pixel (20, 20); probes 15 px away at 0°, 90°, 180°, 270°.
    canvas.apply(batch(op(DrawOp.CONICAL_GRADIENT, [0, 0, 41, 41, 20.5, 20.5, 45], RED_TO_BLUE)));
    // t = ((direction − 45) mod 360) / 360: 0.875 right, 0.125 up, 0.375 left, 0.625 down.
    const rb = (x: number, y: number) => {
      const [r, , b] = canvas.getPixel(x, y);
      return [r, b];
    };
    expectNear(rb(35, 20), [32, 223], 2);
    expectNear(rb(20, 5), [223, 32], 2);
    expectNear(rb(5, 20), [159, 96], 2);
    expectNear(rb(20, 35), [96, 159], 2);

    const zero = new EffectCanvas(41, 41);
    zero.apply(batch(op(DrawOp.CONICAL_GRADIENT, [0, 0, 41, 41, 20.5, 20.5, 0], RED_TO_BLUE)));
    // Angle 0: a quarter turn counter-clockwise (up) is t = 0.25.
    expectNear([zero.getPixel(20, 5)[0], zero.getPixel(20, 5)[2]], [191, 64], 2);
  });

  it('shows pictures that keep the pixels of their SHOW while the canvas draws on', () => {
    const canvas = new EffectCanvas(3, 2);
    const show = op(DrawOp.SHOW, [-1]);
    const [first] = canvas.apply(batch(fill(0, 0, 3, 2, [10, 20, 30]), show));
    const [second] = canvas.apply(batch(fill(1, 0, 1, 1, RED), show));
    // The RGB data is made on demand from the picture's RGBA, after the canvas changed.
    expect([...(first?.data ?? [])]).toEqual(Array(6).fill([10, 20, 30]).flat());
    expect([...(second?.data.subarray(0, 6) ?? [])]).toEqual([10, 20, 30, ...RED]);
    expect(second?.rgba?.subarray(4, 8)).toEqual(Uint8Array.of(255, 0, 0, 255));
    // Two pictures of one read-back have data of their own.
    const [a, b] = canvas.apply(batch(show, show));
    expect(a?.data).not.toBe(b?.data);
    expect(a?.data).toEqual(b?.data);
  });

  it('paints a gradient drawn again (kept since its first time) as it painted it then', () => {
    const show = op(DrawOp.SHOW, [-1]);
    const swirl = (angle: number) =>
      batch(op(DrawOp.CONICAL_GRADIENT, [0, 0, 33, 33, 16.5, 16.5, angle], RED_TO_BLUE), show);
    const kept = new EffectCanvas(33, 33);
    const first = kept.apply(swirl(30))[0];
    kept.apply(swirl(200));
    // Translucent on top: a cached gradient must blend like a fresh one, not replace.
    const linear = op(DrawOp.LINEAR_GRADIENT, [0, 0, 33, 16, 0, 0, 33, 0, 0], [0, 0, 255, 0, 128]);
    kept.apply(batch(linear, show));
    const again = kept.apply(swirl(30))[0];
    const blended = kept.apply(batch(linear, show))[0];
    const fresh = new EffectCanvas(33, 33);
    fresh.apply(swirl(30));
    const freshBlended = fresh.apply(batch(linear, show))[0];
    expect(again?.data).toEqual(first?.data);
    expect(blended?.data).toEqual(freshBlended?.data);
    // The raw read-back is what getImageData gives (which a run of set pixels goes through):
    // the same swirl with one pixel set differs from it in that pixel only.
    const viaImageData = new EffectCanvas(33, 33);
    viaImageData.apply(swirl(30));
    const pixelSet = viaImageData.apply(batch(op(DrawOp.SET_PIXEL, [0, 0, 1, 2, 3]), show))[0]
      ?.data;
    expect(pixelSet?.subarray(0, 3)).toEqual(Uint8Array.of(1, 2, 3));
    expect(pixelSet?.subarray(3)).toEqual(first?.data.subarray(3));
  });

  describe('radial gradient', () => {
    const ramp4 = [0, 0, 0, 0, 255, 255, 255, 255];
    const radial = (r: number, fx: number, spread: number) =>
      op(DrawOp.RADIAL_GRADIENT, [0, 0, 21, 21, 10.5, 10.5, r, fx, 10.5, 0, spread], ramp4);

    it('runs from the centre to the radius and pads beyond', () => {
      const canvas = new EffectCanvas(21, 21);
      canvas.apply(batch(radial(10, 10.5, 0)));
      // Distances 0, 5, 10 of 10, and a corner beyond.
      expectNear(
        [canvas.getPixel(10, 10)[0], canvas.getPixel(15, 10)[0], canvas.getPixel(0, 0)[0]],
        [0, 128, 255],
      );
      expectNear([canvas.getPixel(20, 10)[0]], [255], 2);
    });

    it('repeats and reflects beyond the radius', () => {
      const repeat = new EffectCanvas(21, 21);
      repeat.apply(batch(radial(4, 10.5, 2)));
      const reflect = new EffectCanvas(21, 21);
      reflect.apply(batch(radial(4, 10.5, 1)));
      // Distance 5 of 4: t = 1.25 → 0.25 repeated, 0.75 reflected.
      expectNear([repeat.getPixel(15, 10)[0], reflect.getPixel(15, 10)[0]], [64, 191]);
    });

    it('starts at its focal point', () => {
      const canvas = new EffectCanvas(21, 21);
      canvas.apply(batch(radial(10, 5.5, 0)));
      expectNear([canvas.getPixel(5, 10)[0]], [0]);
      expect(canvas.getPixel(15, 10)[0]).toBeGreaterThan(128 + 20);
    });
  });

  it('draws a 1-pixel line on whole pixels, end points included', () => {
    const canvas = new EffectCanvas(6, 4);
    canvas.apply(batch(op(DrawOp.LINE, [0, 1, 4, 1, 1, 255, 0, 0, 255])));
    expect(reds(canvas, 1, 0, 5)).toEqual([255, 255, 255, 255, 255, 0]);
    expect(reds(canvas, 0, 0, 5)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(reds(canvas, 2, 0, 5)).toEqual([0, 0, 0, 0, 0, 0]);
    // A line whose ends meet is one pen-sized dot, as QPainter draws it.
    const dot = new EffectCanvas(4, 4);
    dot.apply(batch(op(DrawOp.LINE, [2, 1, 2, 1, 1, 255, 0, 0, 255])));
    expect(reds(dot, 1, 0, 3)).toEqual([0, 0, 255, 0]);
    expect([dot.getPixel(2, 0), dot.getPixel(2, 2)]).toEqual([BLACK, BLACK]);
  });

  it('draws a 3-pixel line with square caps, like a wide QPen', () => {
    const canvas = new EffectCanvas(8, 6);
    canvas.apply(batch(op(DrawOp.LINE, [1, 2, 4, 2, 3, 255, 0, 0, 255])));
    for (const y of [1, 2, 3])
      expect(reds(canvas, y, 0, 7)).toEqual([255, 255, 255, 255, 255, 255, 0, 0]);
    expect(reds(canvas, 0, 0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(reds(canvas, 4, 0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('draws a point as a square dot of the pen width', () => {
    const one = new EffectCanvas(5, 5);
    one.apply(batch(op(DrawOp.POINT, [2, 2, 1, 0, 255, 0, 255])));
    expect(one.getPixel(2, 2)).toEqual(GREEN);
    expect(one.getPixel(1, 2)).toEqual(BLACK);
    expect(one.getPixel(3, 3)).toEqual(BLACK);
    const three = new EffectCanvas(5, 5);
    three.apply(batch(op(DrawOp.POINT, [2, 2, 3, 0, 255, 0, 255])));
    expect([three.getPixel(1, 1), three.getPixel(3, 3), three.getPixel(2, 2)]).toEqual([
      GREEN,
      GREEN,
      GREEN,
    ]);
    expect([three.getPixel(0, 0), three.getPixel(4, 4)]).toEqual([BLACK, BLACK]);
  });

  it('outlines a rectangle w + 1 by h + 1 pixels, like QPainter::drawRect', () => {
    const canvas = new EffectCanvas(6, 5);
    canvas.apply(batch(op(DrawOp.RECT, [1, 1, 3, 2, 1, 255, 0, 0, 255])));
    expect(reds(canvas, 1, 0, 5)).toEqual([0, 255, 255, 255, 255, 0]);
    expect(reds(canvas, 2, 0, 5)).toEqual([0, 255, 0, 0, 255, 0]);
    expect(reds(canvas, 3, 0, 5)).toEqual([0, 255, 255, 255, 255, 0]);
    expect(reds(canvas, 4, 0, 5)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('fills a polygon with its outline, reading points as unsigned bytes', () => {
    const canvas = new EffectCanvas(140, 8);
    canvas.apply(
      batch(
        op(DrawOp.POLYGON, [0, 0, 255, 255], [1, 1, 5, 1, 5, 5, 1, 5]),
        op(DrawOp.POLYGON, [255, 0, 0, 255], [128, 0, 136, 0, 136, 4, 128, 4]),
      ),
    );
    for (const [x, y] of [
      [1, 1],
      [3, 3],
      [5, 5],
      [5, 1],
    ] as const) {
      expect(canvas.getPixel(x, y)).toEqual(BLUE);
    }
    expect(canvas.getPixel(0, 0)).toEqual(BLACK);
    expect(canvas.getPixel(6, 6)).toEqual(BLACK);
    expect(canvas.getPixel(132, 2)).toEqual(RED);
  });

  it('fills a pie sector counter-clockwise from 3 o’clock; a negative span turns clockwise', () => {
    const pie = (start: number, span: number) =>
      batch(op(DrawOp.PIE, [8, 8, 6, start, span, 0, 255, 0, 255]));
    const quadrant = new EffectCanvas(16, 16);
    quadrant.apply(pie(0, 90));
    expect(quadrant.getPixel(11, 5)).toEqual(GREEN);
    expect([quadrant.getPixel(5, 5), quadrant.getPixel(11, 11), quadrant.getPixel(5, 11)]).toEqual([
      BLACK,
      BLACK,
      BLACK,
    ]);
    const clockwise = new EffectCanvas(16, 16);
    clockwise.apply(pie(0, -90));
    expect(clockwise.getPixel(11, 11)).toEqual(GREEN);
    expect(clockwise.getPixel(11, 5)).toEqual(BLACK);
    const left = new EffectCanvas(16, 16);
    left.apply(pie(90, 180));
    expect(left.getPixel(4, 6)).toEqual(GREEN);
    expect(left.getPixel(4, 10)).toEqual(GREEN);
    expect(left.getPixel(12, 6)).toEqual(BLACK);
  });

  it('fills a pie with a conical-gradient brush that starts at the pie’s start angle', () => {
    const half = new EffectCanvas(21, 21);
    half.apply(batch(op(DrawOp.PIE_GRADIENT, [10.5, 10.5, 10, 0, 180], RED_TO_BLUE)));
    // Up is 90° of 360 → t = 0.25; the lower half is outside the pie.
    const up = half.getPixel(10, 3);
    expectNear([up[0], up[2]], [191, 64], 2);
    expect(half.getPixel(10, 17)).toEqual(BLACK);
    const full = new EffectCanvas(21, 21);
    full.apply(batch(op(DrawOp.PIE_GRADIENT, [10.5, 10.5, 10, 90, 360], RED_TO_BLUE)));
    // From 90°: left (180°) is t = 0.25, down (270°) t = 0.5, right (0°) t = 0.75.
    const at = (x: number, y: number) => {
      const [r, , b] = full.getPixel(x, y);
      return [r, b];
    };
    expectNear(at(3, 10), [191, 64], 2);
    expectNear(at(10, 17), [128, 128], 2);
    expectNear(at(17, 10), [64, 191], 2);
  });

  it('sets a pixel on the device grid, ignoring the transform and the outside', () => {
    const canvas = new EffectCanvas(4, 4);
    canvas.apply(
      batch(
        op(DrawOp.OFFSET, [2, 2]),
        op(DrawOp.SET_PIXEL, [0, 0, 1, 2, 3]),
        op(DrawOp.SET_PIXEL, [9, 9, 255, 255, 255]),
        op(DrawOp.SET_PIXEL, [1, 0, 300, -5, 128]),
      ),
    );
    expect(canvas.getPixel(0, 0)).toEqual([1, 2, 3]);
    expect(canvas.getPixel(2, 2)).toEqual(BLACK);
    expect(canvas.getPixel(1, 0)).toEqual([255, 0, 128]);
  });

  it('keeps set pixels in order with the drawing around them, within and across batches', () => {
    const canvas = new EffectCanvas(4, 2);
    const shown = canvas.apply(
      batch(
        op(DrawOp.SET_PIXEL, [0, 0, 10, 20, 30]),
        op(DrawOp.SET_PIXEL, [1, 0, 40, 50, 60]),
        // A fill after the run covers a set pixel; a pixel set after the fill covers it in turn.
        fill(1, 0, 3, 1, GREEN),
        op(DrawOp.SET_PIXEL, [3, 0, 1, 1, 1]),
        op(DrawOp.SHOW, [-1]),
        op(DrawOp.SAVE, []),
        op(DrawOp.SET_PIXEL, [0, 1, 7, 8, 9]),
      ),
    );
    expect(shown).toHaveLength(1);
    expect(Array.from(shown[0]?.data.subarray(0, 12) ?? [])).toEqual([
      10,
      20,
      30,
      ...GREEN,
      ...GREEN,
      1,
      1,
      1,
    ]);
    // The run that ends the batch is in the canvas once apply() returns.
    expect(canvas.getPixel(0, 1)).toEqual([7, 8, 9]);
    canvas.apply(batch(op(DrawOp.SET_PIXEL, [2, 1, 4, 5, 6]), fill(0, 1, 1, 1, RED, 128)));
    expect(canvas.getPixel(2, 1)).toEqual([4, 5, 6]);
    expectNear(canvas.getPixel(0, 1), [132, 4, 4], 2);
    // The picture saved before the last pixels does not have them.
    const saved = canvas.apply(op(DrawOp.SHOW, [0]))[0];
    expect(Array.from(saved?.data.subarray(12, 15) ?? [])).toEqual(BLACK);
  });

  it('replays a whole 128×64 picture set pixel by pixel', () => {
    // A script that computes every pixel itself (a juggler or fire effect) sends 8192 SET_PIXEL
    // a frame; one canvas fill per pixel took ≈36 ms of the server's event loop.
    const ops: Uint8Array[] = [];
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) ops.push(op(DrawOp.SET_PIXEL, [x, y, 2 * x, 4 * y, 7]));
    }
    ops.push(op(DrawOp.SHOW, [-1]));
    const frame = batch(...ops);
    const canvas = new EffectCanvas(128, 64);
    for (let i = 0; i < 5; i++) canvas.apply(frame);
    let shown: RgbImage[] = [];
    for (let i = 0; i < 20; i++) shown = canvas.apply(frame);
    const at = (x: number, y: number) =>
      Array.from(shown[0]?.data.subarray((y * 128 + x) * 3, (y * 128 + x) * 3 + 3) ?? []);
    expect([at(0, 0), at(127, 63), at(50, 10)]).toEqual([
      [0, 0, 7],
      [254, 252, 7],
      [100, 40, 7],
    ]);
  });

  describe('transforms', () => {
    it('offset moves later fills and reset brings them back', () => {
      const canvas = new EffectCanvas(4, 3);
      canvas.apply(batch(op(DrawOp.OFFSET, [2, 1]), fill(0, 0, 1, 1, RED)));
      expect(canvas.getPixel(2, 1)).toEqual(RED);
      expect(canvas.getPixel(0, 0)).toEqual(BLACK);
      // The transform persists into the next batch until it is reset.
      canvas.apply(
        batch(fill(1, 1, 1, 1, GREEN), op(DrawOp.RESET_TRANSFORM, []), fill(0, 0, 1, 1, BLUE)),
      );
      expect(canvas.getPixel(3, 2)).toEqual(GREEN);
      expect(canvas.getPixel(0, 0)).toEqual(BLUE);
    });

    it('rotates clockwise in degrees and composes in the painter’s local coordinates', () => {
      const rotated = new EffectCanvas(4, 4);
      // Rotating by 90° maps (x, y) to (−y, x): the rectangle at (1, −3) lands on pixel (2, 1).
      rotated.apply(batch(op(DrawOp.ROTATE, [90]), fill(1, -3, 1, 1, RED)));
      expect(rotated.getPixel(2, 1)).toEqual(RED);
      const composed = new EffectCanvas(6, 6);
      // Offset, then rotate: the unit square turns to (−1..0, 0..1), then moves 4 right.
      composed.apply(
        batch(op(DrawOp.OFFSET, [4, 0]), op(DrawOp.ROTATE, [90]), fill(0, 0, 1, 1, RED)),
      );
      expect(composed.getPixel(3, 0)).toEqual(RED);
    });

    it('shears horizontally by sh · y', () => {
      const canvas = new EffectCanvas(16, 10);
      canvas.apply(batch(op(DrawOp.SHEAR, [1, 0]), fill(0, 4, 4, 4, RED)));
      // (x, y) → (x + y, y): at y 5..6 the band spans x 5..10.
      expect(canvas.getPixel(7, 5)).toEqual(RED);
      expect(canvas.getPixel(2, 5)).toEqual(BLACK);
      expect(canvas.getPixel(12, 5)).toEqual(BLACK);
    });
  });

  it('saves copies on a stack, shows them by id, and clears the stack', () => {
    const canvas = new EffectCanvas(2, 1);
    const shown = canvas.apply(
      batch(
        fill(0, 0, 2, 1, RED),
        op(DrawOp.SAVE, []),
        fill(0, 0, 2, 1, BLUE),
        op(DrawOp.SHOW, [0]),
        op(DrawOp.SHOW, [-1]),
      ),
    );
    expect(shown).toHaveLength(2);
    // The size and RGB data (a picture also carries its RGBA read-back).
    const rgb = (p: RgbImage | undefined) =>
      p && { width: p.width, height: p.height, data: p.data };
    expect(rgb(shown[0])).toEqual({ width: 2, height: 1, data: new Uint8Array([...RED, ...RED]) });
    expect(rgb(shown[1])).toEqual({
      width: 2,
      height: 1,
      data: new Uint8Array([...BLUE, ...BLUE]),
    });
    // Each picture is a copy: changing one leaves the stack alone.
    shown[0]?.data.fill(7);
    expect(canvas.apply(batch(op(DrawOp.SHOW, [0])))[0]?.data).toEqual(
      new Uint8Array([...RED, ...RED]),
    );
    expect(() => canvas.apply(batch(op(DrawOp.STACK_CLEAR, []), op(DrawOp.SHOW, [0])))).toThrow(
      /no saved picture 0 \(the stack holds 0\)/,
    );
  });

  it('enlarges with MIN_SIZE, scaling the picture and starting a fresh transform', () => {
    const canvas = new EffectCanvas(4, 2);
    const shown = canvas.apply(
      batch(
        op(DrawOp.SAVE, []),
        fill(0, 0, 2, 2, RED),
        fill(2, 0, 2, 2, BLUE),
        op(DrawOp.OFFSET, [1, 0]),
        op(DrawOp.MIN_SIZE, [8, 4]),
        op(DrawOp.SHOW, [-1]),
        fill(0, 3, 1, 1, GREEN),
        op(DrawOp.SHOW, [0]),
      ),
    );
    expect([canvas.width, canvas.height]).toEqual([8, 4]);
    expect(shown[0]?.width).toBe(8);
    expect(shown[0]?.data).toHaveLength(8 * 4 * 3);
    expect([canvas.getPixel(0, 0), canvas.getPixel(1, 1), canvas.getPixel(2, 2)]).toEqual([
      RED,
      RED,
      RED,
    ]);
    expect([canvas.getPixel(5, 1), canvas.getPixel(7, 3)]).toEqual([BLUE, BLUE]);
    expect(canvas.getPixel(0, 3)).toEqual(GREEN);
    // The picture saved before keeps its size.
    expect(shown[1]).toMatchObject({ width: 4, height: 2 });
    // The same size again changes nothing.
    canvas.apply(batch(op(DrawOp.MIN_SIZE, [8, 4])));
    expect(canvas.getPixel(0, 3)).toEqual(GREEN);
  });

  describe('malformed batches', () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['an unknown operation', op(99, []), /unknown operation 99 at byte 0/],
      [
        'a wrong number count',
        op(DrawOp.LINE, [0, 0, 1, 1, 1, 255, 0]),
        /LINE with 7 numbers \(it takes 9\)/,
      ],
      [
        'a truncated operation',
        op(DrawOp.SOLID_FILL, [0, 0, 1, 1, 0, 0, 0, 255]).subarray(0, 20),
        /truncated SOLID_FILL/,
      ],
      [
        'stops that are not 5 bytes',
        op(DrawOp.CONICAL_GRADIENT, [0, 0, 1, 1, 0, 0, 0], [1, 2, 3]),
        /CONICAL_GRADIENT with 3 bytes/,
      ],
      [
        'bytes past the end',
        op(DrawOp.SAVE, [], [1, 2]).subarray(0, 7),
        /SAVE with 2 bytes past the end/,
      ],
      ['bytes where none belong', op(DrawOp.SAVE, [], [1]), /SAVE with 1 bytes \(it takes none\)/],
      [
        'a number that is not finite',
        op(DrawOp.ROTATE, [Number.NaN]),
        /ROTATE with number 0 = NaN/,
      ],
      ['a half header', new Uint8Array([DrawOp.SHOW]), /truncated operation header/],
      ['a canvas size of nothing', op(DrawOp.MIN_SIZE, [0, 4]), /MIN_SIZE 0×4/],
    ];
    for (const [name, bytes, message] of cases) {
      it(`rejects ${name} with one line`, () => {
        const canvas = new EffectCanvas(2, 2);
        expect(() => canvas.apply(bytes)).toThrow(message);
        expect(() => canvas.apply(bytes)).toThrow(/^[^\n]+$/);
      });
    }

    it('names the byte where the bad operation starts', () => {
      const canvas = new EffectCanvas(2, 2);
      const good = op(DrawOp.RESET_TRANSFORM, []);
      expect(() => canvas.apply(batch(good, op(42, [])))).toThrow(`at byte ${good.length}`);
    });

    it('refuses a canvas larger than the limit', () => {
      expect(() => new EffectCanvas(2, 2).apply(op(DrawOp.MIN_SIZE, [100_000, 2]))).toThrow(
        /imageMinSize\(100000, 2\) asks for more than the largest effect canvas/,
      );
    });
  });

  it("replays what the real hyperion module records for a script's drawing calls", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glowkit-canvas-'));
    try {
      const script = join(dir, 'draw.py');
      await writeFile(
        script,
        [
          'import hyperion',
          'hyperion.imageSolidFill(0, 0, 4, 4, 255, 0, 0)',
          'hyperion.imageDrawPolygon(bytearray([8, 0, 12, 0, 12, 3, 8, 3]), 0, 0, 255)',
          'hyperion.imageSetPixel(15, 7, 1, 2, 3)',
          'hyperion.imageCOffset(0, 4)',
          'hyperion.imageSolidFill(0, 0, 2, 2, 0, 255, 0)',
          'hyperion.imageShow()',
          'assert hyperion.imageMinSize(32, 10) == (32, 16)',
          'hyperion.imageShow()',
        ].join('\n'),
      );
      const canvas = new EffectCanvas(16, 8);
      const shown = await runPython(script, 16, 8, canvas);
      expect(shown.map((p) => [p.width, p.height])).toEqual([
        [16, 8],
        [32, 16],
      ]);
      const first = shown[0];
      const at = (x: number, y: number) =>
        Array.from(first?.data.subarray((y * 16 + x) * 3, (y * 16 + x) * 3 + 3) ?? []);
      expect([at(1, 1), at(10, 1), at(15, 7), at(0, 4), at(5, 5)]).toEqual([
        RED,
        BLUE,
        [1, 2, 3],
        GREEN,
        BLACK,
      ]);
      expect(canvas.getPixel(2, 2)).toEqual(RED);
      expect(canvas.getPixel(22, 2)).toEqual(BLUE);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const RUNNER = join(dirname(fileURLToPath(import.meta.url)), '../../python/glowkit_effect.py');

/** Runs a script under the real runner and replays its DRAW messages; returns what SHOW gave. */
function runPython(
  script: string,
  width: number,
  height: number,
  canvas: EffectCanvas,
): Promise<RgbImage[]> {
  return new Promise((resolvePictures, reject) => {
    const child = spawn('python3', ['-I', '-S', '-u', '-B', RUNNER], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    const shown: RgbImage[] = [];
    let pending = Buffer.alloc(0);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const length = pending.readUInt32LE(1);
        if (pending.length < 5 + length) break;
        if (pending[0] === 0x03) shown.push(...canvas.apply(pending.subarray(5, 5 + length)));
        pending = pending.subarray(5 + length);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePictures(shown);
      else reject(new Error(`the effect ended with ${code}: ${stderr}`));
    });
    const init = Buffer.from(
      JSON.stringify({
        name: 'draw',
        script,
        ledCount: 1,
        latchTime: 0,
        args: {},
        width,
        height,
        durationMs: -1,
        imageData: null,
        resourceDirs: [],
      }),
    );
    const header = Buffer.alloc(5);
    header[0] = 0x81;
    header.writeUInt32LE(init.length, 1);
    (child.stdin as Writable).write(Buffer.concat([header, init]));
  });
}
