/**
 * Nothing a server listens with grows over its life: sessions opened and closed, and restores
 * (each a restart), leave the same listeners behind, and Node never warns of a possible leak
 * (`MaxListenersExceededWarning`, which any emitter passing 10 listeners of one event prints).
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { restartAfter, restoreAndWait, transports } from './support/transports.js';

type Counts = Record<string, number>;
type Emitter = { eventNames(): (string | symbol)[]; listenerCount(event: string | symbol): number };

/** How many listeners each event of each emitter has, by `<emitter> <event>`. */
function listenerCounts(emitters: Record<string, Emitter>): Counts {
  const counts: Counts = {};
  for (const [name, emitter] of Object.entries(emitters)) {
    for (const event of emitter.eventNames()) {
      counts[`${name} ${String(event)}`] = emitter.listenerCount(event);
    }
  }
  return counts;
}

/** The emitters a running server keeps: itself, its runtime, each running instance, the process. */
function serverEmitters(t: TestServer): Record<string, Emitter> {
  const emitters: Record<string, Emitter> = {
    server: t.server,
    runtime: t.server.runtime,
    process,
  };
  for (const info of t.server.runtime.instances) {
    const instance = t.server.runtime.instance(info.id);
    if (instance) emitters[`instance ${info.id}`] = instance as unknown as Emitter;
  }
  return emitters;
}

/** A TCP JSON session: its reply lines, and a call that waits for the reply with its tan. */
async function tcpSession(
  port: number,
): Promise<{ socket: Socket; call(m: object): Promise<object> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.setEncoding('utf8');
  let buffered = '';
  const waiting = new Map<number, (reply: object) => void>();
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, at)) as { tan?: number; success?: boolean };
      buffered = buffered.slice(at + 1);
      if ('success' in message) waiting.get(message.tan as number)?.(message);
    }
  });
  let tan = 0;
  return {
    socket,
    call(request) {
      tan += 1;
      const reply = new Promise<object>((resolve) => waiting.set(tan, resolve));
      socket.write(`${JSON.stringify({ ...request, tan })}\n`);
      return reply;
    },
  };
}

const SUBSCRIBE = {
  command: 'serverinfo',
  subscribe: ['priorities-update', 'settings-update', 'instance-update', 'token-update'],
};
const STREAM = { command: 'ledcolors', subcommand: 'ledstream-start' };

let t: TestServer | undefined;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(async () => {
  process.off('warning', onWarning);
  warnings.length = 0;
  await t?.close();
  t = undefined;
});

describe('listeners over a server’s life', () => {
  it('stay as many after 30 sessions (WebSocket and TCP) and 12 restores, with no leak warning', async () => {
    process.on('warning', onWarning);
    t = await startServer({ tcpPort: 0 });
    const server = t;
    const http = transports[0] as (typeof transports)[number];
    const tcpPort = server.server.listening.tcp?.port as number;
    // The configuration the server ends with too, so that the same instances run then.
    const first = await restoreAndWait(server, http, restoreRequest(configuration([0]), 1));
    expect(first).toMatchObject({ success: true });
    const before = listenerCounts(serverEmitters(server));

    // 15 WebSocket and 15 TCP sessions, logged in, subscribed and streaming, as UIs and Home
    // Assistant are; WebSockets closed by each restart come back, as a UI reconnects.
    const sockets: LiveSocket[] = [];
    const openSocket = async () => {
      const socket = await LiveSocket.open(server.ws, server.token);
      sockets.push(socket);
      expect(await socket.call(SUBSCRIBE)).toMatchObject({ success: true });
      expect(await socket.call(STREAM)).toMatchObject({ success: true });
    };
    const lines: Awaited<ReturnType<typeof tcpSession>>[] = [];
    for (let i = 0; i < 15; i++) {
      await openSocket();
      const line = await tcpSession(tcpPort);
      lines.push(line);
      const login = { command: 'authorize', subcommand: 'login', token: server.token };
      expect(await line.call(login)).toMatchObject({ success: true });
      expect(await line.call(SUBSCRIBE)).toMatchObject({ success: true });
    }
    for (let restore = 0; restore < 12; restore++) {
      const config = configuration(restore % 2 === 0 ? [0, 1] : [1, 2]);
      const reply = await restoreAndWait(server, http, restoreRequest(config, restore));
      expect(reply, JSON.stringify(reply)).toMatchObject({ success: true });
      // The restart closed the WebSockets (1012): the same number come back.
      const closed = sockets.splice(0);
      for (const socket of closed) socket.close();
      for (let i = 0; i < closed.length; i++) await openSocket();
      for (const line of lines) {
        expect(await line.call({ command: 'serverinfo' })).toMatchObject({ success: true });
      }
    }
    for (const socket of sockets) socket.close();
    for (const line of lines) line.socket.destroy();
    const back = await restoreAndWait(server, http, restoreRequest(configuration([0]), 99));
    expect(back).toMatchObject({ success: true });
    // Served as before, by the same listeners.
    const info = await post(
      `${server.http}/json-rpc`,
      { command: 'serverinfo' },
      {
        headers: { Authorization: `Bearer ${server.token}` },
      },
    );
    expect(info.json).toMatchObject({ success: true });

    expect(listenerCounts(serverEmitters(server))).toEqual(before);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  }, 120_000);

  it('leaves no restart-complete listener behind when a restore is refused', async () => {
    t = await startServer();
    const http = transports[0] as (typeof transports)[number];
    for (let i = 0; i < 12; i++) {
      const refused = await restoreAndWait(t, http, restoreRequest({ instances: 'none' }, i));
      expect(refused).toMatchObject({ success: false, error: 'Invalid params' });
    }
    expect(t.server.listenerCount('restart-complete')).toBe(0);
    expect(t.server.listenerCount('error')).toBe(0);

    // A wait given up (as the fuzz test does for a refused restore) lets go of its listeners.
    const wait = restartAfter(t.server);
    expect(t.server.listenerCount('restart-complete')).toBe(1);
    wait.cancel();
    expect(t.server.listenerCount('restart-complete')).toBe(0);
    expect(t.server.listenerCount('error')).toBe(0);
  });
});
