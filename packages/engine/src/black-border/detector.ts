import type { BlackborderdetectorSettings } from '@glowkit/protocol';
import type { RgbImage } from '../types.js';

/** Where the detector looks for black bars (the `blackborderdetector.mode` setting). */
export type BorderMode = NonNullable<BlackborderdetectorSettings['mode']>;

/**
 * A black border: bars of `horizontal` rows at the top and at the bottom, and of `vertical`
 * columns at the left and at the right of a picture. `unknown` when no picture was found where
 * the detector looked (a dark or uniform frame); its sizes then mean nothing.
 */
export interface BlackBorder {
  readonly unknown: boolean;
  readonly horizontal: number;
  readonly vertical: number;
}

/** No border found: the picture is mapped whole. */
export const UNKNOWN_BORDER: BlackBorder = Object.freeze({
  unknown: true,
  horizontal: 0,
  vertical: 0,
});

/** Whether two results are the same border; two unknown ones are, whatever their sizes. */
export function sameBorder(a: BlackBorder, b: BlackBorder): boolean {
  if (a.unknown || b.unknown) return a.unknown === b.unknown;
  return a.horizontal === b.horizontal && a.vertical === b.vertical;
}

/**
 * The channel value below which a pixel is black, from `threshold` in percent:
 * `ceil(threshold/100·255)` (5 % → 13). Computed in integers, so 20 % is 51, not the 52 a
 * floating-point product could round up to.
 */
export function blackLevel(thresholdPercent: number): number {
  return Math.min(255, Math.max(0, Math.ceil((thresholdPercent * 255) / 100)));
}

/** What {@link detectBorder} needs of the `blackborderdetector` group. */
export interface DetectorOptions {
  mode: BorderMode;
  /** {@link blackLevel} of the threshold: a pixel is black iff R, G and B are all below it. */
  level: number;
  /** Added to a size that is not 0 (the blurred edge of a bar). */
  blurRemoveCnt: number;
}

/**
 * The black border of one picture, as Hyperion.ng's detector finds it (inputs.md §5), by
 * reading a few lines of pixels from each side inward, at most a third of the way:
 *
 * - `default`: columns x = 0… until a picture pixel is met at (W−1−x, H/2), (x, H/3) or
 *   (x, 2·H/3); rows y = 0… at (W/2, H−1−y), (W/3, y) or (2·W/3, y). Unknown unless both are met.
 * - `classic`: down the diagonal from the top-left corner to the first picture pixel, then
 *   left and up while the pixel beside it is picture too.
 * - `osd`: columns as `default`; rows at that column and its mirror only, top and bottom, so a
 *   menu or subtitle in the middle does not move the border.
 * - `letterbox`: rows only, at W/4, W/2 and 3·W/4 from the top and at W/4 and 3·W/4 from the
 *   bottom; columns always 0.
 *
 * A size that is not 0 gets `blurRemoveCnt` more. Reads at most a few hundred pixels, whatever
 * the picture's size.
 */
export function detectBorder(image: RgbImage, options: DetectorOptions): BlackBorder {
  if (image.width === 0 || image.height === 0) return UNKNOWN_BORDER;
  const found = SEARCHES[options.mode](image, options.level);
  if (found === undefined) return UNKNOWN_BORDER;
  const blur = options.blurRemoveCnt;
  return {
    unknown: false,
    horizontal: found.horizontal > 0 ? found.horizontal + blur : 0,
    vertical: found.vertical > 0 ? found.vertical + blur : 0,
  };
}

type Search = (
  image: RgbImage,
  level: number,
) => { horizontal: number; vertical: number } | undefined;

/** Whether the pixel at (x, y) is picture, not black. */
function lit(image: RgbImage, level: number, x: number, y: number): boolean {
  const p = (y * image.width + x) * 3;
  const data = image.data;
  return (
    (data[p] as number) >= level ||
    (data[p + 1] as number) >= level ||
    (data[p + 2] as number) >= level
  );
}

/** The first column, from each side, where the picture starts (default and osd); -1 when none. */
function firstColumn(image: RgbImage, level: number): number {
  const { width, height } = image;
  const w3 = Math.trunc(width / 3);
  const h3 = Math.trunc(height / 3);
  const yCentre = Math.trunc(height / 2);
  for (let x = 0; x < w3; x++) {
    if (
      lit(image, level, width - 1 - x, yCentre) ||
      lit(image, level, x, h3) ||
      lit(image, level, x, 2 * h3)
    ) {
      return x;
    }
  }
  return -1;
}

const SEARCHES: Record<BorderMode, Search> = {
  default(image, level) {
    const { width, height } = image;
    const w3 = Math.trunc(width / 3);
    const h3 = Math.trunc(height / 3);
    const xCentre = Math.trunc(width / 2);
    const x = firstColumn(image, level);
    let y = -1;
    for (let row = 0; row < h3; row++) {
      if (
        lit(image, level, xCentre, height - 1 - row) ||
        lit(image, level, w3, row) ||
        lit(image, level, 2 * w3, row)
      ) {
        y = row;
        break;
      }
    }
    return x < 0 || y < 0 ? undefined : { horizontal: y, vertical: x };
  },

  classic(image, level) {
    const w3 = Math.trunc(image.width / 3);
    const h3 = Math.trunc(image.height / 3);
    let x = -1;
    let y = -1;
    for (let i = 0; i < Math.max(w3, h3); i++) {
      const cx = Math.min(i, w3);
      const cy = Math.min(i, h3);
      if (lit(image, level, cx, cy)) {
        x = cx;
        y = cy;
        break;
      }
    }
    if (x < 0) return undefined;
    while (x > 0 && lit(image, level, x - 1, y)) x--;
    while (y > 0 && lit(image, level, x, y - 1)) y--;
    return { horizontal: y, vertical: x };
  },

  osd(image, level) {
    const { width, height } = image;
    const h3 = Math.trunc(height / 3);
    const x = firstColumn(image, level);
    // Without a column the rows are looked for at a third of the width, as Hyperion.ng does;
    // the result is unknown either way.
    const column = x < 0 ? Math.trunc(width / 3) : x;
    let y = -1;
    for (let row = 0; row < h3; row++) {
      if (
        lit(image, level, column, row) ||
        lit(image, level, column, height - 1 - row) ||
        lit(image, level, width - 1 - column, row) ||
        lit(image, level, width - 1 - column, height - 1 - row)
      ) {
        y = row;
        break;
      }
    }
    return x < 0 || y < 0 ? undefined : { horizontal: y, vertical: x };
  },

  letterbox(image, level) {
    const { width, height } = image;
    const w4 = Math.trunc(width / 4);
    const h3 = Math.trunc(height / 3);
    const xCentre = Math.trunc(width / 2);
    for (let row = 0; row < h3; row++) {
      if (
        lit(image, level, xCentre, row) ||
        lit(image, level, w4, row) ||
        lit(image, level, 3 * w4, row) ||
        lit(image, level, w4, height - 1 - row) ||
        lit(image, level, 3 * w4, height - 1 - row)
      ) {
        return { horizontal: row, vertical: 0 };
      }
    }
    return undefined;
  },
};
