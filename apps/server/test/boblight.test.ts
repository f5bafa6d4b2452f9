import { connect } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../scripts/seeded-random.mjs';
import { BoblightServer } from '../src/inputs/boblight/boblight-server.js';
import { createLogger } from '../src/logger.js';
import { ConnectionLimits } from '../src/transport/connection-limits.js';
import { BoblightClient } from './support/boblight-client.js';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrame } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { freePort } from './support/ports.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

type Json = Record<string, unknown>;

/** A 24-LED top strip, 10 % deep: inputs.md's example of `get lights`. */
const LEDS = 24;

let t: TestServer | undefined;
const clients: BoblightClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.destroy();
  await t?.close();
  t = undefined;
});

interface Started {
  t: TestServer;
  port: number;
  output: string;
}

/** A server with one instance: the strip on a `file` device, colours passed unchanged. */
async function start(
  boblight: Json = {},
  options: Parameters<typeof startServer>[0] = {},
): Promise<Started> {
  const port = await freePort();
  let output = '';
  t = await startServer({
    ...options,
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, {
        leds: Array.from({ length: LEDS }, (_, i) => ({
          hmin: i / LEDS,
          hmax: (i + 1) / LEDS,
          vmin: 0,
          vmax: 0.1,
        })),
        color: {
          imageToLedMappingType: 'multicolor_mean',
          channelAdjustment: [
            {
              id: 'neutral',
              leds: '*',
              gammaRed: 1,
              gammaGreen: 1,
              gammaBlue: 1,
              brightness: 100,
              brightnessCompensation: 0,
            },
          ],
        },
        boblightServer: { enable: true, port, priority: 128, ...boblight },
      });
      server.store.replace(config, 'test set-up');
    },
  });
  return { t, port, output };
}

async function client(port: number): Promise<BoblightClient> {
  const c = await BoblightClient.connect(port);
  clients.push(c);
  return c;
}

const rpc = async (body: Json): Promise<Json> =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Json;

