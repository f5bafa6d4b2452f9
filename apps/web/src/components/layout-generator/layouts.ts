/**
 * The LED layouts the setup page generates: Hyperion's `leds` array (one rectangle of the picture
 * per LED, in the order the LEDs sit on the strip) for a classic frame around a screen and for a
 * matrix. Pure functions, no DOM: the page and its tests share them.
 */

import type { LedArea } from '../led-picture/led-geometry.js';

export type { LedArea };

/** A corner of the screen or matrix, where the strip starts. */
export type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';

/** Every corner, in clockwise order from the top left. */
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/** Which way the strip runs around the frame, as seen from the front of the screen. */
export type Direction = 'clockwise' | 'counterclockwise';

/**
 * A classic frame: LEDs along the four edges of a screen.
 *
 * The frame has `top + right + bottom + left` places. Counting starts at `start` and runs in
 * `direction`; `offset` moves the first place that many places on (the places skipped come last,
 * so a strip that starts in the middle of an edge is described too). Of those places the first
 * `gapStart` and the last `gapEnd` stay without an LED (a TV stand, a strip that does not go all
 * the way round).
 */
export interface ClassicFrame {
  /** Places along the top edge, left to right. */
  top: number;
  /** Places along the right edge, top to bottom. */
  right: number;
  /** Places along the bottom edge. */
  bottom: number;
  /** Places along the left edge. */
  left: number;
  /** Where the strip's first place is. */
  start: Corner;
  /** Which way the strip runs. */
  direction: Direction;
  /** How many places past the corner the strip starts (0 = at the corner). */
  offset: number;
  /** Places without an LED at the start of the strip. */
  gapStart: number;
  /** Places without an LED at the end of the strip. */
  gapEnd: number;
  /** Places without an LED in the middle of the strip (Hyperion.ng's `glength`), … */
  gapLength: number;
  /** … from this place of the strip on, counted from 0 (Hyperion.ng's `gpos`). */
  gapPosition: number;
  /** How far the top and bottom areas reach into the picture, percent of its height (1..100). */
  horizontalDepth: number;
  /** How far the left and right areas reach into the picture, percent of its width (1..100). */
  verticalDepth: number;
  /**
   * The corners of the frame (keystone, for a screen seen at an angle), percent of the picture's
   * width (`…h`) and height (`…v`), as Hyperion.ng's classic layout names them: `ptl` top left,
   * `ptr` top right, `pbl` bottom left, `pbr` bottom right. Each edge runs between its two corners.
   */
  ptlh: number;
  ptlv: number;
  ptrh: number;
  ptrv: number;
  pblh: number;
  pblv: number;
  pbrh: number;
  pbrv: number;
  /** How far each area reaches into its neighbours along the edge, percent of its length. */
  overlap: number;
  /** Whether the top edge's LEDs run the other way (a piece of strip put in backwards). */
  flipTop: boolean;
  /** Whether the right edge's LEDs run the other way. */
  flipRight: boolean;
  /** Whether the bottom edge's LEDs run the other way. */
  flipBottom: boolean;
  /** Whether the left edge's LEDs run the other way. */
  flipLeft: boolean;
}

/** The keystone corners' inputs, in the order top left, top right, bottom right, bottom left. */
export const CORNER_KEYS = [
  ['ptlh', 'ptlv'],
  ['ptrh', 'ptrv'],
  ['pbrh', 'pbrv'],
  ['pblh', 'pblv'],
] as const;

/** The corners' inputs where they start: the picture's own corners. */
export const PLAIN_CORNERS = {
  ptlh: 0,
  ptlv: 0,
  ptrh: 100,
  ptrv: 0,
  pblh: 0,
  pblv: 100,
  pbrh: 100,
  pbrv: 100,
} as const;

/** Whether a matrix is wired row by row or column by column. */
export type MatrixOrder = 'rows' | 'columns';

