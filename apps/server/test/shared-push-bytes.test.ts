/**
 * Pushes are encoded once and the same bytes go to every receiver (rpc/encoded-push.ts): what
 * each client reads must still be exactly the push's compact JSON, as a WebSocket text frame
 * and as one TCP line, the same for every client of a frame.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fileDeviceConfiguration } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 5;
const COLOR = [10, 200, 31];

let t: TestServer | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await t?.close();
  t = undefined;
});

/** What a client read: each message's text as received, and whether it came as text. */
interface Received {
  texts: string[];
  binary: boolean[];
}

/** A raw WebSocket client, its messages kept as the bytes came; it streams and subscribes. */
async function rawSocket(url: string, token: string): Promise<Received> {
  const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
  closers.push(() => socket.terminate());
  const received: Received = { texts: [], binary: [] };
  socket.on('message', (data, isBinary) => {
    received.texts.push((data as Buffer).toString('utf8'));
    received.binary.push(isBinary);
  });
  await once(socket, 'open');
  socket.send(
    JSON.stringify({
      command: 'serverinfo',
      subcommand: 'subscribe',
      subscribe: ['priorities-update'],
      tan: 1,
    }),
  );
  socket.send(JSON.stringify({ command: 'ledcolors', subcommand: 'ledstream-start', tan: 2 }));
  await until(() => received.texts.some((text) => text.includes('"tan":2')));
  return received;
}

/** A raw TCP JSON client: its lines as they came. */
async function rawLines(port: number, token: string): Promise<string[]> {
  const socket: Socket = connect(port, '127.0.0.1');
  closers.push(() => socket.destroy());
  await once(socket, 'connect');
  const lines: string[] = [];
  let rest = '';
  socket.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  const send = (request: Record<string, unknown>) => socket.write(`${JSON.stringify(request)}\n`);
  send({ command: 'authorize', subcommand: 'login', token, tan: 1 });
  send({
    command: 'serverinfo',
    subcommand: 'subscribe',
    subscribe: ['priorities-update'],
    tan: 2,
  });
  send({ command: 'ledcolors', subcommand: 'ledstream-start', tan: 3 });
  await until(() => lines.some((line) => line.includes('"tan":3')));
  return lines;
}

describe('pushes encoded once for every receiver', () => {
  it('reach each WebSocket and TCP client as the same compact JSON text', async () => {
    t = await startServer({
      tcpPort: 0,
      prepare: (server) => {
        const config = fileDeviceConfiguration('/dev/null', LEDS);
        server.store.replace(config, 'test set-up');
      },
    });
    const tcp = t.server.listening.tcp;
    if (!tcp) throw new Error('the TCP JSON server is not listening');
    const a = await rawSocket(t.ws, t.token);
    const b = await rawSocket(t.ws, t.token);
    const lines = await rawLines(tcp.port, t.token);
    const control = await LiveSocket.open(t.ws, t.token);
    closers.push(() => control.close());
    expect(
      await control.call({ command: 'color', priority: 50, color: COLOR, origin: 'test' }),
    ).toMatchObject({ success: true });

    // The frame of that colour, byte for byte as JSON.stringify writes it.
    const frame = JSON.stringify({
      command: 'ledcolors-ledstream-update',
      instance: 0,
      data: { leds: Array.from({ length: LEDS }, () => COLOR).flat() },
    });
    await until(() => a.texts.includes(frame) && b.texts.includes(frame));
    await until(() => lines.includes(frame));
    for (const client of [a, b]) {
      expect(client.binary.every((binary) => !binary)).toBe(true);
    }

    // The priorities push that shows the colour: the same text for all, compact JSON.
    const shows = (text: string) =>
      text.startsWith('{"command":"priorities-update"') && text.includes('"priority":50');
    await until(() => a.texts.some(shows) && b.texts.some(shows) && lines.some(shows));
    const pushed = a.texts.filter(shows).at(-1) as string;
    expect(JSON.stringify(JSON.parse(pushed))).toBe(pushed);
    expect(b.texts.filter(shows)).toContain(pushed);
    expect(lines.filter(shows)).toContain(pushed);
  });
});
