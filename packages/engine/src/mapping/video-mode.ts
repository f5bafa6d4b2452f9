import type { RgbImage } from '../types.js';

/**
 * Which part of a picture source's frames is used (the `videomode` command): all of it (`2D`),
 * the left half of a side-by-side 3D frame (`3DSBS`) or the top half of a top-and-bottom one
 * (`3DTAB`), so that the LEDs show one eye's picture, not two squeezed copies.
 */
export type VideoMode = '2D' | '3DSBS' | '3DTAB';

/**
 * The part of `image` that `mode` uses: the image itself in 2D; the top half shares its bytes;
 * the left half is copied (its rows are not contiguous). A half is at least one pixel.
 */
export function videoModePart(image: RgbImage, mode: VideoMode): RgbImage {
  const { width, height, data } = image;
  if (mode === '3DTAB') {
    const half = Math.max(1, height >> 1);
    return { width, height: half, data: data.subarray(0, width * half * 3) };
  }
  if (mode === '3DSBS') {
    const half = Math.max(1, width >> 1);
    const out = new Uint8Array(half * height * 3);
    const rowIn = width * 3;
    const rowOut = half * 3;
    for (let y = 0; y < height; y++) {
      out.set(data.subarray(y * rowIn, y * rowIn + rowOut), y * rowOut);
    }
    return { width: half, height, data: out };
  }
  return image;
}
