import type { RgbImage } from '../types.js';
import type { LedLayout } from './led-layout.js';
import { isUnicolor, type MappingType } from './mapping-type.js';

/** Areas larger than this are sampled every other pixel even without a reduced pixel set. */
const LARGE_AREA = 1600;
/** k-means seeds, in ng's order: black, green, white, red, yellow. */
const SEEDS = [0, 0, 0, 0, 255, 0, 255, 255, 255, 255, 0, 0, 255, 255, 0];
/** Enough for the clusters of an LED area to settle; k-means rarely needs more than ten. */
const MAX_ITERATIONS = 50;

/** Options of an {@link ImageToLeds}: the `color` group's mapping settings. */
export interface ImageToLedsOptions {
  type: MappingType;
  /** `reducedPixelSetFactorFactor` 0…3 (default 0): every (n+1)-th pixel is sampled. */
  reducedPixelSetFactor?: number;
  /** `accuracyLevel` 1…4 (default 2): the advanced types use accuracyLevel + 1 clusters. */
  accuracyLevel?: number;
  /**
   * Black bars to leave out (the black-border detector's): rows at the top and at the bottom,
   * columns at the left and at the right. The layout is laid over the picture inside them.
   */
  border?: { horizontal: number; vertical: number };
}

/**
 * Maps pictures of one size onto the LEDs of a layout. The pixels of each LED are found once,
 * at construction, into one index table, so {@link map} is a tight loop per frame.
 *
 * The layout covers the picture inside the black border, if one is given: `w` is the width
 * without the bars at both sides, `vb` a bar's width. Each LED's area: `x0 = vb + round(w·hmin)`,
 * `x1 = vb + round(w·hmax)` (exclusive), `x0 ≤ vb + w − 1`, one pixel at least (`x1 = x0 + 1`
 * when equal); the same down. A border leaves one pixel at least (bars wider than that are
 * narrowed). LEDs with no area (a side under 1e-6) and blacklisted LEDs get no pixels and stay
 * black. With a reduced pixel set every (factor + 1)-th pixel of every (factor + 1)-th row
 * counts; without one, areas over 1600 pixels are sampled every other pixel. The unicolor types
 * read the whole picture inside the border.
 *
 * Differences from Hyperion.ng: pixel indices are `y·width + x` of the whole picture (ng used
 * the width without the black border, so with side bars every LED read the wrong pixels, a
 * little further left and up on each row); the unicolor types leave the border out too (ng
 * averaged the bars in); halving a large area's samples applies to that LED only (ng kept
 * it for every LED after the first large one); the mapping types do what their names say (see
 * {@link MappingType}); and k-means runs until no pixel changes cluster, keeping an empty
 * cluster's centre (ng reset it to black and stopped when the largest move stopped changing).
 */
export class ImageToLeds {
  readonly width: number;
  readonly height: number;
  readonly type: MappingType;
  /** The bars left out, as applied (narrowed so that one pixel is left). */
  readonly border: { readonly horizontal: number; readonly vertical: number };
  readonly #ledCount: number;
  readonly #blacklist: Uint8Array;
  /** Byte offsets (3·pixel index) of every LED's pixels, LED after LED. */
  readonly #pixels: Int32Array;
  /** The same offsets in RGBA pictures (4·pixel index), made on the first such picture. */
  #rgbaPixels: Int32Array | undefined;
  /** LED i's pixels are `#pixels[#starts[i] … #starts[i+1])`. */
  readonly #starts: Int32Array;
  readonly #clusters: number;
  readonly #counts = new Map<number, number>();
  // k-means scratch, reused for every LED.
  #assignment = new Int8Array(0);
  readonly #centres = new Float64Array(SEEDS.length);
  readonly #sums = new Float64Array(SEEDS.length);
  readonly #counts32 = new Int32Array(SEEDS.length / 3);
  /** The picture inside the border, for the unicolor types (allocated when there is a border). */
  #inner = new Uint8Array(0);

