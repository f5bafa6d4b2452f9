/**
 * `sourceselect`, `processing` and `videomode` on a real server, as a WebSocket client sees them:
 * the reply, the push, and what serverinfo shows afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { configuration } from './support/configs.js';
import {
  colorMessage,
  FlatbufClient,
  rawImageMessage,
  registerMessage,
} from './support/flatbuf-client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

type Json = Record<string, unknown>;
type Priority = { priority: number; visible: boolean };

let t: TestServer;
let socket: LiveSocket;

beforeAll(async () => {
  t = await startServer({
    prepare: (server) => {
      const config = configuration([0], 4) as unknown as Configuration;
      const settings = config.instances[0]?.settings as Json;
      settings.smoothing = { enable: false };
      settings.foregroundEffect = { enable: false };
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 5 };
      server.store.replace(config, 'test set-up');
    },
  });
  socket = await LiveSocket.open(t.ws, t.token);
  const subscribed = await socket.call({
    command: 'serverinfo',
    subscribe: ['priorities-update', 'imageToLedMapping-update', 'videomode-update'],
  });
  expect(subscribed.success).toBe(true);
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

/** The serverinfo `info` the socket's session reads. */
async function info(): Promise<Json> {
  const reply = await socket.call({ command: 'serverinfo' });
  return reply.info as Json;
}

const visibleOf = (priorities: Priority[]) => priorities.find((p) => p.visible)?.priority;

/** The next priorities-update whose visible priority and auto-select are these. */
const prioritiesUpdate = (visible: number, auto: boolean) =>
  socket.next((push) => {
    const data = push.data as { priorities: Priority[]; priorities_autoselect: boolean };
    return (
      push.command === 'priorities-update' &&
      visibleOf(data.priorities) === visible &&
      data.priorities_autoselect === auto
    );
  });

describe('sourceselect', () => {
  it('pins a priority, and goes back to auto when that source disconnects', async () => {
    expect(await socket.call({ command: 'color', priority: 10, color: [255, 0, 0] })).toMatchObject(
      { success: true },
    );
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const grabber = await FlatbufClient.connect(port);
    try {
      await grabber.ask(registerMessage('Grabber', 150));
      await grabber.ask(colorMessage(0x0000ff00));
      await prioritiesUpdate(10, true);

      socket.pushes.splice(0);
      const reply = await socket.call({ command: 'sourceselect', priority: 150 });
      expect(reply).toMatchObject({ command: 'sourceselect', success: true });
      await prioritiesUpdate(150, false);
      const pinned = await info();
      expect(pinned.priorities_autoselect).toBe(false);
      expect(visibleOf(pinned.priorities as Priority[])).toBe(150);
      socket.pushes.splice(0);
    } finally {
      grabber.close();
    }
    await prioritiesUpdate(10, true);
    const after = await info();
    expect(after.priorities_autoselect).toBe(true);
    expect(visibleOf(after.priorities as Priority[])).toBe(10);
  });

  it('goes back to auto-select with auto: true', async () => {
    await socket.call({ command: 'color', priority: 60, color: [0, 0, 255] });
    expect(await socket.call({ command: 'sourceselect', priority: 60 })).toMatchObject({
      success: true,
    });
    await prioritiesUpdate(60, false);
    socket.pushes.splice(0);
    expect(await socket.call({ command: 'sourceselect', auto: true, priority: 60 })).toMatchObject({
      success: true,
    });
    await prioritiesUpdate(10, true);
    expect((await info()).priorities_autoselect).toBe(true);
  });

  it('refuses a priority nobody holds, and a request with neither key, naming them', async () => {
    const absent = await socket.call({ command: 'sourceselect', priority: 77 });
    expect(absent).toMatchObject({
      command: 'sourceselect',
      success: false,
      error: 'No source at priority 77',
    });
    expect(JSON.stringify(absent.errorData)).toContain('/priority: no source holds priority 77');
    const neither = await socket.call({ command: 'sourceselect', auto: false });
    expect(neither).toMatchObject({ command: 'sourceselect', success: false });
    expect(JSON.stringify(neither.errorData)).toContain('needs priority');
    expect((await info()).priorities_autoselect).toBe(true);
  });
});

/** The next LED frame streamed to the socket that satisfies `match`. */
const ledsWhere = async (match: (leds: number[]) => boolean) => {
  let last: number[] = [];
  const push = await socket
    .next((p) => {
      if (p.command !== 'ledcolors-ledstream-update') return false;
      last = (p.data as { leds: number[] }).leds;
      return match(last);
    })
    .catch((error: Error) => {
      throw new Error(`${error.message}; the last LEDs: ${last.join()}`);
    });
  return (push.data as { leds: number[] }).leds;
};

