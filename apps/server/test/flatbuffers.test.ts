import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrameText, shows } from './support/file-device.js';
import {
  clearMessage,
  colorMessage,
  FlatbufClient,
  nv12Message,
  rawImageMessage,
  registerMessage,
} from './support/flatbuf-client.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 4;

let t: TestServer | undefined;
const clients: FlatbufClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await t?.close();
  t = undefined;
});

/** One instance, 4 LEDs along the top on a `file` device, no smoothing, no boot effect. */
async function start(flatbufServer: Record<string, unknown> = {}) {
  let output = '';
  t = await startServer({
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS);
      config.global.settings.flatbufServer = {
        enable: true,
        port: 19400,
        timeout: 5,
        ...flatbufServer,
      };
      server.store.replace(config, 'test set-up');
    },
  });
  const port = t.server.listening.flatbuf?.port;
  if (!port) throw new Error('the flatbuffers server is not listening');
  return { t, output, port };
}

async function client(port: number): Promise<FlatbufClient> {
  const c = await FlatbufClient.connect(port);
  clients.push(c);
  return c;
}

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json;

const info = async () =>
  (await rpc({ command: 'serverinfo' })).info as {
    priorities: Record<string, unknown>[];
    components: { name: string; enabled: boolean }[];
    inputSources: Record<string, unknown>[];
  };

/** An 8×2 picture, left half `left`, right half `right`, 3 or 4 bytes a pixel. */
function halves(left: number[], right: number[], bpp = 3): Uint8Array {
  const data = new Uint8Array(8 * 2 * bpp);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 8; x++) data.set((x < 4 ? left : right).slice(0, bpp), (y * 8 + x) * bpp);
  }
  return data;
}

