/**
 * `getImage` for effects: reads a picture file (every frame of an animated GIF) as RGB, the way
 * Hyperion.ng's `EffectModule::wrapGetImage` does with QImageReader.
 *
 * Differences from Hyperion.ng:
 * - http(s) sources are refused: the server has no internet access, and a download would stall
 *   the effect. The error says to put the file next to the effect instead.
 * - ng's RGB read-out takes red, green and blue from three neighbouring pixels (and its grey
 *   from three neighbours too); here every pixel keeps its own colour.
 * - Transparent pixels come out black; the colour of a partly transparent pixel is kept
 *   (not darkened), as Qt's non-premultiplied read-out gives it.
 */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RgbImage } from '../types.js';
import { skia } from './skia.js';

/**
 * omggif, loaded by the first GIF an effect reads rather than when the engine is imported: few
 * effects read a GIF, and the server would otherwise keep its code and source from the start.
 * It is a CommonJS package, so it loads synchronously here.
 */
let omggif: typeof import('omggif') | undefined;
const gifReader = (): typeof import('omggif').GifReader => {
  omggif ??= createRequire(import.meta.url)('omggif') as typeof import('omggif');
  return omggif.GifReader;
};

/** What an effect asks `getImage` for (the GET_IMAGE request of python/PIPE.md). */
export interface EffectImageRequest {
  /** A file path, a `file:` URL, or `:name` for a file in one of `resourceDirs`. */
  source: string;
  /** Pixels cut away at the left, top, right and bottom, as ng does. */
  crop: [number, number, number, number];
  /** Grey each pixel with Qt's `qGray` weights (11·r + 16·g + 5·b) / 32. */
  grayscale: boolean;
  /** The effect's embedded picture, base64; when given it is used and `source` is ignored. */
  imageData?: string;
  /** Folders in which `:name` (and a relative path) is looked up, in order. */
  resourceDirs: string[];
}

