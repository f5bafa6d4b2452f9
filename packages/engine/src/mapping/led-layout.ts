import { isJsonObject } from '@glowkit/protocol';
import { colorOrderOf } from '../color/color-order.js';
import type { ColorOrder } from '../types.js';

/**
 * The picture area one LED takes its colour from, as fractions of the picture's width (h) and
 * height (v), with min ≤ max and everything in 0…1.
 */
export interface LedRect {
  readonly hmin: number;
  readonly hmax: number;
  readonly vmin: number;
  readonly vmax: number;
  /** This LED's own colour order, overriding the device's. */
  readonly colorOrder?: ColorOrder;
}

/** Hyperion.ng's default layout: one LED along the top of the picture. */
const DEFAULT_RECT: LedRect = { hmin: 0, hmax: 1, vmin: 0, vmax: 0.08 };
const ZERO_RECT: LedRect = { hmin: 0, hmax: 0, vmin: 0, vmax: 0 };
/** The effect canvas never gets larger than this on either side. */
const GRID_LIMIT = 80;

/** `{hmin, hmax, vmin, vmax}`, or the pre-2.0.0-alpha.9 shapes `hscan`/`vscan` and `h`/`v`. */
function coordinatesOf(entry: Record<string, unknown>): unknown[] {
  const { hscan, vscan, h, v } = entry;
  if (isJsonObject(hscan) && isJsonObject(vscan)) {
    return [hscan.minimum, hscan.maximum, vscan.minimum, vscan.maximum];
  }
  if (isJsonObject(h) && isJsonObject(v)) return [h.min, h.max, v.min, v.max];
  return [entry.hmin, entry.hmax, entry.vmin, entry.vmax];
}

/** One layout entry as a rectangle; `undefined` when its coordinates are unusable. */
function rectOf(entry: unknown, where: string, warnings: string[]): LedRect | undefined {
  if (!isJsonObject(entry)) {
    warnings.push(`${where}: not an object; the LED stays black`);
    return undefined;
  }
  const coordinates = coordinatesOf(entry);
  if (!coordinates.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    warnings.push(`${where}: hmin, hmax, vmin and vmax must all be numbers; the LED stays black`);
    return undefined;
  }
  const [h0, h1, v0, v1] = (coordinates as number[]).map((c) => Math.min(1, Math.max(0, c))) as [
    number,
    number,
    number,
    number,
  ];
  if ((coordinates as number[]).some((c) => c < -1e-6 || c > 1 + 1e-6)) {
    warnings.push(`${where}: coordinates outside 0…1 are clamped`);
  }
  const colorOrder = colorOrderOf(entry.colorOrder);
  if (entry.colorOrder !== undefined && colorOrder === undefined) {
    warnings.push(
      `${where}.colorOrder: ${JSON.stringify(entry.colorOrder)} is not rgb, bgr, rbg, brg, gbr or grb; the device's order is used`,
    );
  }
  const rect = {
    hmin: Math.min(h0, h1),
    hmax: Math.max(h0, h1),
    vmin: Math.min(v0, v1),
    vmax: Math.max(v0, v1),
  };
  return colorOrder ? { ...rect, colorOrder } : rect;
}

/**
 * The LED layout of one instance (the `leds` settings group): where in the picture each LED
 * takes its colour from, in output order, limited to the device's `hardwareLedCount`.
 */
export class LedLayout {
  /** Layout LEDs the device has: min(entries, hardwareLedCount). The length `color` fills. */
  readonly ledCount: number;
  /** One rectangle per LED, clamped to 0…1, min and max swapped when reversed. */
  readonly rects: readonly LedRect[];
  /** Per LED, 1 when it is forced black (a `ledBlacklist` entry or an all-zero rectangle). */
  readonly blacklist: Uint8Array;
  /** Per LED, its own colour order, or `undefined` for the device's. */
  readonly colorOrders: readonly (ColorOrder | undefined)[];
  /** Problems found in the settings, one line each; the layout works around every one. */
  readonly warnings: readonly string[];
  #grid: { width: number; height: number } | undefined;

  private constructor(rects: LedRect[], blacklist: Uint8Array, warnings: string[]) {
    this.ledCount = rects.length;
    this.rects = rects;
    this.blacklist = blacklist;
    this.colorOrders = rects.map((r) => r.colorOrder);
    this.warnings = warnings;
  }