describe('a flatbuffers client', () => {
  it('registers, and its pictures reach the LEDs; it is listed in priorities and inputSources', async () => {
    const { output, port } = await start();
    const c = await client(port);
    expect(await c.ask(registerMessage('X11-Grabber Standalone', 150))).toEqual({
      registered: 150,
      video: -1,
    });
    // Registered, no data yet: listed, inactive.
    expect((await info()).priorities).toEqual([
      {
        active: false,
        componentId: 'FLATBUFSERVER',
        origin: 'X11-Grabber Standalone@127.0.0.1',
        priority: 150,
        visible: false,
      },
    ]);
    expect(await c.ask(rawImageMessage(halves([255, 0, 0], [0, 0, 255]), 8, 2))).toEqual({
      registered: 150,
      video: -1,
    });
    await shows(output, ['255,0,0', '255,0,0', '0,0,255', '0,0,255']);
    // RGBX: the 4th byte is ignored.
    await c.ask(rawImageMessage(halves([0, 255, 0, 9], [255, 255, 0, 9], 4), 8, 2));
    await shows(output, ['0,255,0', '0,255,0', '255,255,0', '255,255,0']);
    const now = await info();
    expect(now.priorities).toEqual([
      {
        active: true,
        componentId: 'FLATBUFSERVER',
        origin: 'X11-Grabber Standalone@127.0.0.1',
        priority: 150,
        visible: true,
      },
    ]);
    expect(now.components).toContainEqual({ enabled: true, name: 'FLATBUFSERVER' });
    expect(now.inputSources).toEqual([
      expect.objectContaining({
        componentId: 'FLATBUFSERVER',
        origin: 'X11-Grabber Standalone@127.0.0.1',
        peer: '127.0.0.1',
        priority: 150,
        framesReceived: 2,
      }),
    ]);
    const source = now.inputSources[0] as { framesShown: number; framesDropped: number };
    expect(source.framesShown + source.framesDropped).toBe(2);
  });

  it('shows NV12 pictures and colours', async () => {
    const { output, port } = await start();
    const c = await client(port);
    await c.ask(registerMessage('HyperTizen', 123));
    // 4×2, limited-range white (Y 235, U = V = 128).
    const y = new Uint8Array(8).fill(235);
    const uv = new Uint8Array(4).fill(128);
    expect((await c.ask(nv12Message(y, uv, 4, 2))).registered).toBe(123);
    await shows(output, Array(LEDS).fill('255,255,255'));
    await c.ask(colorMessage(0x00ff8000));
    await shows(output, Array(LEDS).fill('255,128,0'));
    expect((await info()).priorities[0]).toMatchObject({
      componentId: 'FLATBUFSERVER',
      origin: 'HyperTizen@127.0.0.1',
      priority: 123,
    });
  });

  it('is told to register when it sends before registering, and nothing is shown', async () => {
    const { output, port } = await start();
    const c = await client(port);
    expect(await c.ask(colorMessage(0x00ff0000))).toEqual({ registered: -1, video: -1 });
    expect(await c.ask(rawImageMessage(halves([1, 2, 3], [4, 5, 6]), 8, 2))).toEqual({
      registered: -1,
      video: -1,
    });
    const refused = await c.ask(registerMessage('Grabber', 99));
    expect(refused.error).toBe('The priority 99 is not in the priority range between 100 and 199');
    expect((await info()).priorities).toEqual([]);
    expect(lastFrameText(output)).toEqual(Array(LEDS).fill('0,0,0'));
  });

  it('leaves the muxer when it disconnects: the LEDs show what lies below at once', async () => {
    const { output, port } = await start();
    await rpc({ command: 'color', priority: 180, color: [0, 0, 255], origin: 'User' });
    await shows(output, Array(LEDS).fill('0,0,255'));
    const c = await client(port);
    await c.ask(registerMessage('Grabber', 150));
    await c.ask(colorMessage(0x00ff0000));
    await shows(output, Array(LEDS).fill('255,0,0'));
    c.close();
    await shows(output, Array(LEDS).fill('0,0,255'));
    await until(async () => (await info()).priorities.length === 1);
    expect((await info()).priorities[0]).toMatchObject({ origin: 'User@127.0.0.1', visible: true });
    expect((await info()).inputSources).toEqual([]);
  });

  it('clears its own priority; a clear of another priority is refused and changes nothing', async () => {
    const { output, port } = await start();
    await rpc({ command: 'color', priority: 120, color: [0, 255, 0], origin: 'User' });
    const c = await client(port);
    await c.ask(registerMessage('Grabber', 110));
    await c.ask(colorMessage(0x00ff0000));
    await shows(output, Array(LEDS).fill('255,0,0'));
    const refused = await c.ask(clearMessage(120));
    expect(refused.error).toMatch(/^Priority 120 is not this client's/);
    expect(refused.registered).toBe(110);
    expect(lastFrameText(output)).toEqual(Array(LEDS).fill('255,0,0'));
    // Its own: gone at once, and it must register again.
    expect(await c.ask(clearMessage(110))).toEqual({ registered: -1, video: -1 });
    await shows(output, Array(LEDS).fill('0,255,0'));
    // Again (HyperionScreenCap sends two), and -1: only what this client set.
    expect((await c.ask(clearMessage(110))).error).toBeUndefined();
    expect((await c.ask(clearMessage(-1))).error).toBeUndefined();
    expect((await info()).priorities).toEqual([
      expect.objectContaining({ origin: 'User@127.0.0.1', priority: 120 }),
    ]);
  });

  it('ends a picture with a duration when no newer one comes', async () => {
    const { output, port } = await start();
    const c = await client(port);
    await c.ask(registerMessage('HyperionScreenCap', 110));
    await c.ask(colorMessage(0x00ff0000, 300));
    await shows(output, Array(LEDS).fill('255,0,0'));
    await shows(output, Array(LEDS).fill('0,0,0'));
    // Still connected and registered: the next frame brings it back.
    await c.ask(colorMessage(0x0000ff00));
    await shows(output, Array(LEDS).fill('0,255,0'));
  });

  it('is closed after `timeout` seconds without a message, and leaves the muxer', async () => {
    const { output, port } = await start({ timeout: 1 });
    const c = await client(port);
    await c.ask(registerMessage('Grabber', 150));
    await c.ask(colorMessage(0x00ff0000));
    await shows(output, Array(LEDS).fill('255,0,0'));
    await c.whenClosed();
    await shows(output, Array(LEDS).fill('0,0,0'));
    expect((await info()).priorities).toEqual([]);
    expect(t?.logs).toContainEqual(
      expect.objectContaining({
        msg: "closed a flatbuffers client (127.0.0.1): it sent nothing for 1 s (the group's timeout)",
      }),
    );
    // A client that never sends is dropped too (Hyperion.ng keeps it forever).
    const silent = await client(port);
    await silent.whenClosed();
  });

  it('takes its place again in an instance that restarts, without reconnecting', async () => {
    const { output, port } = await start();
    const c = await client(port);
    await c.ask(registerMessage('Grabber', 150));
    await c.ask(rawImageMessage(halves([255, 0, 0], [0, 0, 255]), 8, 2));
    await shows(output, ['255,0,0', '255,0,0', '0,0,255', '0,0,255']);
    // Rebuilding the instance (a setconfig of its groups) closes its muxer and device.
    const reply = await rpc(setconfigRequest({ smoothing: { enable: false, time_ms: 100 } }, 0));
    expect(reply).toMatchObject({ success: true, info: { restarted: 'instance' } });
    await until(async () => (await info()).priorities.length === 1);
    expect((await info()).priorities[0]).toMatchObject({
      active: true,
      componentId: 'FLATBUFSERVER',
      origin: 'Grabber@127.0.0.1',
      priority: 150,
    });
    // The last picture, at once.
    await shows(output, ['255,0,0', '255,0,0', '0,0,255', '0,0,255']);
    // A service restart too.
    await t?.server.restart('test');
    await until(async () => (await info()).priorities.length === 1);
    expect(await c.ask(colorMessage(0x0000ff00))).toEqual({ registered: 150, video: -1 });
    await shows(output, Array(LEDS).fill('0,255,0'));
  });
});
