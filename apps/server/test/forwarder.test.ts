/**
 * The forwarder between two real Glowkit servers on loopback: what the first shows reaches the
 * second (pictures over flatbuffers, JSON commands over the TCP JSON port), a target that is down
 * is retried and never holds up the first's LEDs, a server never forwards to itself, and
 * switching the forwarder off clears its targets.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, lastFrameText, shows } from './support/file-device.js';
import {
  clearMessage,
  FlatbufClient,
  rawImageMessage,
  registerMessage,
} from './support/flatbuf-client.js';
import { freePort } from './support/ports.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 4;
/** Short waits, so that a test sees several retries; no test depends on how long anything takes. */
const TIMING = {
  retryMinMs: 50,
  retryMaxMs: 200,
  connectTimeoutMs: 2000,
  replyTimeoutMs: 2000,
  stopGraceMs: 1000,
};

const servers: TestServer[] = [];
const clients: FlatbufClient[] = [];
const holes: { server: Server; sockets: Set<Socket> }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const s of servers.splice(0).reverse()) await s.close();
  for (const hole of holes.splice(0)) {
    for (const socket of hole.sockets) socket.destroy();
    await new Promise((r) => hole.server.close(r));
  }
});

interface Started {
  t: TestServer;
  output: string;
  flatbuf: number;
  tcp: number;
}

/**
 * A server with one instance of 4 LEDs on a `file` device (no smoothing, no boot effect, no
 * black-border detection), its flatbuffers input on, and the `forwarder` group given.
 */
async function start(
  forwarder: Record<string, unknown> = { enable: false },
  ports: { flatbufPort?: number; tcpPort?: number } = {},
): Promise<Started> {
  let output = '';
  const t = await startServer({
    ...ports,
    forwarder: TIMING,
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, {
        blackborderdetector: { enable: false },
      });
      config.global.settings.forwarder = forwarder as never;
      // Grabbers stream; a test waits for a frame longer than the default 5 s on a busy machine.
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 60 };
      server.store.replace(config, 'test set-up');
    },
  });
  servers.push(t);
  const flatbuf = t.server.listening.flatbuf?.port;
  const tcp = t.server.listening.tcp?.port;
  if (!flatbuf || !tcp) throw new Error('the server does not listen on flatbuffers and TCP');
  return { t, output, flatbuf, tcp };
}

/** The forwarder group that sends instance 0 of a server to `target` on both kinds. */
const forwarding = (target: { flatbuf: number; tcp: number; token: string }) => ({
  enable: true,
  instance: 0,
  jsonapi: [
    { name: 'kitchen', host: '127.0.0.1', port: target.tcp, instanceIds: [0], token: target.token },
  ],
  flatbuffer: [{ name: 'kitchen', host: '127.0.0.1', port: target.flatbuf }],
});

const rpc = async (t: TestServer, body: Record<string, unknown>) =>
  (await post(`${t.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t.token}` } }))
    .json;

interface Info {
  priorities: { componentId: string; origin: string; priority: number; visible: boolean }[];
  components: { name: string; enabled: boolean }[];
  forwarder: {
    enabled: boolean;
    instance: number | null;
    targets: {
      name: string;
      kind: string;
      state: string;
      framesSent: number;
      framesDropped: number;
    }[];
  };
}

/** serverinfo's `info`, once the server answers it (a restart may be under way). */
async function info(t: TestServer): Promise<Info> {
  return until(async () => {
    const reply = await rpc(t, { command: 'serverinfo' });
    return reply.success === true ? (reply.info as Info) : undefined;
  });
}

/** An 8×2 picture, left half `left`, right half `right`. */
function halves(left: number[], right: number[]): Uint8Array {
  const data = new Uint8Array(8 * 2 * 3);
  for (let i = 0; i < 16; i++) data.set(i % 8 < 4 ? left : right, i * 3);
  return data;
}

