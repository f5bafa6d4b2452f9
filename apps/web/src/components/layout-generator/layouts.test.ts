import { describe, expect, it } from 'vitest';
import {
  type ClassicFrame,
  classicCount,
  classicLayout,
  classicProblems,
  DEFAULT_CLASSIC,
  DEFAULT_MATRIX,
  generateLayout,
  isLedArea,
  type LedArea,
  type Matrix,
  matrixLayout,
  matrixProblems,
} from './layouts.js';

/** A small frame whose places are easy to name: 4 on top and bottom, 2 on the sides. */
const frame = (change: Partial<ClassicFrame> = {}): ClassicFrame => ({
  ...DEFAULT_CLASSIC,
  top: 4,
  right: 2,
  bottom: 4,
  left: 2,
  start: 'top-left',
  direction: 'clockwise',
  horizontalDepth: 10,
  verticalDepth: 20,
  ...change,
});

/** The centre of an LED's area, to say where it sits. */
const centre = (led: LedArea): [number, number] => [
  (led.hmin + led.hmax) / 2,
  (led.vmin + led.vmax) / 2,
];

/** Which edge an LED of a frame sits on. */
function edge(led: LedArea): 'top' | 'right' | 'bottom' | 'left' {
  if (led.vmin === 0 && led.vmax < 0.5) return 'top';
  if (led.vmax === 1 && led.vmin > 0.5) return 'bottom';
  if (led.hmin === 0) return 'left';
  return 'right';
}

