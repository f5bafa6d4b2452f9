/**
 * `ledcolors imagestream-start` / `-stop` on a real server: a WebSocket client gets the picture a
 * grabber sends as PNG data URLs, nothing while a colour shows, and nothing after stop.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { FlatbufClient, rawImageMessage, registerMessage } from './support/flatbuf-client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

let t: TestServer;

beforeAll(async () => {
  t = await startServer({
    prepare: (server) => {
      const config = configuration([0], 4) as unknown as Configuration;
      const settings = config.instances[0]?.settings as Record<string, unknown>;
      settings.smoothing = { enable: false };
      settings.foregroundEffect = { enable: false };
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 5 };
      server.store.replace(config, 'test set-up');
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Width, height and the distinct pixels of a PNG data URL, read by the PNG format (8-bit RGB, one
 * IDAT, each row after its filter byte: None, Sub, Up, Average or Paeth).
 */
function readPng(url: string): { width: number; height: number; colours: string[] } {
  expect(url.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatAt = png.indexOf('IDAT');
  const length = png.readUInt32BE(idatAt - 4);
  const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + length));
  const row = width * 3;
  const pixels = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (row + 1)];
    for (let x = 0; x < row; x++) {
      const a = x >= 3 ? (pixels[y * row + x - 3] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * row + x] as number) : 0;
      const c = x >= 3 && y > 0 ? (pixels[(y - 1) * row + x - 3] as number) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter as number];
      if (predictor === undefined) throw new Error(`row ${y} has filter ${filter}`);
      pixels[y * row + x] = (raw[y * (row + 1) + 1 + x] as number) + predictor;
    }
  }
  const colours = new Set<string>();
  for (let i = 0; i < pixels.length; i += 3) colours.add(pixels.subarray(i, i + 3).join(','));
  return { width, height, colours: [...colours] };
}

/** 640×480: 60 black rows above and below an orange picture (a film letterboxed). */
function letterboxed(): Uint8Array {
  const data = new Uint8Array(640 * 480 * 3);
  for (let i = 640 * 60 * 3; i < 640 * 420 * 3; i += 3) data.set([255, 128, 0], i);
  return data;
}

const isImage = (p: Record<string, unknown>) => p.command === 'ledcolors-imagestream-update';

describe('the image stream', () => {
  it('streams the visible picture source as PNG data URLs until stop', async () => {
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const socket = await LiveSocket.open(t.ws, t.token);
    const grabber = await FlatbufClient.connect(port);
    try {
      expect(
        await socket.call({ command: 'ledcolors', subcommand: 'imagestream-start' }),
      ).toMatchObject({ command: 'ledcolors-imagestream-start', success: true });
      await grabber.ask(registerMessage('Grabber', 150));
      // 640×4, two rows orange, two blue: scaled down to 320×2, a row of each.
      const pixels = Uint8Array.from(
        { length: 640 * 4 * 3 },
        (_, i) => (i < 640 * 2 * 3 ? [255, 128, 0] : [0, 64, 255])[i % 3] ?? 0,
      );
      await grabber.ask(rawImageMessage(pixels, 640, 4));
      const push = await socket.next(isImage);
      expect(push.instance).toBe(0);
      const image = readPng((push.data as { image: string }).image);
      expect(image).toEqual({ width: 320, height: 2, colours: ['255,128,0', '0,64,255'] });
      // No black bars in it: no border.
      expect(Object.keys(push.data as object)).toEqual(['image']);

      expect(
        await socket.call({ command: 'ledcolors', subcommand: 'imagestream-stop' }),
      ).toMatchObject({ success: true });
      socket.pushes.splice(0);
      await grabber.ask(rawImageMessage(pixels, 640, 4));
      // A serverinfo round trip later, no picture came.
      await socket.call({ command: 'serverinfo' });
      expect(socket.pushes.filter(isImage)).toEqual([]);
    } finally {
      grabber.close();
      socket.close();
    }
  });

  it('sends the picture shown now at once on start', async () => {
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const grabber = await FlatbufClient.connect(port);
    const socket = await LiveSocket.open(t.ws, t.token);
    try {
      await grabber.ask(registerMessage('Still', 140));
      // One picture, then nothing: a paused player, or a JSON image sent once.
      const pixels = Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => [0, 64, 255][i % 3] ?? 0);
      await grabber.ask(rawImageMessage(pixels, 4, 2));
      await until(() =>
        t.server.runtime
          .instance(0)
          ?.view.priorities.some((p) => p.priority === 140 && p.visible && p.active),
      );
      expect(
        await socket.call({ command: 'ledcolors', subcommand: 'imagestream-start', instance: 0 }),
      ).toMatchObject({ success: true });
      const push = await socket.next(isImage);
      expect(push.instance).toBe(0);
      expect(readPng((push.data as { image: string }).image)).toEqual({
        width: 4,
        height: 2,
        colours: ['0,64,255'],
      });
    } finally {
      grabber.close();
      socket.close();
    }
  });

  it('carries the black border detection applies, in pixels of the picture pushed', async () => {
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const socket = await LiveSocket.open(t.ws, t.token);
    const grabber = await FlatbufClient.connect(port);
    const blackBorder = (state: boolean) =>
      socket.call({
        command: 'componentstate',
        instance: [0],
        componentstate: { component: 'BLACKBORDER', state },
      });
    try {
      await socket.call({ command: 'ledcolors', subcommand: 'imagestream-start', instance: 0 });
      // Detection off: the letterboxed picture comes without a border.
      expect(await blackBorder(false)).toMatchObject({ success: true });
      await grabber.ask(registerMessage('Film', 130));
      await grabber.ask(rawImageMessage(letterboxed(), 640, 480));
      const plain = await socket.next(isImage);
      expect(readPng((plain.data as { image: string }).image).width).toBe(320);
      expect(Object.keys(plain.data as object)).toEqual(['image']);

      // On again: detection starts afresh on the picture shown now, whose bars (60 rows and
      // the detector's one blurred row, of 480) are pushed at 320×240 as 31 rows.
      expect(await blackBorder(true)).toMatchObject({ success: true });
      const bars = { top: 31, bottom: 31, left: 0, right: 0 };
      const push = await socket.next(
        (p) => isImage(p) && (p.data as { border?: unknown }).border !== undefined,
      );
      expect((push.data as { border: unknown }).border).toEqual(bars);

      // A session starting now gets the border with the picture shown now.
      const late = await LiveSocket.open(t.ws, t.token);
      try {
        await late.call({ command: 'ledcolors', subcommand: 'imagestream-start', instance: 0 });
        const first = await late.next(isImage);
        expect((first.data as { border: unknown }).border).toEqual(bars);
      } finally {
        late.close();
      }
    } finally {
      await blackBorder(true);
      grabber.close();
      socket.close();
    }
  });

  it('sends nothing at start while a colour shows', async () => {
    const socket = await LiveSocket.open(t.ws, t.token);
    try {
      await socket.call({ command: 'color', color: [255, 0, 0], priority: 20, origin: 'Test' });
      await socket.call({ command: 'ledcolors', subcommand: 'imagestream-start', instance: 0 });
      await socket.call({ command: 'serverinfo' });
      expect(socket.pushes.filter(isImage)).toEqual([]);
    } finally {
      await socket.call({ command: 'clear', priority: 20 });
      socket.close();
    }
  });

  it('is refused over HTTP, where there is no session to push to', async () => {
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'ledcolors', subcommand: 'imagestream-start' },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    expect(reply.json).toMatchObject({
      success: false,
      error: 'Command not supported via single API calls using HTTP/S',
    });
  });
});
