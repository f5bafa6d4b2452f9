// A client that opens an HTTP(S) connection and then sends its headers a byte at a time
// (slowloris), or nothing at all, is dropped once the headers time runs out (here 3 s, checked
// every 200 ms; 10 s by default), with a 408 saying why when it can still be told. A request
// that is on time is served as ever.
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { closedWithin, openSocket, parseResponse } from './support/raw-http.js';
import { startServer, type TestServer } from './support/server.js';

let t: TestServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

const start = async () => {
  t = await startServer({
    httpTimeouts: { headersMs: 3000, requestMs: 6000, checkIntervalMs: 200 },
  });
  return t;
};

/** Sends a header line every 200 ms (at most 100 of them) until the server closes the socket. */
async function slowloris(socket: Socket): Promise<{ closed: boolean; received: string }> {
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = closedWithin(socket, 20_000);
  let done = false;
  void closed.then(() => {
    done = true;
  });
  socket.write('GET / HTTP/1.1\r\nHost: glowkit\r\n');
  for (let i = 0; i < 100 && !done; i++) {
    socket.write(`X-Slow-${i}: ${'a'.repeat(8)}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { closed: await closed, received };
}

describe('HTTP timeouts', () => {
  it('drops a slowloris connection on HTTP, with a 408 saying why', async () => {
    const server = await start();
    const socket = await openSocket(Number(new URL(server.http).port));
    sockets.push(socket);
    const { closed, received } = await slowloris(socket);
    expect(closed).toBe(true);
    const response = parseResponse(received);
    expect(response.status).toBe(408);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(response.body)).toMatchObject({ success: false });
  }, 40_000);

  it('drops a slowloris connection on HTTPS', async () => {
    const server = await start();
    const socket = await openSocket(Number(new URL(server.https).port), {
      tls: true,
      ca: server.ca,
    });
    sockets.push(socket);
    expect((await slowloris(socket)).closed).toBe(true);
  }, 40_000);

  it('drops a connection that sends nothing, on HTTP and HTTPS', async () => {
    const server = await start();
    const plain = await openSocket(Number(new URL(server.http).port));
    // No TLS handshake either: a raw connection to the HTTPS port.
    const raw = await openSocket(Number(new URL(server.https).port));
    sockets.push(plain, raw);
    expect(await closedWithin(plain, 20_000)).toBe(true);
    expect(await closedWithin(raw, 20_000)).toBe(true);
  }, 60_000);

  it('serves a request that is on time', async () => {
    const server = await start();
    const reply = await post(`${server.http}/json-rpc`, {
      command: 'authorize',
      subcommand: 'tokenRequired',
      tan: 2,
    });
    expect(reply.json).toMatchObject({ success: true, tan: 2 });
  });
});
