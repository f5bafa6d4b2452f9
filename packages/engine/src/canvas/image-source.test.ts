import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { GifWriter } from 'omggif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEffectImage } from './image-source.js';

/** A 3×2 picture, row by row: every pixel its own colour. */
const PIXELS = [
  [200, 100, 50],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 255],
  [10, 20, 30],
  [255, 0, 0],
];

function pngBytes(): Buffer {
  const canvas = createCanvas(3, 2);
  const ctx = canvas.getContext('2d');
  PIXELS.forEach(([r, g, b], i) => {
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(i % 3, Math.floor(i / 3), 1, 1);
  });
  return canvas.toBuffer('image/png');
}

const BLACK = 0x000000;
const RED = 0xff0000;
const GREEN = 0x00ff00;
const BLUE = 0x0000ff;

/**
 * A 4×2 animation: frame 0 all red; frame 1 paints (2, 0) green with (3, 0) transparent and
 * asks for its 2×1 area to be cleared afterwards; frame 2 paints (0, 1) blue.
 */
function gifBytes(): Uint8Array {
  const buf = new Uint8Array(1024);
  const writer = new GifWriter(buf, 4, 2, { palette: [BLACK, RED, GREEN, BLUE], loop: 0 });
  writer.addFrame(0, 0, 4, 2, [1, 1, 1, 1, 1, 1, 1, 1], { delay: 10 });
  writer.addFrame(2, 0, 2, 1, [2, 0], { delay: 10, transparent: 0, disposal: 2 });
  writer.addFrame(0, 1, 1, 1, [3], { delay: 10 });
  return buf.slice(0, writer.end());
}

const rgb = (...colors: number[][]) => new Uint8Array(colors.flat());
const R = [255, 0, 0];
const G = [0, 255, 0];
const B = [0, 0, 255];
const K = [0, 0, 0];

