/**
 * The pictures network clients send (raw RGB, RGBX, NV12), checked when they arrive and turned
 * into RGB, with `pixelDecimation` applied in the same pass, only when one is shown: a frame that
 * a newer one replaces costs its checks, never its conversion.
 */
import type { RgbImage } from '@glowkit/engine';

/**
 * Widest and tallest picture taken. Grabbers send decimated pictures (1920×1080 → 240×135); 8K
 * (7680×4320) is the largest a screen or capture card gives, and anything beyond it is a client's
 * mistake, not a picture.
 */
export const MAX_PICTURE_SIDE = 8192;

/** A picture as it arrived, its sizes checked, not yet converted. */
export type Picture =
  | {
      /** RGB: 3 bytes a pixel; RGBX: 4, the 4th ignored (not BGRA). */
      format: 'rgb' | 'rgbx';
      width: number;
      height: number;
      data: Uint8Array;
    }
  | {
      /** Luma plane, then interleaved U,V at half resolution; BT.601 limited range. */
      format: 'nv12';
      width: number;
      height: number;
      y: Uint8Array;
      uv: Uint8Array;
      strideY: number;
      strideUv: number;
    };

/** What a client is told when a picture is refused (Hyperion.ng's texts, kept for its clients). */
export const PICTURE_ERRORS = {
  noRaw: 'Invalid width and/or height or no raw image data provided',
  rawSize: 'Size of image data does not match with the width and height',
  noNv12: 'Invalid width and/or height or no complete NV12 image data provided',
  unknown: 'No or unknown image data provided',
} as const;

/** A refused picture: Hyperion.ng's text for the client, and a detail for the log. */
export interface PictureError {
  error: string;
  detail: string;
}

const sideProblem = (width: number, height: number): string | undefined =>
  !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1
    ? `width ${width} × height ${height} is not a picture`
    : width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE
      ? `width ${width} × height ${height} is larger than ${MAX_PICTURE_SIDE} pixels a side`
      : undefined;

/**
 * A raw picture: exactly 3 (RGB) or 4 (RGBX) bytes per pixel. Hyperion.ng accepts any size whose
 * `floor(size / (w·h))` is 3 or 4 and copies past the buffer when it is not exact; Glowkit takes
 * exact sizes only.
 */
export function rawPicture(
  data: Uint8Array | undefined,
  width: number,
  height: number,
): Picture | PictureError {
  const side = sideProblem(width, height);
  if (side || !data || data.length === 0) {
    return { error: PICTURE_ERRORS.noRaw, detail: side ?? 'no picture data' };
  }
  const pixels = width * height;
  if (data.length === pixels * 3) return { format: 'rgb', width, height, data };
  if (data.length === pixels * 4) return { format: 'rgbx', width, height, data };
  return {
    error: PICTURE_ERRORS.rawSize,
    detail: `${data.length} bytes for ${width}×${height} pixels; RGB takes ${pixels * 3}, RGBX ${pixels * 4}`,
  };
}

/**
 * An NV12 picture. A stride of 0 means the width (luma) and the luma stride (U,V, as Hyperion.ng
 * uses it); each plane must hold its rows up to the last pixel (the last row's padding may be
 * left out), which Hyperion.ng does not check.
 */
export function nv12Picture(
  y: Uint8Array | undefined,
  uv: Uint8Array | undefined,
  width: number,
  height: number,
  strideY: number,
  strideUv: number,
): Picture | PictureError {
  const side = sideProblem(width, height);
  if (side || !y || !uv || y.length === 0 || uv.length === 0) {
    return { error: PICTURE_ERRORS.noNv12, detail: side ?? 'a plane is missing' };
  }
  const sy = strideY > 0 ? strideY : width;
  const suv = strideUv > 0 ? strideUv : sy;
  const chromaWidth = 2 * Math.ceil(width / 2);
  const chromaRows = Math.ceil(height / 2);
  const needY = sy * (height - 1) + width;
  const needUv = suv * (chromaRows - 1) + chromaWidth;
  if (sy < width || suv < chromaWidth || y.length < needY || uv.length < needUv) {
    return {
      error: PICTURE_ERRORS.noNv12,
      detail: `${width}×${height} with strides ${sy}/${suv} needs ${needY} luma and ${needUv} U,V bytes; got ${y.length} and ${uv.length}`,
    };
  }
  return { format: 'nv12', width, height, y, uv, strideY: sy, strideUv: suv };
}

/** Points sampled along a side of `size` pixels at decimation `d`: ⌊d/2⌋, ⌊d/2⌋ + d, … */
function samples(size: number, d: number): Int32Array {
  const first = Math.min(Math.floor(d / 2), size - 1);
  const count = Math.max(1, Math.floor((size - first + d - 1) / d));
  const points = new Int32Array(count);
  for (let k = 0; k < count; k++) points[k] = first + k * d;
  return points;
}

/**
 * The picture in RGB, point-sampled every `decimation` pixels in both directions first (Hyperion.ng's
 * `pixelDecimation`: 1920×1080 at 8 → 240×135), so the mapping sees the smaller picture. An RGB
 * picture at decimation 1 is used as it is, not copied.
 */
export function toRgb(picture: Picture, decimation = 1): RgbImage {
  const d = Math.max(1, Math.floor(decimation));
  if (picture.format === 'rgb' && d === 1) return picture;
  const xs = samples(picture.width, d);
  const ys = samples(picture.height, d);
  const width = xs.length;
  const height = ys.length;
  const out = new Uint8Array(width * height * 3);
  let o = 0;
  if (picture.format === 'nv12') {
    const { y: luma, uv, strideY, strideUv } = picture;
    for (let r = 0; r < height; r++) {
      const row = ys[r] as number;
      const yRow = row * strideY;
      const uvRow = (row >> 1) * strideUv;
      for (let c = 0; c < width; c++) {
        const x = xs[c] as number;
        const cy = 298 * ((luma[yRow + x] as number) - 16);
        const u = (uv[uvRow + (x & ~1)] as number) - 128;
        const v = (uv[uvRow + (x & ~1) + 1] as number) - 128;
        // BT.601 limited range, in integers (8 fractional bits).
        out[o++] = clamp((cy + 409 * v + 128) >> 8);
        out[o++] = clamp((cy - 100 * u - 208 * v + 128) >> 8);
        out[o++] = clamp((cy + 516 * u + 128) >> 8);
      }
    }
    return { width, height, data: out };
  }
  const bpp = picture.format === 'rgb' ? 3 : 4;
  const { data } = picture;
  const stride = picture.width * bpp;
  for (let r = 0; r < height; r++) {
    const rowStart = (ys[r] as number) * stride;
    for (let c = 0; c < width; c++) {
      const i = rowStart + (xs[c] as number) * bpp;
      out[o++] = data[i] as number;
      out[o++] = data[i + 1] as number;
      out[o++] = data[i + 2] as number;
    }
  }
  return { width, height, data: out };
}

const clamp = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : value);