  /**
   * Builds the layout from the `leds` group and the device's LED count. Never throws: a group
   * that is not a non-empty array becomes ng's default one-LED layout, an unusable entry becomes
   * a black LED, and each problem is reported in {@link warnings}. `blacklist` is
   * `ledConfig.ledBlacklist`: `[{start, num}]`, LEDs forced black.
   */
  static fromSettings(
    leds: unknown,
    options: { hardwareLedCount: number; blacklist?: unknown },
  ): LedLayout {
    const warnings: string[] = [];
    let entries: unknown[];
    if (Array.isArray(leds) && leds.length > 0) entries = leds;
    else {
      warnings.push('the layout has no LEDs; using one LED along the top of the picture');
      entries = [DEFAULT_RECT];
    }
    let hardware = options.hardwareLedCount;
    if (!Number.isInteger(hardware) || hardware < 1) {
      warnings.push(
        `hardwareLedCount ${JSON.stringify(hardware)} is not a whole number ≥ 1; using the layout's ${entries.length} LEDs`,
      );
      hardware = entries.length;
    }
    if (entries.length > hardware) {
      warnings.push(
        `the layout has ${entries.length} LEDs but the device ${hardware}; LEDs ${hardware}…${entries.length - 1} are dropped`,
      );
    }
    const count = Math.min(entries.length, hardware);
    const rects: LedRect[] = [];
    const black = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const rect = rectOf(entries[i], `leds[${i}]`, warnings) ?? ZERO_RECT;
      rects.push(rect);
      // The Web UI writes disabled LEDs into the layout as all-zero rectangles.
      if (rect.hmin === 0 && rect.hmax === 0 && rect.vmin === 0 && rect.vmax === 0) black[i] = 1;
    }
    markBlacklist(options.blacklist, black, warnings);
    return new LedLayout(rects, black, warnings);
  }

  /**
   * The size of the effect canvas for this layout (Hyperion.ng's `getLedLayoutGridSize`): the
   * number of distinct LED centres across and down (in thousandths), corrected when one side is
   * more than twice the other, then fitted into 80×80 keeping the aspect ratio. The default
   * one-LED layout gives 1×1.
   *
   * Difference from Hyperion.ng: ng tests the ratio with integer division, so any layout taller
   * than wide had its width cut to half its height (5 × 6 centres gave a 3×6 canvas, squeezing
   * circles into ellipses). Glowkit corrects a tall layout only when its height is more than
   * twice its width: 5×6 stays 5×6, 4×11 becomes 5×11 as in ng.
   */
  gridSize(): { width: number; height: number } {
    this.#grid ??= gridSizeOf(this.rects);
    return { ...this.#grid };
  }

  /** Sets the blacklisted LEDs of `frame` (RGB, layout order) to black. */
  applyBlacklist(frame: Uint8Array): void {
    const black = this.blacklist;
    const leds = Math.min(black.length, Math.floor(frame.length / 3));
    for (let led = 0; led < leds; led++) if (black[led] === 1) frame.fill(0, led * 3, led * 3 + 3);
  }
}

/** Marks `ledConfig.ledBlacklist` entries in `black`. */
function markBlacklist(list: unknown, black: Uint8Array, warnings: string[]): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    warnings.push('ledBlacklist is not an array; it is ignored');
    return;
  }
  list.forEach((rule, i) => {
    const where = `ledBlacklist[${i}]`;
    const start = isJsonObject(rule) ? rule.start : undefined;
    const num = isJsonObject(rule) ? rule.num : undefined;
    if (
      !Number.isInteger(start) ||
      (start as number) < 0 ||
      !Number.isInteger(num) ||
      (num as number) < 1
    ) {
      warnings.push(`${where}: needs whole numbers start ≥ 0 and num ≥ 1; it is ignored`);
      return;
    }
    const from = start as number;
    const to = from + (num as number);
    if (to > black.length) {
      warnings.push(
        `${where}: LEDs ${from}…${to - 1} go beyond the ${black.length} LEDs of the layout`,
      );
    }
    black.fill(1, Math.min(from, black.length), Math.min(to, black.length));
  });
}

function gridSizeOf(rects: readonly LedRect[]): { width: number; height: number } {
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const r of rects) {
    xs.add(Math.trunc((1000 * (r.hmin + r.hmax)) / 2));
    ys.add(Math.trunc((1000 * (r.vmin + r.vmax)) / 2));
  }
  let width = Math.max(1, xs.size);
  let height = Math.max(1, ys.size);
  // As ng for wide layouts: its integer quotient w/h > 2 means w ≥ 3h. For tall ones ng's
  // quotient is 0 whenever w < h, which squeezed every tall canvas; only a height over twice
  // the width is corrected here.
  if (width >= 3 * height) height = Math.max(1, Math.trunc(width / 2));
  else if (height > 2 * width) width = Math.max(1, Math.trunc(height / 2));
  if (width > GRID_LIMIT || height > GRID_LIMIT) {
    const scaledWidth = Math.trunc((GRID_LIMIT * width) / height);
    if (scaledWidth <= GRID_LIMIT) {
      width = scaledWidth;
      height = GRID_LIMIT;
    } else {
      height = Math.trunc((GRID_LIMIT * height) / width);
      width = GRID_LIMIT;
    }
  }
  return { width, height };
}