describe('classicLayout', () => {
  it('goes clockwise from the top left: top left→right, right down, bottom right→left, left up', () => {
    const leds = classicLayout(frame());
    expect(leds).toHaveLength(12);
    expect(leds.map(edge)).toEqual([
      ...Array(4).fill('top'),
      ...Array(2).fill('right'),
      ...Array(4).fill('bottom'),
      ...Array(2).fill('left'),
    ]);
    expect(leds[0]).toEqual({ hmin: 0, hmax: 0.25, vmin: 0, vmax: 0.1 });
    expect(leds[3]).toEqual({ hmin: 0.75, hmax: 1, vmin: 0, vmax: 0.1 });
    expect(leds[4]).toEqual({ hmin: 0.8, hmax: 1, vmin: 0, vmax: 0.5 });
    expect(leds[5]).toEqual({ hmin: 0.8, hmax: 1, vmin: 0.5, vmax: 1 });
    expect(leds[6]).toEqual({ hmin: 0.75, hmax: 1, vmin: 0.9, vmax: 1 });
    expect(leds[9]).toEqual({ hmin: 0, hmax: 0.25, vmin: 0.9, vmax: 1 });
    expect(leds[10]).toEqual({ hmin: 0, hmax: 0.2, vmin: 0.5, vmax: 1 });
    expect(leds[11]).toEqual({ hmin: 0, hmax: 0.2, vmin: 0, vmax: 0.5 });
  });

  it('starts at each corner, clockwise', () => {
    const first = (start: ClassicFrame['start']) => classicLayout(frame({ start }))[0] as LedArea;
    expect(edge(first('top-left'))).toBe('top');
    expect(centre(first('top-left'))[0]).toBeLessThan(0.5);
    expect(edge(first('top-right'))).toBe('right');
    expect(centre(first('top-right'))[1]).toBeLessThan(0.5);
    expect(edge(first('bottom-right'))).toBe('bottom');
    expect(centre(first('bottom-right'))[0]).toBeGreaterThan(0.5);
    expect(edge(first('bottom-left'))).toBe('left');
    expect(centre(first('bottom-left'))[1]).toBeGreaterThan(0.5);
  });

  it('runs counter-clockwise: from the bottom left along the bottom to the right', () => {
    const leds = classicLayout(frame({ start: 'bottom-left', direction: 'counterclockwise' }));
    expect(leds.map(edge)).toEqual([
      ...Array(4).fill('bottom'),
      ...Array(2).fill('right'),
      ...Array(4).fill('top'),
      ...Array(2).fill('left'),
    ]);
    expect(leds[0]).toEqual({ hmin: 0, hmax: 0.25, vmin: 0.9, vmax: 1 });
    expect(leds[4]).toEqual({ hmin: 0.8, hmax: 1, vmin: 0.5, vmax: 1 }); // right edge, going up
    expect(leds[6]).toEqual({ hmin: 0.75, hmax: 1, vmin: 0, vmax: 0.1 }); // top edge, going left
    expect(leds[11]).toEqual({ hmin: 0, hmax: 0.2, vmin: 0.5, vmax: 1 }); // left edge, going down
  });

  it('counter-clockwise is clockwise backwards, for every corner', () => {
    for (const start of ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const) {
      const cw = classicLayout(frame({ start }));
      const ccw = classicLayout(frame({ start, direction: 'counterclockwise' }));
      // Both start at the same corner: ccw is cw reversed, rotated so the corner comes first.
      expect(ccw).toEqual([...cw].reverse());
    }
  });

  it('has one LED per place, each place once', () => {
    const leds = classicLayout(frame({ start: 'top-right', direction: 'counterclockwise' }));
    const keys = new Set(leds.map((l) => JSON.stringify(l)));
    expect(keys.size).toBe(12);
    expect(classicCount(frame())).toBe(12);
  });

  it('leaves the gap places without LEDs at the start and the end', () => {
    const all = classicLayout(frame());
    const gapped = classicLayout(frame({ gapStart: 2, gapEnd: 3 }));
    expect(gapped).toEqual(all.slice(2, 12 - 3));
    expect(classicCount(frame({ gapStart: 2, gapEnd: 3 }))).toBe(7);
  });

  it('leaves a gap in the middle of the strip (Hyperion.ng’s glength at gpos)', () => {
    const all = classicLayout(frame());
    const gapped = classicLayout(frame({ gapLength: 2, gapPosition: 5 }));
    expect(gapped).toEqual([...all.slice(0, 5), ...all.slice(7)]);
    expect(classicCount(frame({ gapLength: 2, gapPosition: 5 }))).toBe(10);
    // With the gaps at the ends: every place at most once left out.
    const both = frame({ gapStart: 2, gapLength: 3, gapPosition: 1 });
    expect(classicLayout(both)).toEqual(all.slice(4));
    expect(classicCount(both)).toBe(8);
  });

  it('starts in the middle of an edge with an offset, wrapping round to the start corner', () => {
    // A TV stand: start in the middle of the bottom, going clockwise (towards the left), with a gap
    // of one place on each side of the stand.
    const leds = classicLayout(frame({ start: 'bottom-right', offset: 2, gapStart: 1, gapEnd: 1 }));
    const all = classicLayout(frame({ start: 'bottom-right' }));
    expect(leds).toEqual([...all.slice(3), all[0]]);
    // The two middle places of the bottom (the stand) have no LED.
    expect(leds[0]).toEqual({ hmin: 0, hmax: 0.25, vmin: 0.9, vmax: 1 });
    expect(leds.at(-1)).toEqual({ hmin: 0.75, hmax: 1, vmin: 0.9, vmax: 1 });
    expect(leds.some((l) => l.vmin === 0.9 && l.hmin > 0 && l.hmax < 1)).toBe(false);
  });

  it('skips edges with no places', () => {
    const leds = classicLayout(frame({ right: 0, left: 0, bottom: 0 }));
    expect(leds.map(edge)).toEqual(['top', 'top', 'top', 'top']);
    const fromBottomLeft = classicLayout(frame({ left: 0, start: 'bottom-left' }));
    expect(edge(fromBottomLeft[0] as LedArea)).toBe('top');
  });

  it('keeps every area inside the picture, min below max', () => {
    const leds = classicLayout({ ...DEFAULT_CLASSIC, top: 37, right: 21, bottom: 37, left: 21 });
    expect(leds).toHaveLength(116);
    expect(leds.every(isLedArea)).toBe(true);
  });

  it('moves the corners (keystone): each edge runs between its two corners', () => {
    // The top right corner pulled in and down, as a TV seen from its left looks.
    const leds = classicLayout(frame({ ptrh: 80, ptrv: 10 }));
    const top = leds.slice(0, 4);
    expect(top[0]).toEqual({ hmin: 0, hmax: 0.2, vmin: 0, vmax: 0.1 });
    expect(top[3]).toEqual({ hmin: 0.6, hmax: 0.8, vmin: 0.075, vmax: 0.175 });
    // The right edge from (0.8, 0.1) down to the bottom right corner (1, 1).
    const right = leds.slice(4, 6);
    expect(right[0]).toEqual({ hmin: 0.7, hmax: 0.9, vmin: 0.1, vmax: 0.55 });
    expect(right[1]).toEqual({ hmin: 0.8, hmax: 1, vmin: 0.55, vmax: 1 });
    expect(leds.every(isLedArea)).toBe(true);
  });

  it('makes the same layout with the corners where they start', () => {
    const plain = classicLayout(frame());
    const cornered = classicLayout(
      frame({ ptlh: 0, ptlv: 0, ptrh: 100, ptrv: 0, pblh: 0, pblv: 100, pbrh: 100, pbrv: 100 }),
    );
    expect(cornered).toEqual(plain);
    expect(plain[0]).toEqual({ hmin: 0, hmax: 0.25, vmin: 0, vmax: 0.1 });
  });

  it('lets the areas overlap their neighbours along the edge', () => {
    const leds = classicLayout(frame({ overlap: 50 }));
    // A quarter of the width each, half of that again on each side, cut at the picture's edge.
    expect(leds[0]).toEqual({ hmin: 0, hmax: 0.375, vmin: 0, vmax: 0.1 });
    expect(leds[1]).toEqual({ hmin: 0.125, hmax: 0.625, vmin: 0, vmax: 0.1 });
  });

  it('flips one edge: its LEDs run the other way, the others stay', () => {
    const plain = classicLayout(frame());
    const flipped = classicLayout(frame({ flipTop: true }));
    expect(flipped.slice(0, 4)).toEqual(plain.slice(0, 4).reverse());
    expect(flipped.slice(4)).toEqual(plain.slice(4));
  });

  it('reports what keeps a frame from being made', () => {
    expect(classicProblems(frame({ top: -1 }))).toEqual([{ field: 'top', kind: 'integer' }]);
    expect(classicProblems(frame({ top: 1.5 }))).toEqual([{ field: 'top', kind: 'integer' }]);
    expect(classicProblems(frame({ horizontalDepth: 0 }))).toEqual([
      { field: 'horizontalDepth', kind: 'depth' },
    ]);
    expect(classicProblems(frame({ top: 0, right: 0, bottom: 0, left: 0 }))).toEqual([
      { field: 'top', kind: 'empty' },
    ]);
    expect(classicProblems(frame({ gapStart: 6, gapEnd: 6 }))).toEqual([
      { field: 'gapStart', kind: 'gaps' },
    ]);
    expect(classicProblems(frame({ offset: 12 }))).toEqual([{ field: 'offset', kind: 'offset' }]);
    expect(classicProblems(frame({ top: 70000 }))).toEqual([{ field: 'top', kind: 'too-many' }]);
    expect(classicProblems(frame({ gapLength: 3, gapPosition: 10 }))).toEqual([
      { field: 'gapPosition', kind: 'gaps' },
    ]);
    expect(classicProblems(frame({ gapStart: 6, gapLength: 6, gapPosition: 6 }))).toEqual([
      { field: 'gapStart', kind: 'gaps' },
    ]);
    expect(classicProblems(frame({ ptrh: 101 }))).toEqual([{ field: 'ptrh', kind: 'percent' }]);
    expect(classicProblems(frame({ overlap: -1 }))).toEqual([
      { field: 'overlap', kind: 'integer' },
    ]);
    expect(() => classicLayout(frame({ top: -1 }))).toThrow(RangeError);
    expect(classicCount(frame({ top: -1 }))).toBe(0);
  });
});