describe('processing', () => {
  it('maps the picture with the new type at once, pushes it, and serverinfo shows it', async () => {
    // Left half red, right half blue; the 4 LEDs sit along the top, one per column.
    const raw = Buffer.from([255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]).toString('base64');
    expect(
      await socket.call({
        command: 'image',
        priority: 5,
        imagedata: raw,
        imagewidth: 4,
        imageheight: 1,
      }),
    ).toMatchObject({ success: true });
    await socket.call({ command: 'ledcolors', subcommand: 'ledstream-start' });
    const perLed = [255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255];
    await ledsWhere((leds) => leds.join() === perLed.join());

    const reply = await socket.call({ command: 'processing', mappingType: 'unicolor_mean' });
    expect(reply).toMatchObject({ command: 'processing', success: true });
    expect(await socket.next((p) => p.command === 'imageToLedMapping-update')).toMatchObject({
      instance: 0,
      data: { imageToLedMappingType: 'unicolor_mean' },
    });
    expect((await info()).imageToLedMappingType).toBe('unicolor_mean');
    // One colour, the whole picture's mean, on every LED.
    const leds = await ledsWhere((l) => l[0] === l[9] && l[2] === l[11]);
    expect(leds.slice(0, 3)).toEqual([127, 0, 127]);

    await socket.call({ command: 'processing', mappingType: 'multicolor_mean' });
    await ledsWhere((l) => l.join() === perLed.join());
    await socket.call({ command: 'ledcolors', subcommand: 'ledstream-stop' });
    await socket.call({ command: 'clear', priority: 5 });
  });

  it('refuses a mapping type the color group does not list, naming the field', async () => {
    const reply = await socket.call({ command: 'processing', mappingType: 'average' });
    expect(reply).toMatchObject({ command: 'processing', success: false });
    expect(JSON.stringify(reply.errorData)).toContain(
      '/mappingType: must be one of: multicolor_mean',
    );
    expect((await info()).imageToLedMappingType).toBe('multicolor_mean');
  });
});

describe('videomode', () => {
  it("uses the left half of a grabber's frames in 3DSBS, for every session, until 2D", async () => {
    const port = t.server.listening.flatbuf?.port;
    if (!port) throw new Error('the flatbuffers server is not listening');
    const grabber = await FlatbufClient.connect(port);
    const other = await LiveSocket.open(t.ws, t.token);
    try {
      await other.call({ command: 'serverinfo', subscribe: ['videomode-update'] });
      await socket.call({ command: 'clearall' });
      await grabber.ask(registerMessage('Grabber', 150));
      // 8×4, every row two pixels each of red, green, blue, white; the 4 LEDs sit along the top.
      const row = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];
      const pixels = row.flatMap((_, i) =>
        i % 3 === 0 ? [...row.slice(i, i + 3), ...row.slice(i, i + 3)] : [],
      );
      await grabber.ask(
        rawImageMessage(Uint8Array.from([...pixels, ...pixels, ...pixels, ...pixels]), 8, 4),
      );
      await socket.call({ command: 'ledcolors', subcommand: 'ledstream-start' });
      await ledsWhere((leds) => leds.join() === row.join());

      const reply = await socket.call({ command: 'videomode', videoMode: '3DSBS' });
      expect(reply).toMatchObject({ command: 'videomode', success: true });
      expect(await other.next((p) => p.command === 'videomode-update')).toEqual({
        command: 'videomode-update',
        data: { videomode: '3DSBS' },
      });
      expect((await info()).videomode).toBe('3DSBS');
      // The left half (red, green) spread over the 4 LEDs.
      const left = [255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0];
      await ledsWhere((leds) => leds.join() === left.join());

      await socket.call({ command: 'videomode', videoMode: '3DTAB' });
      expect((await info()).videomode).toBe('3DTAB');
      await socket.call({ command: 'videomode', videoMode: '2D' });
      await ledsWhere((leds) => leds.join() === row.join());
      expect((await info()).videomode).toBe('2D');
    } finally {
      other.close();
      grabber.close();
      await socket.call({ command: 'ledcolors', subcommand: 'ledstream-stop' });
    }
  });

  it('refuses a mode it does not know, naming the field', async () => {
    const reply = await socket.call({ command: 'videomode', videoMode: '3D' });
    expect(reply).toMatchObject({ command: 'videomode', success: false });
    expect(JSON.stringify(reply.errorData)).toContain(
      '/videoMode: must be one of: 2D, 3DSBS, 3DTAB',
    );
  });
});