/** A matrix of LEDs covering the whole picture. */
export interface Matrix {
  /** LEDs per row. */
  width: number;
  /** LEDs per column. */
  height: number;
  /** The corner of the first LED. */
  start: Corner;
  /** Whether the strip runs along rows or along columns. */
  order: MatrixOrder;
  /**
   * Whether every other row (column) runs back the other way, as a strip folded at the end of
   * each row does; else every row runs the same way (the strip goes back at each row's end).
   */
  serpentine: boolean;
}

/** What the generator makes: a classic frame, or a matrix. */
export type LayoutSpec = ({ kind: 'classic' } & ClassicFrame) | ({ kind: 'matrix' } & Matrix);

/** The most LEDs a layout may have: what a device's `hardwareLedCount` allows. */
export const MAX_LEDS = 65536;

/** A frame's defaults: 16:9 proportions, starting bottom left, clockwise. */
export const DEFAULT_CLASSIC: ClassicFrame = {
  top: 16,
  right: 9,
  bottom: 16,
  left: 9,
  start: 'bottom-left',
  direction: 'clockwise',
  offset: 0,
  gapStart: 0,
  gapEnd: 0,
  gapLength: 0,
  gapPosition: 0,
  horizontalDepth: 8,
  verticalDepth: 5,
  ...PLAIN_CORNERS,
  overlap: 0,
  flipTop: false,
  flipRight: false,
  flipBottom: false,
  flipLeft: false,
};

/** A matrix's defaults: 16 × 16, starting top left, along rows, serpentine. */
export const DEFAULT_MATRIX: Matrix = {
  width: 16,
  height: 16,
  start: 'top-left',
  order: 'rows',
  serpentine: true,
};

/** A problem with a layout's inputs, naming the input (the key of {@link ClassicFrame} or {@link Matrix}). */
export interface LayoutProblem {
  field: string;
  /** One of: `integer`, `too-many`, `gaps`, `offset`, `empty`, `depth`, `percent`. */
  kind: 'integer' | 'too-many' | 'gaps' | 'offset' | 'empty' | 'depth' | 'percent';
}

/**
 * Rounds to four decimals, as Hyperion.ng's own generator does: the layout stays readable in a
 * backup, and a quarter of a ten-thousandth of the picture is far below one pixel.
 */
function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

function area(hmin: number, hmax: number, vmin: number, vmax: number): LedArea {
  return { hmin: round(hmin), hmax: round(hmax), vmin: round(vmin), vmax: round(vmax) };
}

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** The problems of a frame's inputs; empty when {@link classicLayout} can make it. */
export function classicProblems(frame: ClassicFrame): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  for (const field of [
    'top',
    'right',
    'bottom',
    'left',
    'offset',
    'gapStart',
    'gapEnd',
    'gapLength',
    'gapPosition',
    'overlap',
  ] as const) {
    if (!isCount(frame[field])) problems.push({ field, kind: 'integer' });
  }
  for (const field of ['horizontalDepth', 'verticalDepth'] as const) {
    const depth = frame[field];
    if (!Number.isInteger(depth) || depth < 1 || depth > 100)
      problems.push({ field, kind: 'depth' });
  }
  for (const field of CORNER_KEYS.flat()) {
    const value = frame[field];
    if (!Number.isFinite(value) || value < 0 || value > 100)
      problems.push({ field, kind: 'percent' });
  }
  if (problems.length > 0) return problems;
  const places = frame.top + frame.right + frame.bottom + frame.left;
  if (places > MAX_LEDS) problems.push({ field: 'top', kind: 'too-many' });
  else if (places === 0) problems.push({ field: 'top', kind: 'empty' });
  else if (frame.offset >= places) problems.push({ field: 'offset', kind: 'offset' });
  else if (frame.gapLength > 0 && frame.gapPosition + frame.gapLength > places)
    problems.push({ field: 'gapPosition', kind: 'gaps' });
  else if (places - gapPlaces(frame, places).size <= 0)
    problems.push({ field: 'gapStart', kind: 'gaps' });
  return problems;
}

type Point = { x: number; y: number };