async function grabber(port: number, priority = 150): Promise<FlatbufClient> {
  const c = await FlatbufClient.connect(port);
  clients.push(c);
  expect(await c.ask(registerMessage('Grabber', priority))).toMatchObject({
    registered: priority,
  });
  return c;
}

/** The log lines whose message starts with `start`. */
const lines = (t: TestServer, start: string) =>
  t.logs.filter((l) => String(l.msg).startsWith(start));

/** A TCP server that accepts connections and never reads or answers: a target that hangs. */
async function blackHole(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    socket.pause();
    sockets.add(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  holes.push({ server, sockets });
  return (server.address() as { port: number }).port;
}

describe('the forwarder', () => {
  it('sends a picture source’s picture to a flatbuffers target, and clears it when it goes', async () => {
    const kitchen = await start();
    const living = await start(forwarding({ ...kitchen, token: kitchen.t.token }));
    const tv = await grabber(living.flatbuf);
    tv.send(rawImageMessage(halves([255, 0, 0], [0, 0, 255]), 8, 2));
    // The first server's own LEDs, and the second's, which get the same picture.
    await shows(living.output, ['255,0,0', '255,0,0', '0,0,255', '0,0,255']);
    await shows(kitchen.output, ['255,0,0', '255,0,0', '0,0,255', '0,0,255']);
    expect((await info(kitchen.t)).priorities).toEqual([
      expect.objectContaining({
        componentId: 'FLATBUFSERVER',
        origin: 'Forwarder@127.0.0.1',
        priority: 140,
        visible: true,
      }),
    ]);
    const status = await info(living.t);
    expect(status.forwarder).toMatchObject({ enabled: true, instance: 0 });
    expect(status.forwarder.targets).toContainEqual(
      expect.objectContaining({ kind: 'flatbuffer', name: 'kitchen', state: 'connected' }),
    );
    expect(status.components).toContainEqual({ enabled: true, name: 'FORWARDER' });

    // The grabber stops: the target goes back to what lies below (black) at once.
    tv.send(clearMessage(150));
    await until(async () => (await info(kitchen.t)).priorities.length === 0, 15_000);
    await shows(kitchen.output, ['0,0,0', '0,0,0', '0,0,0', '0,0,0']);
  });

  it('re-sends the JSON commands the instance is given to a JSON target', async () => {
    const kitchen = await start();
    const living = await start(forwarding({ ...kitchen, token: kitchen.t.token }));
    expect(
      await rpc(living.t, { command: 'color', priority: 50, color: [0, 255, 0], origin: 'Phone' }),
    ).toMatchObject({ success: true });
    await shows(living.output, Array(LEDS).fill('0,255,0'));
    await shows(kitchen.output, Array(LEDS).fill('0,255,0'));
    expect((await info(kitchen.t)).priorities).toEqual([
      expect.objectContaining({ componentId: 'COLOR', origin: 'Phone@127.0.0.1', priority: 50 }),
    ]);
    // A colour for another priority, then a clear of the first: the target ends as the source.
    await rpc(living.t, { command: 'color', priority: 60, color: [0, 0, 9] });
    await rpc(living.t, { command: 'clear', priority: 50 });
    await shows(kitchen.output, Array(LEDS).fill('0,0,9'));
    await until(
      async () =>
        JSON.stringify((await info(kitchen.t)).priorities.map((p) => p.priority)) === '[60]',
    );
    const json = (await info(living.t)).forwarder.targets.find((t) => t.kind === 'jsonapi');
    expect(json).toMatchObject({ state: 'connected', framesSent: 3 });
    // No error came back: the login and every command were taken.
    expect(lines(living.t, 'forwarder: jsonapi target')).toEqual([]);
  });

  it('logs a target’s refusal once, not once per command', async () => {
    const kitchen = await start();
    const living = await start(forwarding({ ...kitchen, token: 'a token the kitchen never made' }));
    for (let i = 0; i < 5; i++) {
      await rpc(living.t, { command: 'color', priority: 50, color: [i, 0, 0] });
    }
    const refusals = () =>
      lines(living.t, 'forwarder: jsonapi target "kitchen"').map((l) => String(l.msg));
    await until(() => refusals().length >= 2);
    // The login, then the first command; the four after it say nothing new.
    expect(refusals()).toEqual([
      expect.stringMatching(
        /^forwarder: jsonapi target "kitchen" \(127\.0\.0\.1:\d+\) refused authorize-login: /,
      ),
      expect.stringMatching(/ refused color: No Authorization$/),
    ]);
    expect(living.t.logText()).not.toContain('a token the kitchen never made');
    expect((await info(kitchen.t)).priorities).toEqual([]);
  });

  it('retries a target that is down at first, and sends to it once it is up', async () => {
    const ports = { flatbufPort: await freePort(), tcpPort: await freePort() };
    const token = 'not yet known';
    const living = await start(
      forwarding({ flatbuf: ports.flatbufPort, tcp: ports.tcpPort, token }),
    );
    const tv = await grabber(living.flatbuf);
    tv.send(rawImageMessage(halves([0, 255, 0], [0, 255, 0]), 8, 2));
    await shows(living.output, Array(LEDS).fill('0,255,0'));
    await until(async () =>
      (await info(living.t)).forwarder.targets.every((t) => t.state === 'retrying'),
    );

    const kitchen = await start({ enable: false }, ports);
    // Grabbers send at a steady rate; the next frame after the target is back reaches it. Each
    // link comes back on its own backoff: the flatbuffers frame arriving says nothing of the
    // JSON link, so both are waited for before their log lines are read.
    await until(async () => {
      tv.send(rawImageMessage(halves([0, 255, 0], [0, 255, 0]), 8, 2));
      return (
        JSON.stringify(lastFrameText(kitchen.output)) ===
          JSON.stringify(Array(LEDS).fill('0,255,0')) &&
        (await info(living.t)).forwarder.targets.every((t) => t.state === 'connected')
      );
    }, 30_000);
    // One line when each target went down and one when it came back, whatever the retries.
    for (const kind of ['flatbuffer', 'jsonapi']) {
      const upAndDown = lines(living.t, `forwarder: ${kind} target "kitchen"`)
        .map((l) => String(l.msg))
        .filter((msg) => / is (down|back)\b/.test(msg));
      expect(upAndDown).toEqual([
        expect.stringMatching(/is down \(ECONNREFUSED\); retrying in the background$/),
        expect.stringMatching(/is back$/),
      ]);
    }
  });

  it('keeps the LEDs updating while a target is down or hangs', async () => {
    const hole = await blackHole();
    const dead = await freePort();
    const living = await start({
      enable: true,
      instance: 0,
      jsonapi: [
        { name: 'dead', host: '127.0.0.1', port: dead },
        { name: 'hole', host: '127.0.0.1', port: hole },
      ],
      flatbuffer: [
        { name: 'dead', host: '127.0.0.1', port: dead },
        { name: 'hole', host: '127.0.0.1', port: hole },
      ],
    });
    const tv = await grabber(living.flatbuf);
    const FRAMES = 30;
    for (let i = 0; i < FRAMES; i++) {
      const value = 100 + i;
      tv.send(rawImageMessage(halves([value, 0, 0], [0, value, 0]), 8, 2));
      // Every frame reaches the first server's device.
      await shows(living.output, [`${value},0,0`, `${value},0,0`, `0,${value},0`, `0,${value},0`]);
      const color = await rpc(living.t, { command: 'color', priority: 200, color: [i, i, i] });
      expect(color).toMatchObject({ success: true });
    }
    const targets = (await info(living.t)).forwarder.targets;
    // The hanging flatbuffers target never answered its registration: one frame waits, the
    // newest; every other was dropped, none queued.
    const hung = targets.find((t) => t.kind === 'flatbuffer' && t.name === 'hole');
    expect(hung?.framesSent).toBe(0);
    expect(hung?.framesDropped).toBeGreaterThanOrEqual(FRAMES - 2);
    // The dead JSON target's colours at one priority replaced each other while they waited.
    const down = targets.find((t) => t.kind === 'jsonapi' && t.name === 'dead');
    expect(down).toMatchObject({ framesSent: 0, framesDropped: FRAMES - 1 });
    expect(down?.state).toMatch(/^(retrying|connecting)$/);
  });

  it('skips a target that is this server, with one log line', async () => {
    const living = await start();
    const reply = await rpc(
      living.t,
      setconfigRequest({
        forwarder: {
          enable: true,
          instance: 0,
          jsonapi: [{ name: 'me', host: '127.0.0.1', port: living.tcp }],
          flatbuffer: [{ name: 'me too', host: 'localhost', port: living.flatbuf }],
        },
      }),
    );
    expect(reply).toMatchObject({ success: true, info: { restarted: 'service' } });
    const status = await until(async () => {
      const i = await info(living.t);
      return i.forwarder.targets.length === 2 ? i.forwarder : undefined;
    });
    expect(status.targets.map((t) => [t.kind, t.state])).toEqual([
      ['jsonapi', 'skipped-self'],
      ['flatbuffer', 'skipped-self'],
    ]);
    expect(lines(living.t, 'forwarder: skipped').map((l) => l.msg)).toEqual([
      `forwarder: skipped jsonapi target "me" (127.0.0.1:${living.tcp}): it is this server, and a server never forwards to itself`,
      `forwarder: skipped flatbuffer target "me too" (localhost:${living.flatbuf}): it is this server, and a server never forwards to itself`,
    ]);
    // Nothing loops: a colour shows once, and the server answers on.
    await rpc(living.t, { command: 'color', priority: 50, color: [1, 2, 3] });
    await shows(living.output, Array(LEDS).fill('1,2,3'));
    expect((await info(living.t)).priorities).toHaveLength(1);
  });

  it('clears its targets when FORWARDER is switched off, and forwards again when on', async () => {
    const kitchen = await start();
    const living = await start(forwarding({ ...kitchen, token: kitchen.t.token }));
    const tv = await grabber(living.flatbuf);
    tv.send(rawImageMessage(halves([255, 255, 0], [255, 255, 0]), 8, 2));
    const effect = { command: 'effect', priority: 190, effect: { name: 'Rainbow Wave' } };
    expect(
      await rpc(living.t, { command: 'color', priority: 180, color: [0, 0, 255] }),
    ).toMatchObject({ success: true });
    expect(await rpc(living.t, effect)).toMatchObject({ success: true });
    await shows(kitchen.output, Array(LEDS).fill('255,255,0'));
    // The grabber streams, as grabbers do (a silent one is dropped after the group's timeout).
    await until(async () => {
      tv.send(rawImageMessage(halves([255, 255, 0], [255, 255, 0]), 8, 2));
      return (await info(kitchen.t)).priorities.length === 3;
    }, 15_000);

    const off = {
      command: 'componentstate',
      componentstate: { component: 'FORWARDER', state: false },
    };
    expect(await rpc(living.t, off)).toMatchObject({ success: true });
    // Each priority the forwarder set on the target is cleared (Hyperion.ng clears 1).
    await until(async () => (await info(kitchen.t)).priorities.length === 0, 15_000);
    await shows(kitchen.output, Array(LEDS).fill('0,0,0'));
    const status = await info(living.t);
    expect(status.components).toContainEqual({ enabled: false, name: 'FORWARDER' });
    expect(status.forwarder.enabled).toBe(false);
    // The first server goes on showing its own picture.
    expect(lastFrameText(living.output)).toEqual(Array(LEDS).fill('255,255,0'));

    await rpc(living.t, { ...off, componentstate: { component: 'FORWARDER', state: true } });
    await until(async () => {
      tv.send(rawImageMessage(halves([0, 255, 255], [0, 255, 255]), 8, 2));
      return (
        JSON.stringify(lastFrameText(kitchen.output)) ===
        JSON.stringify(Array(LEDS).fill('0,255,255'))
      );
    }, 15_000);
  });
});