const serverinfo = async () => (await rpc({ command: 'serverinfo', tan: 9 })).info as Json;
const priorities = async () => (await serverinfo()).priorities as Json[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const logsWith = (s: TestServer, text: string) =>
  s.logs.filter((l) => JSON.stringify(l).includes(text));

/** Every light red but the first, blue: what a grabber might send. */
const picture = Array.from({ length: LEDS }, (_, i) =>
  i === 0 ? ([0, 0, 1] as const) : ([1, 0, 0] as const),
);
const shown = Array.from({ length: LEDS }, (_, i) => (i === 0 ? [0, 0, 255] : [255, 0, 0]));
const black = Array.from({ length: LEDS }, () => [0, 0, 0]);

describe('the boblight protocol', () => {
  it('answers hello, ping and get version', async () => {
    const { port } = await start();
    const c = await client(port);
    expect(await c.ask('hello')).toEqual(['hello']);
    expect(await c.ask('ping')).toEqual(['ping 1']);
    expect(await c.ask('get version')).toEqual(['version 5']);
    // Trimmed, any spacing, and a "\r" before the "\n".
    expect(await c.ask('  get   version \r')).toEqual(['version 5']);
  });

  it("lists the instance's LEDs with their scan ranges in percent", async () => {
    const { port } = await start();
    const c = await client(port);
    const reply = await c.ask('get lights', LEDS + 1);
    expect(reply[0]).toBe(`lights ${LEDS}`);
    // inputs.md's example: LED 0 of a 24-LED top strip, h 0–1/24, v 0–0.1.
    expect(reply[1]).toBe('light 000 scan 0.000000 10.000000 0.000000 4.166667');
    expect(reply[2]).toBe('light 001 scan 0.000000 10.000000 4.166667 8.333333');
    expect(reply[24]).toBe('light 023 scan 0.000000 10.000000 95.833333 100.000000');
  });

  it('shows the lights once the last one is set, as a source in priorities, and clears it on disconnect', async () => {
    const { port, output } = await start();
    const c = await client(port);
    c.setLights(picture);
    await until(() => same(lastFrame(output), shown));
    expect(await priorities()).toEqual([
      {
        active: true,
        componentId: 'BOBLIGHTSERVER',
        origin: 'Boblight@127.0.0.1',
        priority: 128,
        visible: true,
      },
    ]);
    await c.close();
    await until(async () => (await priorities()).length === 0);
    await until(() => same(lastFrame(output), black));
  });

  it('shows what was set at sync, and ignores the light settings it has no use for', async () => {
    const { port, output } = await start();
    const c = await client(port);
    c.send(
      'set light 000 speed 100',
      'set light 000 interpolation 0',
      'set light 000 use 1',
      'set light 000 singlechange 0',
      'set light 005 rgb 0 1 0',
      'sync',
    );
    const green = black.map((led, i) => (i === 5 ? [0, 255, 0] : led));
    await until(() => same(lastFrame(output), green));
    // Values are scaled as int(255·v), clamped: 0.5 → 127, 2 → 255, -1 → 0.
    c.send('set light 001 rgb 0.5 2 -1', 'sync');
    await until(() => same(lastFrame(output)[1], [127, 255, 0]));
  });

  it('lists its client in inputSources with the frames it showed, and pushes their counts', async () => {
    const { port, output } = await start({}, { inputSourcesPushMs: 50 });
    if (!t) throw new Error('no server');
    const watcher = await LiveSocket.open(t.ws, t.token);
    try {
      await watcher.call({ command: 'serverinfo', subscribe: ['input-sources-update'] });
      const c = await client(port);
      c.setLights(picture);
      c.send('sync', 'sync');
      await until(() => same(lastFrame(output), shown));
      const entry = {
        componentId: 'BOBLIGHTSERVER',
        decodeMs: 0,
        framesDropped: 0,
        framesReceived: 3,
        framesShown: 3,
        instance: 0,
        origin: 'Boblight@127.0.0.1',
        peer: '127.0.0.1',
        priority: 128,
      };
      await until(async () => same((await serverinfo()).inputSources, [entry]));
      const pushed = await watcher.next(
        (m) =>
          m.command === 'input-sources-update' &&
          same((m.data as { inputSources: unknown }).inputSources, [entry]),
      );
      expect(pushed).toBeDefined();
      await c.close();
      await watcher.next(
        (m) =>
          m.command === 'input-sources-update' &&
          same((m.data as { inputSources: unknown }).inputSources, []),
      );
      expect((await serverinfo()).inputSources).toEqual([]);
    } finally {
      watcher.close();
    }
  });

  it('moves the source with set priority, clearing the old one', async () => {
    const { port } = await start();
    const c = await client(port);
    c.setLights(picture);
    await until(async () => (await priorities())[0]?.priority === 128);
    c.send('set priority 100');
    await until(async () =>
      same(
        (await priorities()).map((p) => p.priority),
        [100],
      ),
    );
    // A priority a client may not use falls back to the setting's.
    c.send('set priority 254');
    await until(async () =>
      same(
        (await priorities()).map((p) => p.priority),
        [128],
      ),
    );
  });

  it("never closes the client for asking the visible priority, and leaves another source's priority alone", async () => {
    const { port } = await start();
    expect(
      await rpc({ command: 'color', priority: 100, color: [0, 255, 0], origin: 'Test', tan: 1 }),
    ).toMatchObject({ success: true });
    const c = await client(port);
    c.send('set priority 100');
    c.setLights(picture);
    // The colour keeps 100; the client takes the next free priority.
    await until(async () =>
      same(
        (await priorities()).map((p) => [p.priority, p.componentId]),
        [
          [100, 'COLOR'],
          [101, 'BOBLIGHTSERVER'],
        ],
      ),
    );
    expect(await c.ask('ping')).toEqual(['ping 1']);
    // Its disconnect clears its own priority only.
    await c.close();
    await until(async () =>
      same(
        (await priorities()).map((p) => p.priority),
        [100],
      ),
    );
  });
});

describe('bad input on the boblight port', () => {
  it('closes a connection that sends a huge line without newline, and only that one', async () => {
    const { port, output } = await start({}, { boblight: { maxLineBytes: 1024 } });
    const good = await client(port);
    good.setLights(picture);
    await until(() => same(lastFrame(output), shown));
    const bad = await client(port);
    // 4 MB without a newline, in pieces: the server must not keep it.
    const piece = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 64 && !bad.isClosed; i++) bad.socket.write(piece);
    await bad.closed;
    expect(logsWith(t as TestServer, 'closed the boblight connection')).toEqual([
      expect.objectContaining({
        level: 40, // warn
        address: '127.0.0.1',
        msg: 'closed the boblight connection of 127.0.0.1 (instance 0): it sent more than 1024 bytes without a newline (boblight lines are short)',
      }),
    ]);
    expect(await good.ask('ping')).toEqual(['ping 1']);
    expect((await priorities()).map((p) => p.origin)).toEqual(['Boblight@127.0.0.1']);
  });

  it('closes a connection that speaks no boblight after a run of bad lines, with one log line', async () => {
    const { port } = await start({}, { boblight: { maxBadLines: 5 } });
    const c = await client(port);
    c.send('GET / HTTP/1.1', 'Host: x', 'Accept: */*', 'set light x rgb', 'get colours');
    await c.closed;
    expect(logsWith(t as TestServer, 'closed the boblight connection')).toHaveLength(1);
    const other = await client(port);
    expect(await other.ask('hello')).toEqual(['hello']);
  });

  it('survives 10,000 fuzzed lines, answering serverinfo throughout', async () => {
    const { port } = await start({}, { boblight: { maxLineBytes: 256 } });
    // A deterministic generator, so that a failure can be replayed.
    const random = mulberry32(21);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const number = () =>
      pick(['0', '1', '0.5', '-3', '1e309', 'NaN', '.', '', '99999999999', '0x10', '1,5']);
    const bytes = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)))
        .toString('latin1')
        .replaceAll('\n', ' ');
    const line = (): string =>
      pick([
        () => `set light ${number()} rgb ${number()} ${number()} ${number()}`,
        () => `set light ${Math.floor(random() * 40)} rgb ${random()} ${random()} ${random()}`,
        () => `set priority ${number()}`,
        () =>
          pick(['hello', 'ping', 'get version', 'get lights', 'sync', 'get', 'set', 'set light']),
        () => bytes(Math.floor(random() * 80)),
        () => bytes(300), // longer than the cap: the connection is closed
      ])();
    let c = await client(port);
    let sent = 0;
    let reconnects = 0;
    while (sent < 10_000) {
      if (c.isClosed) {
        c = await client(port);
        reconnects += 1;
      }
      const batch = Array.from({ length: 200 }, line);
      c.send(...batch);
      sent += batch.length;
      // The JSON API answers between every batch.
      expect(await rpc({ command: 'serverinfo', tan: sent })).toMatchObject({ success: true });
    }
    // Ended by the client, closed by the server once it has read every line before the end.
    await c.close();
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(reconnects).toBeGreaterThan(0);
    // And a well-behaved client is served afterwards.
    const after = await client(port);
    expect(await after.ask('ping')).toEqual(['ping 1']);
    // Every connection that closed said why, once.
    expect(logsWith(t as TestServer, 'closed the boblight connection').length).toBeGreaterThan(0);
  }, 120_000);
});

