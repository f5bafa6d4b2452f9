/**
 * Qt's gradients (QLinearGradient, QConicalGradient, QRadialGradient) expressed as canvas
 * gradients, so an effect's `image*Gradient` calls look as they do under Hyperion.ng's QPainter.
 *
 * Canvas gradients only pad beyond their ends, and a canvas conic gradient runs clockwise from
 * 12 o'clock where Qt's runs counter-clockwise from 3 o'clock; the functions below convert.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

/** What a canvas `fillStyle` accepts from these functions: a gradient or a CSS colour. */
export type GradientFill = ReturnType<SKRSContext2D['createLinearGradient']> | string;

/** One colour stop, position 0..1, channels 0..255 (alpha 255 is opaque). */
export interface GradientStop {
  readonly offset: number;
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** Qt's `QGradient::Spread`: what a gradient does beyond its ends. */
export const Spread = { pad: 0, reflect: 1, repeat: 2 } as const;

/** A rectangle in the painter's user space. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * More periods than this cannot be told apart on an LED canvas (a period is then well under a
 * pixel); capping them keeps a degenerate gradient from building a huge stop list.
 */
const MAX_PERIODS = 256;

/** The gradient Qt paints when a script gives no stops: black to white. */
const DEFAULT_STOPS: readonly GradientStop[] = [
  { offset: 0, r: 0, g: 0, b: 0, a: 255 },
  { offset: 1, r: 255, g: 255, b: 255, a: 255 },
];

/** A CSS colour for channels 0..255, as @napi-rs/canvas parses it back without loss. */
export function cssColor(r: number, g: number, b: number, a: number): string {
  return `rgba(${r},${g},${b},${a / 255})`;
}

/**
 * Reads the stop bytes of a DRAW operation: `stride` 5 is position, r, g, b, a; 4 is position,
 * r, g, b (opaque). Follows `QGradient::setColorAt`: stops are kept sorted by position, a second
 * stop at a position already taken replaces the first, and no stops at all means black → white.
 */
export function readStops(bytes: Uint8Array, stride: 4 | 5): GradientStop[] {
  const stops: GradientStop[] = [];
  for (let i = 0; i + stride <= bytes.length; i += stride) {
    const stop: GradientStop = {
      offset: (bytes[i] ?? 0) / 255,
      r: bytes[i + 1] ?? 0,
      g: bytes[i + 2] ?? 0,
      b: bytes[i + 3] ?? 0,
      a: stride === 5 ? (bytes[i + 4] ?? 255) : 255,
    };
    let at = 0;
    while (at < stops.length && (stops[at]?.offset ?? 0) < stop.offset) at++;
    if (stops[at]?.offset === stop.offset) stops[at] = stop;
    else stops.splice(at, 0, stop);
  }
  return stops.length > 0 ? stops : [...DEFAULT_STOPS];
}

/** The stop a padded gradient shows at `t` (0..1), interpolated as canvas does. */
export function stopAt(stops: readonly GradientStop[], t: number): GradientStop {
  const first = stops[0] ?? DEFAULT_STOPS[0];
  const last = stops[stops.length - 1] ?? DEFAULT_STOPS[1];
  if (first === undefined || last === undefined) return { offset: t, r: 0, g: 0, b: 0, a: 255 };
  if (t <= first.offset) return { ...first, offset: t };
  if (t >= last.offset) return { ...last, offset: t };
  for (let i = 1; i < stops.length; i++) {
    const hi = stops[i];
    const lo = stops[i - 1];
    if (hi === undefined || lo === undefined || t > hi.offset) continue;
    const f = (t - lo.offset) / (hi.offset - lo.offset);
    const mix = (p: number, q: number) => Math.round(p + (q - p) * f);
    return {
      offset: t,
      r: mix(lo.r, hi.r),
      g: mix(lo.g, hi.g),
      b: mix(lo.b, hi.b),
      a: mix(lo.a, hi.a),
    };
  }
  return { ...last, offset: t };
}

/** The CSS colour a padded gradient shows at `t` (0..1). */
export function colorAt(stops: readonly GradientStop[], t: number): string {
  const s = stopAt(stops, t);
  return cssColor(s.r, s.g, s.b, s.a);
}

/**
 * A linear gradient from (x1, y1) to (x2, y2) for filling `rect`. Reflect and repeat are built
 * by laying the stops out once per period over the span of the gradient axis that the
 * rectangle's corners reach. A gradient whose ends coincide paints its colour at 0, as Qt does.
 */
export function linearGradient(
  ctx: SKRSContext2D,
  rect: Rect,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stops: readonly GradientStop[],
  spread: number,
): GradientFill {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return colorAt(stops, 0);
  if (spread !== Spread.reflect && spread !== Spread.repeat) {
    const gradient = ctx.createLinearGradient(x1, y1, x2, y2);
    addStops(gradient, stops, 0, 1, false);
    return gradient;
  }
  let tMin = Number.POSITIVE_INFINITY;
  let tMax = Number.NEGATIVE_INFINITY;
  for (const [px, py] of corners(rect)) {
    const t = ((px - x1) * dx + (py - y1) * dy) / length2;
    tMin = Math.min(tMin, t);
    tMax = Math.max(tMax, t);
  }
  const [k0, k1] = periodRange(tMin, tMax);
  const gradient = ctx.createLinearGradient(x1 + k0 * dx, y1 + k0 * dy, x1 + k1 * dx, y1 + k1 * dy);
  addPeriods(gradient, stops, k0, k1, spread);
  return gradient;
}

/**
 * Qt's conical gradient around (cx, cy): stop t lies at `angle` + 360·t degrees, counted
 * counter-clockwise from 3 o'clock. The canvas conic gradient of @napi-rs/canvas 1.0.11 runs
 * clockwise from 12 o'clock and ignores its start angle, so the stops are laid out in its turn
 * instead: stop t sits (90° − angle) + 360·(1 − t) clockwise from 12 o'clock, wrapped at a full
 * turn, with Qt's hard edge where t = 1 meets t = 0.
 */
export function conicalGradient(
  ctx: SKRSContext2D,
  cx: number,
  cy: number,
  angle: number,
  stops: readonly GradientStop[],
): GradientFill {
  // The stops in clockwise order: u = 1 − t, widened to cover 0..1 as Qt pads them.
  const turn: GradientStop[] = [];
  for (let i = stops.length - 1; i >= 0; i--) {
    const s = stops[i];
    if (s !== undefined) turn.push({ ...s, offset: 1 - s.offset });
  }
  const first = turn[0];
  const last = turn[turn.length - 1];
  if (first !== undefined && first.offset > 0) turn.unshift({ ...first, offset: 0 });
  if (last !== undefined && last.offset < 1) turn.push({ ...last, offset: 1 });
  // Where u = 0 (Qt's t = 1) lands in the gradient's own turn, and the u found at 12 o'clock.
  const seam = ((((90 - angle) / 360) % 1) + 1) % 1;
  const cut = 1 - seam;
  const gradient = ctx.createConicGradient(0, cx, cy);
  const add = (offset: number, s: GradientStop) =>
    gradient.addColorStop(clamp01(offset), cssColor(s.r, s.g, s.b, s.a));
  const atCut = stopAt(turn, cut);
  add(0, atCut);
  for (const s of turn) if (s.offset > cut) add(s.offset - cut, s);
  for (const s of turn) if (s.offset < cut) add(s.offset + seam, s);
  add(1, atCut);
  return gradient;
}

/**
 * Qt's extended radial gradient: t = 0 on the focal circle (fx, fy, fr), t = 1 on the circle
 * (cx, cy, radius), the same two-circle model as canvas. Reflect and repeat extend the outer
 * circle to the period that reaches the farthest corner of `rect`.
 */
export function radialGradient(
  ctx: SKRSContext2D,
  rect: Rect,
  cx: number,
  cy: number,
  radius: number,
  fx: number,
  fy: number,
  fr: number,
  stops: readonly GradientStop[],
  spread: number,
): GradientFill {
  const r = Math.max(radius, 0);
  const focalRadius = Math.max(fr, 0);
  // Every pixel of a gradient with no extent lies beyond its end.
  if (r === 0 && focalRadius === 0) return colorAt(stops, 1);
  if (spread !== Spread.reflect && spread !== Spread.repeat) {
    const gradient = ctx.createRadialGradient(fx, fy, focalRadius, cx, cy, r);
    addStops(gradient, stops, 0, 1, false);
    return gradient;
  }
  let tMax = 1;
  for (const [px, py] of corners(rect)) {
    tMax = Math.max(tMax, radialT(px, py, cx, cy, r, fx, fy, focalRadius));
  }
  const [, k1] = periodRange(0, tMax);
  const gradient = ctx.createRadialGradient(
    fx,
    fy,
    focalRadius,
    fx + k1 * (cx - fx),
    fy + k1 * (cy - fy),
    focalRadius + k1 * (r - focalRadius),
  );
  addPeriods(gradient, stops, 0, k1, spread);
  return gradient;
}

/** The largest t whose circle of the radial family passes through (px, py). */
function radialT(
  px: number,
  py: number,
  cx: number,
  cy: number,
  r: number,
  fx: number,
  fy: number,
  fr: number,
): number {
  const qx = px - fx;
  const qy = py - fy;
  const dx = cx - fx;
  const dy = cy - fy;
  const dr = r - fr;
  const a = dx * dx + dy * dy - dr * dr;
  const b = qx * dx + qy * dy + fr * dr;
  const c = qx * qx + qy * qy - fr * fr;
  if (Math.abs(a) < 1e-9) return b !== 0 ? c / (2 * b) : 0;
  const disc = b * b - a * c;
  if (disc < 0) return 0;
  const root = Math.sqrt(disc);
  let best = 0;
  for (const t of [(b + root) / a, (b - root) / a]) {
    if (fr + t * dr >= 0) best = Math.max(best, t);
  }
  return best;
}

function corners(rect: Rect): [number, number][] {
  const { x, y, w, h } = rect;
  return [
    [x, y],
    [x + w, y],
    [x, y + h],
    [x + w, y + h],
  ];
}

/** Whole periods [k0, k1) covering [tMin, tMax], at least one and at most MAX_PERIODS. */
function periodRange(tMin: number, tMax: number): [number, number] {
  const k0 = Math.floor(tMin);
  const k1 = Math.min(Math.max(k0 + 1, Math.ceil(tMax)), k0 + MAX_PERIODS);
  return [k0, k1];
}

/** Lays the stops, widened to cover 0..1, once per period; odd periods mirrored for reflect. */
function addPeriods(
  gradient: Exclude<GradientFill, string>,
  stops: readonly GradientStop[],
  k0: number,
  k1: number,
  spread: number,
): void {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first === undefined || last === undefined) return;
  // Within a period Qt pads to the end stops, so each period must start and end on them.
  const full = [...stops];
  if (first.offset > 0) full.unshift({ ...first, offset: 0 });
  if (last.offset < 1) full.push({ ...last, offset: 1 });
  const span = k1 - k0;
  for (let k = k0; k < k1; k++) {
    const mirrored = spread === Spread.reflect && Math.abs(k % 2) === 1;
    addStops(gradient, full, (k - k0) / span, 1 / span, mirrored);
  }
}

function addStops(
  gradient: Exclude<GradientFill, string>,
  stops: readonly GradientStop[],
  base: number,
  scale: number,
  mirrored: boolean,
): void {
  const n = stops.length;
  for (let i = 0; i < n; i++) {
    const s = mirrored ? stops[n - 1 - i] : stops[i];
    if (s === undefined) continue;
    const offset = mirrored ? 1 - s.offset : s.offset;
    gradient.addColorStop(clamp01(base + offset * scale), cssColor(s.r, s.g, s.b, s.a));
  }
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
