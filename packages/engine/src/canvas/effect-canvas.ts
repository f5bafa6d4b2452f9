/**
 * The canvas an effect draws on: it replays the DRAW batches of python/PIPE.md on a Skia 2D
 * context (@napi-rs/canvas) with the semantics of Hyperion.ng's QPainter on its QImage
 * (libsrc/effectengine/EffectModule.cpp).
 *
 * Differences from Hyperion.ng, where ng does something no script author expects:
 * - Edges are antialiased (Skia); ng paints aliased. Integer rectangles and straight
 *   1-pixel lines still land on whole pixels.
 * - A pie is the circle of `radius` around its centre; ng passes the centre plus the radius as
 *   the width and height of the pie's bounding box, so its pies are ellipses off centre.
 * - A pie with a conical-gradient brush is painted; ng only sets the brush and draws nothing.
 * - Polygon points are unsigned bytes (0..255); ng reads them as signed chars.
 * - A radial gradient honours its focal point; ng ignores it.
 * - Colour values outside 0..255 are clamped; ng masks or rejects them.
 */
import type { Canvas, ImageData, Path2D, SKRSContext2D, StrokeOptions } from '@napi-rs/canvas';
import type { RgbImage } from '../types.js';
import { CanvasPicture } from './canvas-picture.js';
import { GradientCache } from './gradient-cache.js';
import {
  conicalGradient,
  cssColor,
  type GradientFill,
  linearGradient,
  type Rect,
  radialGradient,
  readStops,
} from './gradients.js';
import { skia } from './skia.js';

/** The operation codes of a DRAW batch (python/PIPE.md, "Drawing operations"). */
export const DrawOp = {
  SOLID_FILL: 1,
  LINEAR_GRADIENT: 2,
  CONICAL_GRADIENT: 3,
  RADIAL_GRADIENT: 4,
  LINE: 5,
  POINT: 6,
  RECT: 7,
  POLYGON: 8,
  PIE: 9,
  PIE_GRADIENT: 10,
  SET_PIXEL: 11,
  ROTATE: 12,
  OFFSET: 13,
  SHEAR: 14,
  RESET_TRANSFORM: 15,
  SAVE: 16,
  STACK_CLEAR: 17,
  MIN_SIZE: 18,
  SHOW: 19,
} as const;

/** The largest canvas side MIN_SIZE may ask for; beyond it an effect would only eat memory. */
export const MAX_CANVAS_SIDE = 4096;

/** Gradients an effect canvas keeps: a full turn of a swirl by whole degrees, with room to spare. */
const GRADIENTS_KEPT = 512;

/** A 1-pixel QPen's outline; miter limit 2 as Qt's, so sharp corners bevel instead of spiking. */
const THIN_PEN: StrokeOptions = {
  width: 1,
  // StrokeCap.Square and StrokeJoin.Miter: the library's enums are only there once it loads.
  cap: 2,
  join: 0,
  miterLimit: 2,
};

/** Per operation: its name, how many numbers it carries, and what its bytes hold. */
type ByteRule = 'none' | 'stops5' | 'stops4' | 'pairs';
const SPECS: readonly (readonly [string, number, ByteRule] | undefined)[] = [
  undefined,
  ['SOLID_FILL', 8, 'none'],
  ['LINEAR_GRADIENT', 9, 'stops5'],
  ['CONICAL_GRADIENT', 7, 'stops5'],
  ['RADIAL_GRADIENT', 11, 'stops4'],
  ['LINE', 9, 'none'],
  ['POINT', 7, 'none'],
  ['RECT', 9, 'none'],
  ['POLYGON', 4, 'pairs'],
  ['PIE', 9, 'none'],
  ['PIE_GRADIENT', 5, 'stops5'],
  ['SET_PIXEL', 5, 'none'],
  ['ROTATE', 1, 'none'],
  ['OFFSET', 2, 'none'],
  ['SHEAR', 2, 'none'],
  ['RESET_TRANSFORM', 0, 'none'],
  ['SAVE', 0, 'none'],
  ['STACK_CLEAR', 0, 'none'],
  ['MIN_SIZE', 2, 'none'],
  ['SHOW', 1, 'none'],
];
const BYTE_UNIT: Record<ByteRule, number> = { none: 0, stops5: 5, stops4: 4, pairs: 2 };