/** The frame's corner `i` (0 top left, clockwise) as fractions of the picture. */
function cornerPoint(frame: ClassicFrame, i: number): Point {
  const [h, v] = CORNER_KEYS[i] as (typeof CORNER_KEYS)[number];
  return { x: frame[h] / 100, y: frame[v] / 100 };
}

const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

const unit = (n: number): number => Math.min(1, Math.max(0, n));

/**
 * The places of one edge, from corner `from` to corner `to`: each a piece of the line between
 * them, reaching `depth` into the picture on the side `inward` says (+1: right or down), widened
 * along the edge by the overlap.
 */
function edgePlaces(
  count: number,
  from: Point,
  to: Point,
  horizontal: boolean,
  depth: number,
  inward: 1 | -1,
  overlap: number,
): LedArea[] {
  const places: LedArea[] = [];
  for (let i = 0; i < count; i++) {
    const a = lerp(from, to, i / count);
    const b = lerp(from, to, (i + 1) / count);
    // Along the edge: the piece, widened by the overlap on both sides.
    const [alongA, alongB] = horizontal ? [a.x, b.x] : [a.y, b.y];
    const grow = (Math.abs(alongB - alongA) * overlap) / 100;
    const alongMin = unit(Math.min(alongA, alongB) - grow);
    const alongMax = unit(Math.max(alongA, alongB) + grow);
    // Across: from the edge line (its outer end where it slants) into the picture.
    const [acrossA, acrossB] = horizontal ? [a.y, b.y] : [a.x, b.x];
    const outer = inward > 0 ? Math.min(acrossA, acrossB) : Math.max(acrossA, acrossB);
    const inner = outer + inward * depth;
    const acrossMin = unit(Math.min(outer, inner));
    const acrossMax = unit(Math.max(outer, inner));
    places.push(
      horizontal
        ? area(alongMin, alongMax, acrossMin, acrossMax)
        : area(acrossMin, acrossMax, alongMin, alongMax),
    );
  }
  return places;
}

/**
 * Every place of the frame clockwise from the top left corner: the top edge left to right, the
 * right edge top to bottom, the bottom edge right to left, the left edge bottom to top (a flipped
 * edge the other way).
 */
function clockwisePlaces(frame: ClassicFrame): LedArea[] {
  const h = frame.horizontalDepth / 100;
  const v = frame.verticalDepth / 100;
  const [tl, tr, br, bl] = [0, 1, 2, 3].map((i) => cornerPoint(frame, i)) as [
    Point,
    Point,
    Point,
    Point,
  ];
  const o = frame.overlap;
  const edge = (places: LedArea[], flip: boolean) => (flip ? places.reverse() : places);
  return [
    ...edge(edgePlaces(frame.top, tl, tr, true, h, 1, o), frame.flipTop),
    ...edge(edgePlaces(frame.right, tr, br, false, v, -1, o), frame.flipRight),
    ...edge(edgePlaces(frame.bottom, br, bl, true, h, -1, o), frame.flipBottom),
    ...edge(edgePlaces(frame.left, bl, tl, false, v, 1, o), frame.flipLeft),
  ];
}

/** Where each corner is in {@link clockwisePlaces}: the index of the first place after it. */
function cornerIndex(frame: ClassicFrame, corner: Corner): number {
  switch (corner) {
    case 'top-left':
      return 0;
    case 'top-right':
      return frame.top;
    case 'bottom-right':
      return frame.top + frame.right;
    case 'bottom-left':
      return frame.top + frame.right + frame.bottom;
  }
}

/**
 * The `leds` array of a classic frame, in strip order.
 *
 * @throws RangeError when the inputs have {@link classicProblems}.
 */
export function classicLayout(frame: ClassicFrame): LedArea[] {
  const problems = classicProblems(frame);
  if (problems.length > 0) {
    throw new RangeError(
      `classicLayout: ${problems.map((p) => `${p.field} ${p.kind}`).join(', ')}`,
    );
  }
  const places = clockwisePlaces(frame);
  const count = places.length;
  const corner = cornerIndex(frame, frame.start);
  const ordered: LedArea[] = [];
  for (let step = 0; step < count; step++) {
    const k = step + frame.offset;
    // Counter-clockwise from a corner starts with the place just before it in clockwise order.
    const index =
      frame.direction === 'clockwise'
        ? (corner + k) % count
        : (((corner - 1 - k) % count) + count) % count;
    ordered.push(places[index] as LedArea);
  }
  const gaps = gapPlaces(frame, count);
  return ordered.filter((_, i) => !gaps.has(i));
}