  constructor(layout: LedLayout, width: number, height: number, options: ImageToLedsOptions) {
    this.width = Number.isInteger(width) && width > 0 ? width : 0;
    this.height = Number.isInteger(height) && height > 0 ? height : 0;
    this.type = options.type;
    this.border = {
      horizontal: barOf(options.border?.horizontal ?? 0, this.height),
      vertical: barOf(options.border?.vertical ?? 0, this.width),
    };
    this.#ledCount = layout.ledCount;
    this.#blacklist = layout.blacklist;
    const factor = options.reducedPixelSetFactor ?? 0;
    this.#clusters = (options.accuracyLevel ?? 2) + 1;
    if (isUnicolor(this.type) || this.width === 0 || this.height === 0) {
      // Unicolor types read the whole picture; nothing per LED to find.
      this.#pixels = new Int32Array(0);
      this.#starts = new Int32Array(layout.ledCount + 1);
      return;
    }
    const inner: Inner = {
      x: this.border.vertical,
      y: this.border.horizontal,
      width: this.width - 2 * this.border.vertical,
      height: this.height - 2 * this.border.horizontal,
    };
    const areas = layout.rects.map((rect, led) =>
      layout.blacklist[led] === 1 ? undefined : areaOf(rect, inner, factor + 1),
    );
    const starts = new Int32Array(layout.ledCount + 1);
    areas.forEach((area, led) => {
      starts[led + 1] = (starts[led] as number) + (area ? area.size : 0);
    });
    const pixels = new Int32Array(starts[layout.ledCount] as number);
    areas.forEach((area, led) => {
      if (!area) return;
      let at = starts[led] as number;
      for (let y = area.y0; y < area.y1; y += area.step) {
        for (let x = area.x0; x < area.x1; x += area.step) pixels[at++] = (y * this.width + x) * 3;
      }
    });
    this.#pixels = pixels;
    this.#starts = starts;
  }

  /**
   * The pixels LED `led` takes its colour from, as indices `y·width + x`, in reading order
   * (empty for unicolor types, which read the whole picture). For showing LED areas.
   */
  pixelsOf(led: number): number[] {
    const from = this.#starts[led] ?? 0;
    const to = this.#starts[led + 1] ?? from;
    return Array.from(this.#pixels.subarray(from, to), (offset) => offset / 3);
  }

  /**
   * Writes the colour of every layout LED into `out` (3·ledCount bytes, RGB, layout order).
   * `image` must have the size this mapping was made for. A picture that carries `rgba` is read
   * from it (the per-LED types), with the same result as from its `data`.
   */
  map(image: RgbImage, out: Uint8Array): void {
    if (image.width !== this.width || image.height !== this.height) {
      throw new RangeError(
        `image is ${image.width}×${image.height} but this mapping is for ${this.width}×${this.height}; make an ImageToLeds for that size`,
      );
    }
    const rgba = isUnicolor(this.type) ? undefined : image.rgba;
    if (rgba !== undefined) {
      if (rgba.length < this.width * this.height * 4) {
        throw new RangeError(
          `image rgba has ${rgba.length} bytes but ${this.width}×${this.height} RGBA needs ${this.width * this.height * 4}`,
        );
      }
      this.#rgbaPixels ??= this.#pixels.map((offset) => (offset / 3) * 4);
      this.#mapLeds(rgba, this.#rgbaPixels, out);
      return;
    }
    const data = image.data;
    if (data.length < this.width * this.height * 3) {
      throw new RangeError(
        `image data has ${data.length} bytes but ${this.width}×${this.height} RGB needs ${this.width * this.height * 3}`,
      );
    }
    const leds = this.#ledCount;
    if (isUnicolor(this.type)) {
      const picture = this.#insideBorder(data);
      const all = picture.length / 3;
      let color = 0;
      if (all === 0) color = 0;
      else if (this.type === 'unicolor_mean') color = meanOfAll(picture, all);
      else if (this.type === 'unicolor_dominant') color = this.#dominant(picture, null, 0, all);
      else color = this.#kMeans(picture, null, 0, all);
      for (let led = 0; led < leds; led++) {
        writeColor(out, led, this.#blacklist[led] === 1 ? 0 : color);
      }
      return;
    }
    this.#mapLeds(data, this.#pixels, out);
  }

  /**
   * The per-LED types: each LED's colour from its pixels, found in `data` at the byte offsets
   * `pixels` gives (3 or 4 bytes per pixel; only the first three of each are read).
   */
  #mapLeds(data: Uint8Array, pixels: Int32Array, out: Uint8Array): void {
    const leds = this.#ledCount;
    const starts = this.#starts;
    const type = this.type;
    for (let led = 0; led < leds; led++) {
      const from = starts[led] as number;
      const to = starts[led + 1] as number;
      let color = 0;
      if (to > from) {
        if (type === 'multicolor_mean') color = meanOf(data, pixels, from, to);
        else if (type === 'multicolor_mean_squared')
          color = rootMeanSquareOf(data, pixels, from, to);
        else if (type === 'dominant_color') color = this.#dominant(data, pixels, from, to);
        else color = this.#kMeans(data, pixels, from, to);
      }
      writeColor(out, led, color);
    }
  }

  /** The picture's pixels inside the border, row after row (the picture itself without one). */
  #insideBorder(data: Uint8Array): Uint8Array {
    const { horizontal, vertical } = this.border;
    if (horizontal === 0 && vertical === 0) return data.subarray(0, this.width * this.height * 3);
    const rowBytes = (this.width - 2 * vertical) * 3;
    const rows = this.height - 2 * horizontal;
    if (this.#inner.length !== rowBytes * rows) this.#inner = new Uint8Array(rowBytes * rows);
    for (let row = 0; row < rows; row++) {
      const from = ((horizontal + row) * this.width + vertical) * 3;
      this.#inner.set(data.subarray(from, from + rowBytes), row * rowBytes);
    }
    return this.#inner;
  }

  /** The most frequent exact colour; among equals, the first to reach the top count. */
  #dominant(data: Uint8Array, pixels: Int32Array | null, from: number, to: number): number {
    const counts = this.#counts;
    counts.clear();
    let best = 0;
    let bestCount = 0;
    for (let i = from; i < to; i++) {
      const p = pixelAt(pixels, i);
      const color =
        ((data[p] as number) << 16) | ((data[p + 1] as number) << 8) | (data[p + 2] as number);
      const count = (counts.get(color) ?? 0) + 1;
      counts.set(color, count);
      if (count > bestCount) {
        bestCount = count;
        best = color;
      }
    }
    return best;
  }

