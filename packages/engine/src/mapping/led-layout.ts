import type { Filled, LedConfigSettings, RunLed } from '@glowkit/protocol';
import type { ColorOrder } from '../types.js';

/**
 * The picture area one LED takes its colour from, as fractions of the picture's width (h) and
 * height (v), with min ≤ max and everything in 0…1 (the `leds` schema and its relations say so).
 */
export interface LedRect {
  readonly hmin: number;
  readonly hmax: number;
  readonly vmin: number;
  readonly vmax: number;
  /** This LED's own colour order, overriding the device's. */
  readonly colorOrder?: ColorOrder;
}

/** The effect canvas never gets larger than this on either side. */
const GRID_LIMIT = 80;

/** What the layout takes of the `ledConfig` group: LEDs kept dark. */
type Blacklist = Filled<LedConfigSettings>['ledBlacklist'];

/**
 * The LED layout of one instance (the `leds` settings group): where in the picture each LED
 * takes its colour from, in output order, limited to the device's `hardwareLedCount`.
 */
export class LedLayout {
  /** Layout LEDs the device has: min(entries, hardwareLedCount). The length `color` fills. */
  readonly ledCount: number;
  /** One rectangle per LED, as the `leds` group has it. */
  readonly rects: readonly LedRect[];
  /** Per LED, 1 when it is forced black (a `ledBlacklist` entry or an all-zero rectangle). */
  readonly blacklist: Uint8Array;
  /** Per LED, its own colour order, or `undefined` for the device's. */
  readonly colorOrders: readonly (ColorOrder | undefined)[];
  /** What does not fit between `leds`, the device and the blacklist, one line each. */
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
   * Builds the layout from the `leds` group (valid: see protocol's InstanceRunSettings) and what
   * the schema cannot tie to it, the device's LED count: LEDs beyond it are dropped, and
   * `blacklist` (`ledConfig.ledBlacklist`) ranges beyond the layout are reported, each in
   * {@link warnings}. An all-zero rectangle is a dark LED, as the web UI writes a disabled one.
   */
  static fromSettings(
    leds: readonly RunLed[],
    options: { hardwareLedCount: number; blacklist?: Blacklist },
  ): LedLayout {
    const warnings: string[] = [];
    const hardware = options.hardwareLedCount;
    if (leds.length > hardware) {
      warnings.push(
        `the layout has ${leds.length} LEDs but the device ${hardware}; LEDs ${hardware}…${leds.length - 1} are dropped`,
      );
    }
    const count = Math.min(leds.length, hardware);
    const rects: LedRect[] = [];
    const black = new Uint8Array(count);
    for (const { hmin, hmax, vmin, vmax, colorOrder } of leds.slice(0, count)) {
      const rect = { hmin, hmax, vmin, vmax };
      rects.push(colorOrder ? { ...rect, colorOrder } : rect);
      if (hmin === 0 && hmax === 0 && vmin === 0 && vmax === 0) black[rects.length - 1] = 1;
    }
    markBlacklist(options.blacklist ?? [], black, warnings);
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
function markBlacklist(list: Blacklist, black: Uint8Array, warnings: string[]): void {
  list.forEach(({ start: from, num }, i) => {
    const to = from + num;
    if (to > black.length) {
      warnings.push(
        `ledBlacklist[${i}]: LEDs ${from}…${to - 1} go beyond the ${black.length} LEDs of the layout`,
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