/** A decoded frame: RGBA, 4 bytes per pixel, alpha not premultiplied. */
interface RgbaFrame {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * Loads the picture an effect asked for: one RGB frame for PNG, JPEG and the other formats Skia
 * decodes, every frame of a GIF (each composed with the frames before it, so it is the full
 * picture), cropped and greyed as requested.
 * @throws Error with a one-line message naming the file when it is missing, refused or cannot be
 * decoded, or when the crop leaves nothing.
 */
export async function loadEffectImage(request: EffectImageRequest): Promise<RgbImage[]> {
  const { bytes, label } = await readSource(request);
  const frames = isGif(bytes) ? decodeGif(bytes, label) : [await decodeWithSkia(bytes, label)];
  return frames.map((frame) => toRgb(frame, request.crop, request.grayscale, label));
}

async function readSource(
  request: EffectImageRequest,
): Promise<{ bytes: Uint8Array; label: string }> {
  if (typeof request.imageData === 'string' && request.imageData.length > 0) {
    const bytes = Buffer.from(request.imageData, 'base64');
    const label = "the effect's embedded imageData";
    if (bytes.length === 0) throw new Error(`getImage: ${label} is not base64 picture data`);
    return { bytes, label };
  }
  const source = request.source ?? '';
  if (source === '') {
    throw new Error("getImage: no picture given; pass a file path or ':name' of a bundled file");
  }
  if (/^https?:\/\//i.test(source)) {
    throw new Error(
      `getImage: '${source}' is a web address and Glowkit does not download pictures (the server has no internet access); download the file next to the effect and pass its name`,
    );
  }
  const path = await locate(source, request.resourceDirs ?? []);
  try {
    return { bytes: await readFile(path), label: path };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`getImage: file not found: ${path}`);
    throw new Error(`getImage: cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Where a source names a file: `:name` and relative paths are looked up in the folders. */
async function locate(source: string, dirs: readonly string[]): Promise<string> {
  if (source.startsWith('file:')) return fileURLToPath(source);
  const resource = source.startsWith(':');
  const name = resource ? source.slice(1).replace(/^\/+/, '') : source;
  if (!resource && isAbsolute(name)) return name;
  if (resource && escapes(name)) {
    throw new Error(
      `getImage: '${source}' leaves the effect folders; name a file inside them, such as ':fire.gif'`,
    );
  }
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (await isFile(candidate)) return candidate;
  }
  if (!resource) return resolve(name);
  const where = dirs.length > 0 ? dirs.join(', ') : 'no resource folders (none configured)';
  throw new Error(`getImage: '${source}' not found in ${where}; put ${name} in one of them`);
}

/** Whether a `:name` climbs out of the folder it is looked up in (`../x`, `a/../../x`). */
function escapes(name: string): boolean {
  const inside = relative('/folder', resolve('/folder', name));
  return inside === '..' || inside.startsWith('../') || isAbsolute(inside);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function isGif(bytes: Uint8Array): boolean {
  // "GIF8": both GIF87a and GIF89a.
  return bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38;
}

async function decodeWithSkia(bytes: Uint8Array, label: string): Promise<RgbaFrame> {
  const { createCanvas, loadImage } = skia();
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw undecodable(label);
  }
  const { width, height } = image;
  if (!(width > 0 && height > 0)) throw undecodable(label);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/**
 * Every frame of a GIF as the full picture: each frame is drawn over what the frames before
 * left, then disposed as it asks (2: its area cleared, 3: the picture restored).
 */
function decodeGif(bytes: Uint8Array, label: string): RgbaFrame[] {
  try {
    const GifReader = gifReader();
    const reader = new GifReader(bytes);
    const { width, height } = reader;
    const screen = new Uint8Array(width * height * 4);
    const frames: RgbaFrame[] = [];
    for (let i = 0; i < reader.numFrames(); i++) {
      const info = reader.frameInfo(i);
      const before = info.disposal === 3 ? screen.slice() : null;
      reader.decodeAndBlitFrameRGBA(i, screen);
      frames.push({ width, height, data: screen.slice() });
      if (info.disposal === 2) {
        const x1 = Math.min(width, info.x + info.width);
        const y1 = Math.min(height, info.y + info.height);
        for (let y = Math.max(0, info.y); y < y1; y++) {
          screen.fill(0, (y * width + Math.max(0, info.x)) * 4, (y * width + x1) * 4);
        }
      } else if (before !== null) {
        screen.set(before);
      }
    }
    if (frames.length === 0) throw new Error('no frames');
    return frames;
  } catch {
    throw undecodable(label);
  }
}

function undecodable(label: string): Error {
  return new Error(
    `getImage: cannot decode ${label}: it is not a PNG, JPEG, GIF or other picture Skia reads`,
  );
}

/** Crops (negative values count as 0), greys if asked, and drops alpha (transparent → black). */
function toRgb(
  frame: RgbaFrame,
  crop: readonly number[],
  grayscale: boolean,
  label: string,
): RgbImage {
  const [left, top, right, bottom] = [0, 1, 2, 3].map((i) =>
    Math.max(0, Math.trunc(Number(crop[i]) || 0)),
  ) as [number, number, number, number];
  if (left + right >= frame.width || top + bottom >= frame.height) {
    throw new Error(
      `getImage: crop left ${left}, top ${top}, right ${right}, bottom ${bottom} leaves nothing of the ${frame.width}×${frame.height} picture ${label}; crop less`,
    );
  }
  const width = frame.width - left - right;
  const height = frame.height - top - bottom;
  const data = new Uint8Array(width * height * 3);
  const src = frame.data;
  let j = 0;
  for (let y = 0; y < height; y++) {
    let k = ((y + top) * frame.width + left) * 4;
    for (let x = 0; x < width; x++, k += 4, j += 3) {
      const visible = (src[k + 3] ?? 0) > 0;
      const r = visible ? (src[k] ?? 0) : 0;
      const g = visible ? (src[k + 1] ?? 0) : 0;
      const b = visible ? (src[k + 2] ?? 0) : 0;
      if (grayscale) {
        const grey = (r * 11 + g * 16 + b * 5) >> 5;
        data[j] = grey;
        data[j + 1] = grey;
        data[j + 2] = grey;
      } else {
        data[j] = r;
        data[j + 1] = g;
        data[j + 2] = b;
      }
    }
  }
  return { width, height, data };
}