/**
 * An effect's canvas, opaque black at first like ng's QImage. Drawing state (transform, the
 * stack of saved pictures, the size) persists between batches.
 */
export class EffectCanvas {
  #canvas: Canvas;
  #ctx: SKRSContext2D;
  #width: number;
  #height: number;
  #stack: CanvasPicture[] = [];
  /** The RGBA read-back, refreshed only when something was drawn since the last one. */
  #pixels: Uint8Array | Uint8ClampedArray | null = null;
  /**
   * Pixels set by a run of SET_PIXEL operations, written into the canvas in one go when the run
   * ends: scripts set whole pictures pixel by pixel, and one fillRect per pixel costs the
   * server's event loop tens of milliseconds a frame.
   */
  #pixelRun: ImageData | null = null;
  /** Gradients by the bytes of the operation that made them (see GradientCache). */
  #gradients = new GradientCache(GRADIENTS_KEPT);
  /** Scratch for the numbers of the operation being replayed. */
  readonly #n = new Float64Array(16);

  /** A `width`×`height` canvas (whole pixels, at least 1), filled opaque black. */
  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`EffectCanvas: size ${width}×${height} is not whole pixels ≥ 1`);
    }
    this.#width = width;
    this.#height = height;
    this.#canvas = skia().createCanvas(width, height);
    this.#ctx = this.#canvas.getContext('2d');
    this.#preparePainter();
    this.#ctx.fillStyle = '#000';
    this.#ctx.fillRect(0, 0, width, height);
  }

  /** Width in pixels (MIN_SIZE may enlarge it). */
  get width(): number {
    return this.#width;
  }

  /** Height in pixels (MIN_SIZE may enlarge it). */
  get height(): number {
    return this.#height;
  }

  /**
   * Replays every operation of one DRAW payload and returns the pictures its SHOW operations
   * produced, in order: each keeps the canvas's pixels as RGBA (`rgba`, shared, never changed)
   * and makes its own RGB `data` when asked.
   * @throws Error with a one-line message naming the byte offset when the batch is malformed.
   */
  apply(batch: Uint8Array): RgbImage[] {
    const shown: RgbImage[] = [];
    try {
      this.#replayAll(batch, shown);
    } finally {
      // Pixels set before a malformed operation are kept, like everything drawn before it.
      this.#endPixelRun();
    }
    return shown;
  }

  #replayAll(batch: Uint8Array, shown: RgbImage[]): void {
    const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
    const n = this.#n;
    let p = 0;
    while (p < batch.length) {
      const start = p;
      if (p + 2 > batch.length) throw malformed(start, 'a truncated operation header');
      const code = batch[p] ?? 0;
      const count = batch[p + 1] ?? 0;
      p += 2;
      const spec = SPECS[code];
      if (spec === undefined) throw malformed(start, `unknown operation ${code}`);
      const [name, expected, rule] = spec;
      if (count !== expected) {
        throw malformed(start, `${name} with ${count} numbers (it takes ${expected})`);
      }
      if (p + 8 * count + 4 > batch.length) throw malformed(start, `a truncated ${name}`);
      for (let i = 0; i < count; i++, p += 8) {
        const v = view.getFloat64(p, true);
        if (!Number.isFinite(v)) throw malformed(start, `${name} with number ${i} = ${v}`);
        n[i] = v;
      }
      const m = view.getUint32(p, true);
      p += 4;
      if (p + m > batch.length) throw malformed(start, `${name} with ${m} bytes past the end`);
      const unit = BYTE_UNIT[rule];
      if (unit === 0 ? m !== 0 : m % unit !== 0) {
        const want = unit === 0 ? 'none' : `a multiple of ${unit}`;
        throw malformed(start, `${name} with ${m} bytes (it takes ${want})`);
      }
      const bytes = batch.subarray(p, p + m);
      p += m;
      if (code === DrawOp.SET_PIXEL) {
        this.#setPixel(n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 0, n[4] ?? 0);
        continue;
      }
      this.#endPixelRun();
      const picture = this.#replay(code, n, bytes, start, batch.subarray(start, p));
      if (picture !== undefined) shown.push(picture);
    }
  }

  /** The colour at (x, y) (fractions drop, as ng's int arguments); outside → [0, 0, 0]. */
  getPixel(x: number, y: number): [number, number, number] {
    const px = Math.floor(x);
    const py = Math.floor(y);
    if (!(px >= 0 && py >= 0 && px < this.#width && py < this.#height)) return [0, 0, 0];
    const pixels = this.#readBack();
    const i = (py * this.#width + px) * 4;
    return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
  }

  #replay(
    code: number,
    n: Float64Array,
    bytes: Uint8Array,
    at: number,
    op: Uint8Array,
  ): RgbImage | undefined {
    const ctx = this.#ctx;
    const v = (i: number) => n[i] ?? 0;
    switch (code) {
      case DrawOp.SOLID_FILL:
        ctx.fillStyle = color(n, 4);
        ctx.fillRect(v(0), v(1), v(2), v(3));
        break;
      case DrawOp.LINEAR_GRADIENT: {
        const rect = rectOf(n);
        ctx.fillStyle = this.#gradient(op, () =>
          linearGradient(ctx, rect, v(4), v(5), v(6), v(7), readStops(bytes, 5), v(8)),
        );
        ctx.fillRect(rect.x, rect.y, rect.w, rect.h);
        break;
      }
      case DrawOp.CONICAL_GRADIENT:
        ctx.fillStyle = this.#gradient(op, () =>
          conicalGradient(ctx, v(4), v(5), v(6), readStops(bytes, 5)),
        );
        ctx.fillRect(v(0), v(1), v(2), v(3));
        break;
      case DrawOp.RADIAL_GRADIENT: {
        const rect = rectOf(n);
        const [cx, cy, r, fx, fy, fr, spread] = [v(4), v(5), v(6), v(7), v(8), v(9), v(10)];
        ctx.fillStyle = this.#gradient(op, () =>
          radialGradient(ctx, rect, cx, cy, r, fx, fy, fr, readStops(bytes, 4), spread),
        );
        ctx.fillRect(rect.x, rect.y, rect.w, rect.h);
        break;
      }
      case DrawOp.LINE: {
        const w = penWidth(v(4));
        const o = penOffset(w);
        const path = new (skia().Path2D)();
        path.moveTo(v(0) + o, v(1) + o);
        path.lineTo(v(2) + o, v(3) + o);
        this.#outline(path, w, color(n, 5));
        break;
      }
      case DrawOp.POINT: {
        // Qt draws a point as a square of the pen's width (its default cap is square).
        const w = penWidth(v(2));
        const o = penOffset(w) - w / 2;
        ctx.fillStyle = color(n, 3);
        ctx.fillRect(v(0) + o, v(1) + o, w, w);
        break;
      }
      case DrawOp.RECT: {
        const w = penWidth(v(4));
        const o = penOffset(w);
        const path = new (skia().Path2D)();
        path.rect(v(0) + o, v(1) + o, v(2), v(3));
        this.#outline(path, w, color(n, 5));
        break;
      }
      case DrawOp.POLYGON:
        this.#polygon(bytes, color(n, 0));
        break;
      case DrawOp.PIE: {
        const fill = color(n, 5);
        this.#pie(v(0), v(1), v(2), v(3), v(4), fill, fill);
        break;
      }
      case DrawOp.PIE_GRADIENT: {
        // ng gives the gradient pie a transparent pen: no outline.
        const brush = this.#gradient(op, () =>
          conicalGradient(ctx, v(0), v(1), v(3), readStops(bytes, 5)),
        );
        this.#pie(v(0), v(1), v(2), v(3), v(4), brush, null);
        break;
      }
      case DrawOp.SET_PIXEL:
        // Taken by apply() before it gets here (a run of them is written at once).
        this.#setPixel(v(0), v(1), v(2), v(3), v(4));
        this.#endPixelRun();
        return undefined;
      case DrawOp.ROTATE:
        ctx.rotate((v(0) * Math.PI) / 180);
        return undefined;
      case DrawOp.OFFSET:
        ctx.translate(v(0), v(1));
        return undefined;
      case DrawOp.SHEAR:
        // QPainter::shear(sh, sv) maps (x, y) to (x + sh·y, sv·x + y).
        ctx.transform(1, v(1), v(0), 1, 0, 0);
        return undefined;
      case DrawOp.RESET_TRANSFORM:
        ctx.resetTransform();
        return undefined;
      case DrawOp.SAVE:
        this.#stack.push(this.#picture());
        return undefined;
      case DrawOp.STACK_CLEAR:
        this.#stack = [];
        return undefined;
      case DrawOp.MIN_SIZE:
        this.#resize(v(0), v(1), at);
        return undefined;
      case DrawOp.SHOW:
        return this.#show(v(0), at);
    }
    this.#pixels = null;
    return undefined;
  }

  /** The gradient an operation's bytes describe (everything it depends on is in them), made once. */
  #gradient(op: Uint8Array, make: () => GradientFill): GradientFill {
    return this.#gradients.get(op, make);
  }

  /**
   * Strokes `path` with a QPen of `width` whole pixels: square caps, bevel joins. A 1-pixel pen
   * fills its stroked outline instead, because Skia draws strokes of width ≤ 1 as hairlines,
   * which have no joins, where aliased Qt fills the corner pixel.
   */
  #outline(path: Path2D, width: number, style: string): void {
    const ctx = this.#ctx;
    if (width === 1) {
      ctx.fillStyle = style;
      ctx.fill(path.stroke(THIN_PEN));
    } else {
      ctx.lineWidth = width;
      ctx.strokeStyle = style;
      ctx.stroke(path);
    }
  }

  /** ng fills with Qt's default odd-even rule, then outlines with a 1-pixel pen of the colour. */
  #polygon(bytes: Uint8Array, style: string): void {
    if (bytes.length < 2) return;
    const shape = new (skia().Path2D)();
    const edge = new (skia().Path2D)();
    for (let i = 0; i + 1 < bytes.length; i += 2) {
      const x = bytes[i] ?? 0;
      const y = bytes[i + 1] ?? 0;
      // An explicit moveTo: @napi-rs/canvas does not start a path at its first lineTo.
      if (i === 0) {
        shape.moveTo(x, y);
        edge.moveTo(x + 0.5, y + 0.5);
      } else {
        shape.lineTo(x, y);
        edge.lineTo(x + 0.5, y + 0.5);
      }
    }
    shape.closePath();
    edge.closePath();
    this.#ctx.fillStyle = style;
    this.#ctx.fill(shape, 'evenodd');
    this.#outline(edge, 1, style);
  }

  /**
   * A pie: `start` and `span` in degrees, counter-clockwise from 3 o'clock as in Qt (a negative
   * span turns clockwise). Canvas angles run clockwise, hence the negations.
   */
  #pie(
    cx: number,
    cy: number,
    radius: number,
    start: number,
    span: number,
    brush: GradientFill,
    outline: string | null,
  ): void {
    if (span === 0 || radius <= 0) return;
    const sweep = Math.max(-360, Math.min(360, span));
    const a0 = (-start * Math.PI) / 180;
    const a1 = (-(start + sweep) * Math.PI) / 180;
    const sector = (shift: number) => {
      const path = new (skia().Path2D)();
      path.moveTo(cx + shift, cy + shift);
      path.arc(cx + shift, cy + shift, radius, a0, a1, sweep > 0);
      path.closePath();
      return path;
    };
    this.#ctx.fillStyle = brush;
    this.#ctx.fill(sector(0));
    if (outline !== null) this.#outline(sector(0.5), 1, outline);
  }

  /**
   * Like QImage::setPixel: device pixels, no transform, no blending (the colour is opaque);
   * outside the canvas nothing happens. The pixel goes into the pending run of set pixels, which
   * `#endPixelRun` writes into the canvas.
   */
  #setPixel(x: number, y: number, r: number, g: number, b: number): void {
    const px = Math.floor(x);
    const py = Math.floor(y);
    if (!(px >= 0 && py >= 0 && px < this.#width && py < this.#height)) return;
    // The canvas is always opaque, so its read-back is exactly what putImageData writes back.
    this.#pixelRun ??= this.#ctx.getImageData(0, 0, this.#width, this.#height);
    const data = this.#pixelRun.data;
    const i = (py * this.#width + px) * 4;
    data[i] = channel(r);
    data[i + 1] = channel(g);
    data[i + 2] = channel(b);
    data[i + 3] = 255;
  }

  /** Writes the pending run of set pixels into the canvas (putImageData ignores the transform). */
  #endPixelRun(): void {
    const run = this.#pixelRun;
    if (run === null) return;
    this.#pixelRun = null;
    this.#ctx.putImageData(run, 0, 0);
    this.#pixels = run.data;
  }

  /**
   * ng scales its picture to the new size (Qt::KeepAspectRatioByExpanding, smooth, computed by
   * the module) and starts a new QPainter on it, so the transform is reset as well.
   */
  #resize(w: number, h: number, at: number): void {
    if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) {
      throw malformed(at, `MIN_SIZE ${w}×${h} is not whole pixels ≥ 1`);
    }
    if (w > MAX_CANVAS_SIDE || h > MAX_CANVAS_SIDE) {
      throw new Error(
        `imageMinSize(${w}, ${h}) asks for more than the largest effect canvas, ${MAX_CANVAS_SIDE}×${MAX_CANVAS_SIDE}; ask for a smaller size`,
      );
    }
    if (w === this.#width && h === this.#height) return;
    const old = this.#canvas;
    this.#canvas = skia().createCanvas(w, h);
    this.#ctx = this.#canvas.getContext('2d');
    // Made by the old context: the new one makes its own.
    this.#gradients.clear();
    this.#width = w;
    this.#height = h;
    this.#preparePainter();
    this.#ctx.fillStyle = '#000';
    this.#ctx.fillRect(0, 0, w, h);
    this.#ctx.imageSmoothingEnabled = true;
    this.#ctx.imageSmoothingQuality = 'low';
    this.#ctx.drawImage(old, 0, 0, w, h);
    this.#pixels = null;
  }

  #show(imageId: number, at: number): RgbImage {
    if (imageId < 0) return this.#picture();
    const saved = Number.isInteger(imageId) ? this.#stack[imageId] : undefined;
    if (saved === undefined) {
      throw new Error(
        `imageShow(${imageId}) at byte ${at}: no saved picture ${imageId} (the stack holds ${this.#stack.length}); pass an index imageSave() returned`,
      );
    }
    // A saved picture keeps the size the canvas had when it was saved.
    return new CanvasPicture(saved.width, saved.height, saved.rgba);
  }

  /**
   * The canvas as a picture. It keeps the read-back itself: a read-back is never changed (the
   * next drawing makes a new one), so pictures may share it.
   */
  #picture(): CanvasPicture {
    return new CanvasPicture(this.#width, this.#height, this.#readBack());
  }

  #readBack(): Uint8Array | Uint8ClampedArray {
    if (this.#pixels === null) {
      // The raw pixels, RGBA premultiplied: the canvas is opaque (black at first, and every
      // operation paints over it), so they are the colours getImageData would give, without its
      // conversion and its ImageData.
      this.#pixels = this.#canvas.data();
    }
    return this.#pixels;
  }

  /** QPainter's defaults: square caps and bevel joins. */
  #preparePainter(): void {
    this.#ctx.lineCap = 'square';
    this.#ctx.lineJoin = 'bevel';
  }
}

/** Qt's pen width: whole pixels; 0 (cosmetic) and anything below draw 1 pixel wide. */
function penWidth(thickness: number): number {
  return Math.max(1, Math.round(thickness));
}

/**
 * Aliased Qt puts the spare pixel of an odd pen right of and below the line, and spreads an
 * even pen evenly around it: shifting odd pens by half a pixel does the same on Skia.
 */
function penOffset(width: number): number {
  return width % 2 === 1 ? 0.5 : 0;
}

function rectOf(n: Float64Array): Rect {
  return { x: n[0] ?? 0, y: n[1] ?? 0, w: n[2] ?? 0, h: n[3] ?? 0 };
}

/** A colour value as a byte: rounded, and clamped to 0..255. */
function channel(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** The CSS colour of the numbers r, g, b, a starting at `i`. */
function color(n: Float64Array, i: number): string {
  const c = (k: number) => channel(n[k] ?? 0);
  return cssColor(c(i), c(i + 1), c(i + 2), c(i + 3));
}

function malformed(at: number, what: string): Error {
  return new Error(
    `Malformed DRAW batch from the effect: ${what} at byte ${at}; the hyperion module and the engine disagree on python/PIPE.md`,
  );
}