/** The places of the strip (in strip order) without an LED: at its start, its end, and the middle gap. */
function gapPlaces(frame: ClassicFrame, places: number): Set<number> {
  const gaps = new Set<number>();
  const leave = (from: number, to: number) => {
    for (let i = Math.max(0, from); i < Math.min(places, to); i++) gaps.add(i);
  };
  leave(0, frame.gapStart);
  leave(places - frame.gapEnd, places);
  leave(frame.gapPosition, frame.gapPosition + frame.gapLength);
  return gaps;
}

/** How many LEDs a frame has (0 when its inputs have problems). */
export function classicCount(frame: ClassicFrame): number {
  if (classicProblems(frame).length > 0) return 0;
  const places = frame.top + frame.right + frame.bottom + frame.left;
  return places - gapPlaces(frame, places).size;
}

/** The problems of a matrix's inputs; empty when {@link matrixLayout} can make it. */
export function matrixProblems(matrix: Matrix): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  for (const field of ['width', 'height'] as const) {
    const n = matrix[field];
    if (!Number.isInteger(n) || n < 1) problems.push({ field, kind: 'integer' });
  }
  if (problems.length === 0 && matrix.width * matrix.height > MAX_LEDS) {
    problems.push({ field: 'width', kind: 'too-many' });
  }
  return problems;
}

/**
 * The `leds` array of a matrix, in strip order: from the start corner along its row (or column),
 * then the next row towards the opposite corner, every other row reversed when serpentine.
 *
 * @throws RangeError when the inputs have {@link matrixProblems}.
 */
export function matrixLayout(matrix: Matrix): LedArea[] {
  const problems = matrixProblems(matrix);
  if (problems.length > 0) {
    throw new RangeError(`matrixLayout: ${problems.map((p) => `${p.field} ${p.kind}`).join(', ')}`);
  }
  const { width, height, start, order, serpentine } = matrix;
  const fromRight = start.endsWith('right');
  const fromBottom = start.startsWith('bottom');
  const cell = (x: number, y: number) =>
    area(x / width, (x + 1) / width, y / height, (y + 1) / height);
  const leds: LedArea[] = [];
  const lines = order === 'rows' ? height : width;
  const along = order === 'rows' ? width : height;
  for (let line = 0; line < lines; line++) {
    // Every other line runs back when the strip is folded at the end of each line.
    const back = serpentine && line % 2 === 1;
    for (let step = 0; step < along; step++) {
      const s = back ? along - 1 - step : step;
      if (order === 'rows') {
        const x = fromRight ? width - 1 - s : s;
        const y = fromBottom ? height - 1 - line : line;
        leds.push(cell(x, y));
      } else {
        const x = fromRight ? width - 1 - line : line;
        const y = fromBottom ? height - 1 - s : s;
        leds.push(cell(x, y));
      }
    }
  }
  return leds;
}

/** The layout a spec describes, or the problems that keep it from being made. */
export function generateLayout(
  spec: LayoutSpec,
): { ok: true; leds: LedArea[] } | { ok: false; problems: LayoutProblem[] } {
  const problems = spec.kind === 'classic' ? classicProblems(spec) : matrixProblems(spec);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, leds: spec.kind === 'classic' ? classicLayout(spec) : matrixLayout(spec) };
}

/** Whether a value is a usable `leds` entry (the four numbers, in 0..1, min ≤ max). */
export function isLedArea(value: unknown): value is LedArea {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const inRange = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n <= 1;
  return (
    inRange(v.hmin) &&
    inRange(v.hmax) &&
    inRange(v.vmin) &&
    inRange(v.vmax) &&
    v.hmin <= v.hmax &&
    v.vmin <= v.vmax
  );
}