  /** The mean colour of the largest k-means cluster (the first among equals). */
  #kMeans(data: Uint8Array, pixels: Int32Array | null, from: number, to: number): number {
    const k = this.#clusters;
    const n = to - from;
    if (this.#assignment.length < n) this.#assignment = new Int8Array(n);
    const assignment = this.#assignment.fill(-1, 0, n);
    const centres = this.#centres;
    centres.set(SEEDS);
    const sums = this.#sums;
    const counts = this.#counts32;
    for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      sums.fill(0);
      counts.fill(0);
      let changed = false;
      for (let j = 0; j < n; j++) {
        const p = pixelAt(pixels, from + j);
        const r = data[p] as number;
        const g = data[p + 1] as number;
        const b = data[p + 2] as number;
        let nearest = 0;
        let nearestDistance = Number.POSITIVE_INFINITY;
        for (let c = 0; c < k; c++) {
          const dr = r - (centres[c * 3] as number);
          const dg = g - (centres[c * 3 + 1] as number);
          const db = b - (centres[c * 3 + 2] as number);
          const distance = dr * dr + dg * dg + db * db;
          if (distance < nearestDistance) {
            nearestDistance = distance;
            nearest = c;
          }
        }
        if (assignment[j] !== nearest) {
          assignment[j] = nearest;
          changed = true;
        }
        counts[nearest] = (counts[nearest] as number) + 1;
        sums[nearest * 3] = (sums[nearest * 3] as number) + r;
        sums[nearest * 3 + 1] = (sums[nearest * 3 + 1] as number) + g;
        sums[nearest * 3 + 2] = (sums[nearest * 3 + 2] as number) + b;
      }
      if (!changed) break;
      for (let c = 0; c < k; c++) {
        const count = counts[c] as number;
        if (count === 0) continue;
        for (let ch = 0; ch < 3; ch++) centres[c * 3 + ch] = (sums[c * 3 + ch] as number) / count;
      }
    }
    let largest = 0;
    for (let c = 1; c < k; c++)
      if ((counts[c] as number) > (counts[largest] as number)) largest = c;
    const count = counts[largest] as number;
    if (count === 0) return 0;
    return (
      (Math.floor((sums[largest * 3] as number) / count) << 16) |
      (Math.floor((sums[largest * 3 + 1] as number) / count) << 8) |
      Math.floor((sums[largest * 3 + 2] as number) / count)
    );
  }
}

