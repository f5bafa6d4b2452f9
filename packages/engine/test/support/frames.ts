import type { RgbImage } from '../../src/types.js';

/** An RGB colour. */
export type Rgb = readonly [number, number, number];

/** What a hand-made frame shows. */
export interface FrameSpec {
  width: number;
  height: number;
  /** Black rows at the top and at the bottom (a letterbox). */
  bars?: number;
  /** Black columns at the left and at the right (a pillarbox). */
  pillars?: number;
  /** The picture inside the bars (default mid grey). */
  picture?: Rgb;
  /** The colour of the bars (default black). */
  bar?: Rgb;
  /** Rectangles drawn over the frame last: a subtitle, a menu, a bright spot. */
  overlays?: { x: number; y: number; width: number; height: number; color: Rgb }[];
}

/** A frame built from a {@link FrameSpec}: a picture framed by black bars, with overlays. */
export function frame(spec: FrameSpec): RgbImage {
  const { width, height, bars = 0, pillars = 0 } = spec;
  const picture = spec.picture ?? [128, 128, 128];
  const bar = spec.bar ?? [0, 0, 0];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = y >= bars && y < height - bars && x >= pillars && x < width - pillars;
      data.set(inside ? picture : bar, (y * width + x) * 3);
    }
  }
  for (const o of spec.overlays ?? []) {
    for (let y = o.y; y < o.y + o.height; y++) {
      for (let x = o.x; x < o.x + o.width; x++) data.set(o.color, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}