describe('the boblight listener follows its group and component', () => {
  const connectable = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  it('does not listen while the group is disabled', async () => {
    const { port } = await start({ enable: false });
    expect(await connectable(port)).toBe(false);
    const info = await serverinfo();
    expect(info.components).toContainEqual({ enabled: false, name: 'BOBLIGHTSERVER' });
  });

  it('stops with componentstate, clearing its sources, and starts again', async () => {
    const { port, output } = await start();
    const c = await client(port);
    c.setLights(picture);
    await until(() => same(lastFrame(output), shown));
    expect(
      await rpc({
        command: 'componentstate',
        componentstate: { component: 'BOBLIGHTSERVER', state: false },
        tan: 3,
      }),
    ).toMatchObject({ success: true });
    await c.closed;
    // Hyperion.ng leaves the last frame; Glowkit clears the source with its server.
    await until(async () => (await priorities()).length === 0);
    await until(() => same(lastFrame(output), black));
    expect(await connectable(port)).toBe(false);
    expect((await serverinfo()).components).toContainEqual({
      enabled: false,
      name: 'BOBLIGHTSERVER',
    });
    await rpc({
      command: 'componentstate',
      componentstate: { component: 'BOBLIGHTSERVER', state: true },
      tan: 4,
    });
    await until(() => t?.server.boblightPort(0) === port);
    const again = await client(port);
    expect(await again.ask('hello')).toEqual(['hello']);
  });

  it('moves only its own listener when the port changes, keeping its clients', async () => {
    const { port } = await start();
    const c = await client(port);
    const moved = await freePort();
    const tcp = t?.server.listening.tcp?.port;
    const reply = await rpc(
      setconfigRequest({ boblightServer: { enable: true, port: moved, priority: 128 } }, 0),
    );
    expect(reply).toMatchObject({ success: true });
    await until(() => t?.server.boblightPort(0) === moved);
    expect(await connectable(port)).toBe(false);
    expect(t?.server.listening.tcp?.port).toBe(tcp);
    // The client connected before stays, and shows in the rebuilt instance.
    expect(await c.ask('ping')).toEqual(['ping 1']);
    c.setLights(picture);
    await until(async () => (await priorities())[0]?.componentId === 'BOBLIGHTSERVER');
    const other = await client(moved);
    expect(await other.ask('hello')).toEqual(['hello']);
  });

  it('closes with its clients when the group is disabled, and their sources leave', async () => {
    const { port } = await start();
    const c = await client(port);
    c.setLights(picture);
    await until(async () => (await priorities()).length === 1);
    await rpc(setconfigRequest({ boblightServer: { enable: false, port, priority: 128 } }, 0));
    await c.closed;
    expect(await priorities()).toEqual([]);
    expect(await connectable(port)).toBe(false);
  });

  it('stops and starts with its instance', async () => {
    const { port } = await start();
    const c = await client(port);
    await rpc({ command: 'instance', subcommand: 'stopInstance', instance: 0, tan: 5 });
    await c.closed;
    await until(async () => !(await connectable(port)));
    await rpc({ command: 'instance', subcommand: 'startInstance', instance: 0, tan: 6 });
    await until(() => t?.server.boblightPort(0) === port);
    const again = await client(port);
    expect(await again.ask('ping')).toEqual(['ping 1']);
  });

  it('closes its clients when the server stops', async () => {
    const { port } = await start();
    const c = await client(port);
    c.setLights(picture);
    await until(async () => (await priorities()).length === 1);
    await t?.close();
    t = undefined;
    await c.closed;
  });
});