/** An LED's pixel rectangle (end exclusive) and sampling step. */
interface Area {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  step: number;
  size: number;
}

/** The picture inside the black border: its top-left pixel and its size. */
interface Inner {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A bar's size, narrowed so that the picture between two bars keeps one pixel at least. */
function barOf(bar: number, length: number): number {
  const most = Math.max(0, Math.floor((length - 1) / 2));
  return Number.isInteger(bar) && bar > 0 ? Math.min(bar, most) : 0;
}

function areaOf(
  rect: { hmin: number; hmax: number; vmin: number; vmax: number },
  inner: Inner,
  baseStep: number,
): Area | undefined {
  if (rect.hmax - rect.hmin < 1e-6 || rect.vmax - rect.vmin < 1e-6) return undefined;
  const [x0, x1] = span(rect.hmin, rect.hmax, inner.width, inner.x);
  const [y0, y1] = span(rect.vmin, rect.vmax, inner.height, inner.y);
  const step = baseStep === 1 && (x1 - x0) * (y1 - y0) > LARGE_AREA ? 2 : baseStep;
  const size = Math.ceil((x1 - x0) / step) * Math.ceil((y1 - y0) / step);
  return { x0, x1, y0, y1, step, size };
}

/** Pixel range [start, end) of a fraction range over `length` pixels from `offset`; never empty. */
function span(min: number, max: number, length: number, offset: number): [number, number] {
  const start = Math.min(Math.round(length * min), length - 1);
  let end = Math.round(length * max);
  if (end === start) end++;
  return [offset + start, offset + Math.min(end, length)];
}

const pixelAt = (pixels: Int32Array | null, i: number): number =>
  pixels ? (pixels[i] as number) : i * 3;

/**
 * Per-channel mean of the pixels at `pixels[from…to)`, rounded down, packed as 0xRRGGBB. The
 * table is read directly, not through {@link pixelAt}: this loop is most of a frame's mapping,
 * and the call per pixel made it twice as slow.
 */
function meanOf(data: Uint8Array, pixels: Int32Array, from: number, to: number): number {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = from; i < to; i++) {
    const p = pixels[i] as number;
    r += data[p] as number;
    g += data[p + 1] as number;
    b += data[p + 2] as number;
  }
  return packMean(r, g, b, to - from);
}

/** Per-channel mean of the first `count` pixels of `data`, as {@link meanOf}. */
function meanOfAll(data: Uint8Array, count: number): number {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let p = 0; p < count * 3; p += 3) {
    r += data[p] as number;
    g += data[p + 1] as number;
    b += data[p + 2] as number;
  }
  return packMean(r, g, b, count);
}

const packMean = (r: number, g: number, b: number, n: number): number =>
  (Math.floor(r / n) << 16) | (Math.floor(g / n) << 8) | Math.floor(b / n);

/** Per-channel `round(sqrt(floor(Σc² / n)))`, packed as 0xRRGGBB. */
function rootMeanSquareOf(data: Uint8Array, pixels: Int32Array, from: number, to: number): number {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = from; i < to; i++) {
    const p = pixels[i] as number;
    const cr = data[p] as number;
    const cg = data[p + 1] as number;
    const cb = data[p + 2] as number;
    r += cr * cr;
    g += cg * cg;
    b += cb * cb;
  }
  const n = to - from;
  const root = (sum: number): number => Math.min(255, Math.round(Math.sqrt(Math.floor(sum / n))));
  return (root(r) << 16) | (root(g) << 8) | root(b);
}

function writeColor(out: Uint8Array, led: number, color: number): void {
  out[led * 3] = (color >> 16) & 255;
  out[led * 3 + 1] = (color >> 8) & 255;
  out[led * 3 + 2] = color & 255;
}
