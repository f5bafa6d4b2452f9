/**
 * A picture an effect's canvas showed, kept as the RGBA pixels the canvas read back. The LED
 * mapping reads those directly; the RGB `data` of {@link RgbImage} is made from them only when
 * something asks for it (a frame of an effect is mapped, and rarely anything else): the copy
 * into RGB was a sixth of the server's time per effect frame.
 */
import type { RgbImage } from '../types.js';

export class CanvasPicture implements RgbImage {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes per pixel, row by row from the top left; never changed after construction. */
  readonly rgba: Uint8Array;
  #rgb: Uint8Array | undefined;

  /**
   * `pixels` (RGBA, opaque, at least width·height·4 bytes) are kept, not copied: the caller
   * hands over a read-back that nothing changes afterwards.
   */
  constructor(width: number, height: number, pixels: Uint8Array | Uint8ClampedArray) {
    this.width = width;
    this.height = height;
    // A plain Uint8Array view (not a Buffer or a clamped array), so that the mapping's loops see
    // one array type.
    this.rgba = new Uint8Array(pixels.buffer, pixels.byteOffset, width * height * 4);
  }

  /** The pixels as RGB, 3 bytes per pixel: made on first use, then kept (this picture's own). */
  get data(): Uint8Array {
    this.#rgb ??= rgbOf(this.rgba, this.width * this.height);
    return this.#rgb;
  }
}

function rgbOf(rgba: Uint8Array, count: number): Uint8Array {
  const data = new Uint8Array(count * 3);
  for (let i = 0, j = 0, k = 0; i < count; i++, j += 3, k += 4) {
    data[j] = rgba[k] as number;
    data[j + 1] = rgba[k + 1] as number;
    data[j + 2] = rgba[k + 2] as number;
  }
  return data;
}