describe('matrixLayout', () => {
  const matrix = (change: Partial<Matrix> = {}): Matrix => ({
    ...DEFAULT_MATRIX,
    width: 3,
    height: 2,
    start: 'top-left',
    order: 'rows',
    serpentine: false,
    ...change,
  });
  /** Each LED's cell as [column, row]. */
  const cells = (leds: LedArea[], width: number, height: number) =>
    leds.map((l) => [Math.round(l.hmin * width), Math.round(l.vmin * height)]);

  it('goes row by row from the top left, every row the same way', () => {
    const leds = matrixLayout(matrix());
    expect(cells(leds, 3, 2)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(leds[0]).toEqual({ hmin: 0, hmax: 0.3333, vmin: 0, vmax: 0.5 });
    expect(leds[5]).toEqual({ hmin: 0.6667, hmax: 1, vmin: 0.5, vmax: 1 });
  });

  it('runs every other row back when serpentine', () => {
    expect(cells(matrixLayout(matrix({ serpentine: true })), 3, 2)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [0, 1],
    ]);
  });

  it('starts at each corner', () => {
    const first = (start: Matrix['start']) => cells(matrixLayout(matrix({ start })), 3, 2)[0];
    expect(first('top-left')).toEqual([0, 0]);
    expect(first('top-right')).toEqual([2, 0]);
    expect(first('bottom-right')).toEqual([2, 1]);
    expect(first('bottom-left')).toEqual([0, 1]);
    expect(cells(matrixLayout(matrix({ start: 'bottom-right', serpentine: true })), 3, 2)).toEqual([
      [2, 1],
      [1, 1],
      [0, 1],
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
  });

  it('goes column by column', () => {
    expect(cells(matrixLayout(matrix({ order: 'columns' })), 3, 2)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ]);
    expect(
      cells(matrixLayout(matrix({ order: 'columns', serpentine: true, start: 'top-right' })), 3, 2),
    ).toEqual([
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 0],
      [0, 0],
      [0, 1],
    ]);
  });

  it('covers every cell once', () => {
    const leds = matrixLayout({ ...DEFAULT_MATRIX, width: 7, height: 5 });
    expect(leds).toHaveLength(35);
    expect(new Set(leds.map((l) => JSON.stringify(l))).size).toBe(35);
    expect(leds.every(isLedArea)).toBe(true);
  });

  it('reports what keeps a matrix from being made', () => {
    expect(matrixProblems(matrix({ width: 0 }))).toEqual([{ field: 'width', kind: 'integer' }]);
    expect(matrixProblems(matrix({ width: 300, height: 300 }))).toEqual([
      { field: 'width', kind: 'too-many' },
    ]);
    expect(() => matrixLayout(matrix({ height: 1.5 }))).toThrow(RangeError);
  });
});

describe('generateLayout', () => {
  it('makes either kind, or says why not', () => {
    const classic = generateLayout({ kind: 'classic', ...DEFAULT_CLASSIC });
    expect(classic.ok && classic.leds.length).toBe(50);
    const matrix = generateLayout({ kind: 'matrix', ...DEFAULT_MATRIX });
    expect(matrix.ok && matrix.leds.length).toBe(256);
    expect(generateLayout({ kind: 'matrix', ...DEFAULT_MATRIX, height: -2 })).toEqual({
      ok: false,
      problems: [{ field: 'height', kind: 'integer' }],
    });
  });
});

describe('isLedArea', () => {
  it('accepts the four numbers in 0..1, min not above max', () => {
    expect(isLedArea({ hmin: 0, hmax: 1, vmin: 0.2, vmax: 0.3 })).toBe(true);
    expect(isLedArea({ hmin: 0.5, hmax: 0.4, vmin: 0, vmax: 1 })).toBe(false);
    expect(isLedArea({ hmin: 0, hmax: 1.2, vmin: 0, vmax: 1 })).toBe(false);
    expect(isLedArea({ hmin: 0, hmax: 1, vmin: 0 })).toBe(false);
    expect(isLedArea(null)).toBe(false);
  });
});