describe('the network access rules on the boblight port', () => {
  it('serves a loopback client whatever internetAccessAPI and ipWhitelist say', async () => {
    const { port, output } = await start();
    // The rules are read at each new connection: internet access off, a whitelist of others.
    expect(
      await rpc(
        setconfigRequest({ network: { internetAccessAPI: false, ipWhitelist: ['203.0.113.7'] } }),
      ),
    ).toMatchObject({ success: true });
    const c = await client(port);
    c.setLights(picture);
    await until(() => same(lastFrame(output), shown));
    expect(logsWith(t as TestServer, 'refused a boblight connection')).toEqual([]);
  });

  it('closes a refused peer with one log line naming it, and serves the next', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'debug',
      pretty: false,
      destination: new Writable({
        write(chunk, _encoding, callback) {
          lines.push(
            ...String(chunk)
              .split('\n')
              .filter((l) => l !== ''),
          );
          callback();
        },
      }),
    });
    let allowed = false;
    const server = new BoblightServer({
      instanceId: 3,
      host: '127.0.0.1',
      instance: () => undefined,
      priority: () => 128,
      // A rule refusing loopback stands for an internet peer: loopback is always local.
      access: () => ({
        check: (remote) =>
          allowed
            ? { allowed: true, local: true }
            : { allowed: false, address: String(remote), reason: 'the test refuses it' },
      }),
      limits: new ConnectionLimits(logger),
      logger,
    });
    await server.listen(0);
    try {
      const refused = await BoblightClient.connect(server.port);
      clients.push(refused);
      await refused.closed;
      const logged = lines.filter((l) => l.includes('refused a boblight connection'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0] as string)).toMatchObject({
        level: 40,
        address: '127.0.0.1',
        instance: 3,
        msg: 'refused a boblight connection from 127.0.0.1 (instance 3): the test refuses it',
      });
      allowed = true;
      const served = await BoblightClient.connect(server.port);
      clients.push(served);
      expect(await served.ask('hello')).toEqual(['hello']);
    } finally {
      await server.close();
    }
  });
});