describe('loadEffectImage', () => {
  let dir: string;
  let empty: string;
  let png: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glowkit-image-'));
    empty = join(dir, 'empty');
    await mkdir(empty);
    png = pngBytes();
    await writeFile(join(dir, 'pic.png'), png);
    await writeFile(join(dir, 'anim.gif'), gifBytes());
    await writeFile(join(dir, 'broken.png'), 'this is not a picture');
    const jpeg = createCanvas(4, 4);
    const ctx = jpeg.getContext('2d');
    ctx.fillStyle = 'rgb(40,120,200)';
    ctx.fillRect(0, 0, 4, 4);
    await writeFile(join(dir, 'flat.jpg'), jpeg.toBuffer('image/jpeg', 100));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const request = (source: string, extra: Partial<Parameters<typeof loadEffectImage>[0]> = {}) =>
    loadEffectImage({ source, crop: [0, 0, 0, 0], grayscale: false, resourceDirs: [], ...extra });

  it('reads a PNG by path as one RGB frame', async () => {
    const frames = await request(join(dir, 'pic.png'));
    expect(frames).toEqual([{ width: 3, height: 2, data: rgb(...PIXELS) }]);
    // A file: URL names the same file.
    expect(await request(pathToFileURL(join(dir, 'pic.png')).href)).toEqual(frames);
  });

  it('reads a JPEG', async () => {
    const [frame] = await request(join(dir, 'flat.jpg'));
    expect([frame?.width, frame?.height]).toEqual([4, 4]);
    const [r = 0, g = 0, b = 0] = frame?.data ?? [];
    expect(Math.abs(r - 40) + Math.abs(g - 120) + Math.abs(b - 200)).toBeLessThanOrEqual(6);
  });

  it('finds a :name resource in the first folder that has it', async () => {
    const frames = await request(':pic.png', { resourceDirs: [empty, dir] });
    expect(frames[0]?.data).toEqual(rgb(...PIXELS));
    // A relative path is looked up in the same folders.
    expect((await request('pic.png', { resourceDirs: [empty, dir] }))[0]?.width).toBe(3);
    expect((await request(relative(process.cwd(), join(dir, 'pic.png'))))[0]?.width).toBe(3);
  });

  it('uses the embedded imageData and ignores the source', async () => {
    const frames = await request('', { imageData: png.toString('base64') });
    expect(frames).toEqual([{ width: 3, height: 2, data: rgb(...PIXELS) }]);
    expect(await request('missing.png', { imageData: png.toString('base64') })).toEqual(frames);
  });

  it('crops left, top, right and bottom pixels away', async () => {
    const [frame] = await request(join(dir, 'pic.png'), { crop: [1, 0, 0, 1] });
    expect(frame).toEqual({ width: 2, height: 1, data: rgb([0, 255, 0], [0, 0, 255]) });
    const [right] = await request(join(dir, 'pic.png'), { crop: [0, 1, 2, 0] });
    expect(right).toEqual({ width: 1, height: 1, data: rgb([255, 255, 255]) });
  });

  it("greys with Qt's qGray weights", async () => {
    const [frame] = await request(join(dir, 'pic.png'), { grayscale: true });
    // (11·r + 16·g + 5·b) / 32, truncated: (200,100,50) → 126, green → 127, blue → 39, (10,20,30) → 18.
    expect(Array.from(frame?.data ?? []).filter((_, i) => i % 3 === 0)).toEqual([
      126, 127, 39, 255, 18, 87,
    ]);
    expect(frame?.data.slice(0, 3)).toEqual(new Uint8Array([126, 126, 126]));
  });

  it('gives every frame of an animated GIF as the full picture, disposal applied', async () => {
    const frames = await request(join(dir, 'anim.gif'));
    expect(frames).toHaveLength(3);
    expect(frames.map((f) => [f.width, f.height])).toEqual([
      [4, 2],
      [4, 2],
      [4, 2],
    ]);
    expect(frames[0]?.data).toEqual(rgb(R, R, R, R, R, R, R, R));
    // Frame 1 over frame 0: its transparent pixel (3, 0) lets the red through.
    expect(frames[1]?.data).toEqual(rgb(R, R, G, R, R, R, R, R));
    // Frame 1 asked for its area to be cleared: (2, 0) and (3, 0) turn black under frame 2.
    expect(frames[2]?.data).toEqual(rgb(R, R, K, K, B, R, R, R));
  });

  it('crops and greys each GIF frame', async () => {
    const frames = await request(join(dir, 'anim.gif'), { crop: [2, 0, 0, 1], grayscale: true });
    // Green greys to 127, red to 87 ((11·255) >> 5).
    expect(frames.map((f) => Array.from(f.data))).toEqual([
      [87, 87, 87, 87, 87, 87],
      [127, 127, 127, 87, 87, 87],
      [0, 0, 0, 0, 0, 0],
    ]);
  });

  describe('errors, one line naming the file', () => {
    const oneLine = /^[^\n]+$/;

    it('refuses web addresses and says what to do', async () => {
      const attempt = request('https://example.com/fire.gif');
      await expect(attempt).rejects.toThrow(/https:\/\/example\.com\/fire\.gif/);
      await expect(request('http://x/y.png')).rejects.toThrow(
        /download the file next to the effect/,
      );
      await expect(request('HTTP://x/y.png')).rejects.toThrow(oneLine);
    });

    it('reports a missing file with its path', async () => {
      const missing = join(dir, 'nope.png');
      await expect(request(missing)).rejects.toThrow(`file not found: ${missing}`);
    });

    it('reports a missing resource with the folders searched', async () => {
      await expect(request(':fire.gif', { resourceDirs: [empty] })).rejects.toThrow(
        `':fire.gif' not found in ${empty}`,
      );
    });

    it('never lets a :name leave its folder', async () => {
      // pic.png is in the parent of `empty`: reachable by path, never as a resource of `empty`.
      for (const source of [':../pic.png', ':/../pic.png', ':sub/../../pic.png']) {
        await expect(request(source, { resourceDirs: [empty] })).rejects.toThrow(
          `getImage: '${source}' leaves the effect folders; name a file inside them, such as ':fire.gif'`,
        );
      }
      // Inside its folder, a sub-folder is fine.
      await mkdir(join(empty, 'sub'), { recursive: true });
      await writeFile(join(empty, 'sub', 'pic.png'), png);
      expect((await request(':sub/pic.png', { resourceDirs: [empty] }))[0]?.width).toBe(3);
    });

    it('reports a file it cannot decode', async () => {
      await expect(request(join(dir, 'broken.png'))).rejects.toThrow(
        `cannot decode ${join(dir, 'broken.png')}`,
      );
      const bad = Buffer.from('GIF89a and then nonsense').toString('base64');
      await expect(request('', { imageData: bad })).rejects.toThrow(/cannot decode the effect's/);
    });

    it('rejects a crop that leaves nothing, as ng does', async () => {
      await expect(request(join(dir, 'pic.png'), { crop: [2, 0, 1, 0] })).rejects.toThrow(
        /crop left 2, top 0, right 1, bottom 0 leaves nothing of the 3×2 picture/,
      );
    });

    it('asks for a source when none is given', async () => {
      await expect(request('')).rejects.toThrow(/no picture given/);
    });
  });
});
