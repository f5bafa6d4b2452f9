// Open connections are capped per client address and in total, across HTTP, HTTPS (with their
// WebSockets) and the TCP JSON port: one counter. Over a cap, HTTP is answered 503 with a one-line
// JSON reason and closed, a TCP connection gets one JSON error line and is closed, and the log
// says so once per address per minute, not once per connection.
import { once } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '../src/auth/client-address.js';
import { ConnectionLimits } from '../src/transport/connection-limits.js';
import { RpcSocket } from './support/client.js';
import { closedWithin, openSocket, parseResponse, readUntilClose } from './support/raw-http.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

let t: TestServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

const ports = (server: TestServer) => ({
  http: Number(new URL(server.http).port),
  https: Number(new URL(server.https).port),
  tcp: server.server.listening.tcp?.port ?? 0,
});

/** An idle connection from a loopback address (127.0.0.2 … are all this machine). */
async function idle(port: number, localAddress = '127.0.0.1', tls = false, ca?: string) {
  const socket = await openSocket(port, { localAddress, tls, ca });
  sockets.push(socket);
  return socket;
}

/** What a TCP client over the limit reads before the server closes it. */
async function refusedTcp(port: number, localAddress = '127.0.0.1') {
  const socket = await idle(port, localAddress);
  const text = await readUntilClose(socket);
  return JSON.parse(text.trim()) as Record<string, unknown>;
}

/** A request's response on a new connection from `localAddress` (read until it closes). */
async function httpFrom(port: number, localAddress = '127.0.0.1') {
  const socket = await idle(port, localAddress);
  const received = readUntilClose(socket);
  socket.write('GET /cgi/cfg_jsonserver HTTP/1.1\r\nHost: glowkit\r\nConnection: close\r\n\r\n');
  return parseResponse(await received);
}

const description = (reply: Record<string, unknown>) =>
  String((reply.errorData as { description: string }[] | undefined)?.[0]?.description);

describe('connection limits', () => {
  it('refuses the connection after the per-address limit, on every transport', async () => {
    // Idle HTTP connections are not dropped while the test runs.
    t = await startServer({
      connections: { perAddress: 4, total: 100 },
      httpTimeouts: { headersMs: 60_000 },
    });
    const server = t;
    const { http, https, tcp } = ports(server);
    // Four connections from 127.0.0.1: HTTP, HTTPS, a signed-in WebSocket, TCP.
    await idle(http);
    await idle(https, '127.0.0.1', true, server.ca);
    const ws = await RpcSocket.open(server.ws, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    await idle(tcp);
    await until(() => server.server.connections.openFrom('127.0.0.1') === 4, 10_000);

    const tcpReply = await refusedTcp(tcp);
    expect(tcpReply).toMatchObject({ success: false, error: 'Service Unavailable' });
    expect(description(tcpReply)).toMatch(/your address has 4 connections open/);

    const httpReply = await httpFrom(http);
    expect(httpReply.status).toBe(503);
    expect(httpReply.headers.connection).toBe('close');
    expect(httpReply.headers['x-frame-options']).toBe('DENY');
    expect(httpReply.body.split('\n').filter(Boolean)).toHaveLength(1);
    const json = JSON.parse(httpReply.body) as Record<string, unknown>;
    expect(json).toMatchObject({ success: false, error: 'Service Unavailable' });
    expect(description(json)).toMatch(/your address has 4 connections open/);

    const upgrade = await RpcSocket.open(server.ws, {
      headers: { Authorization: `Bearer ${server.token}` },
    }).catch((error: { status: number; body: string }) => error);
    expect(upgrade).toMatchObject({ status: 503 });
    expect(description(JSON.parse((upgrade as { body: string }).body))).toMatch(/4 connections/);

    // Another address is not affected.
    expect((await httpFrom(http, '127.0.0.2')).status).toBe(200);

    // Logged once for the address, not once per refusal.
    const logged = server.logs.filter((l) =>
      String(l.msg).startsWith('refused a connection over the limit'),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ address: '127.0.0.1' });

    // A connection that closes frees its place.
    ws.close();
    await until(() => server.server.connections.openFrom('127.0.0.1') === 3, 10_000);
    const again = await RpcSocket.open(server.ws, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    expect(await again.call({ command: 'sysinfo', tan: 1 })).toMatchObject({ success: true });
    again.close();
  });

  it('refuses connections over the total limit, whatever the address', async () => {
    t = await startServer({
      connections: { perAddress: 3, total: 6 },
      httpTimeouts: { headersMs: 60_000 },
    });
    const server = t;
    const { http, tcp } = ports(server);
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      for (let i = 0; i < 3; i++) await idle(i === 0 ? http : tcp, address);
    }
    await until(() => server.server.connections.open === 6, 10_000);
    const reply = await refusedTcp(tcp, '127.0.0.4');
    expect(description(reply)).toMatch(/the server has 6 connections open/);
    const response = await httpFrom(http, '127.0.0.5');
    expect(response.status).toBe(503);
    expect(description(JSON.parse(response.body))).toMatch(/the server has 6 connections open/);
  });

  it('drops a connection over the limit that never sends a request', async () => {
    t = await startServer({ connections: { perAddress: 1, total: 10 } });
    const { http } = ports(t);
    await idle(http);
    const over = await idle(http);
    expect(await closedWithin(over, 20_000)).toBe(true);
  }, 40_000);
});

describe('refused connections', () => {
  it('closes a refused WebSocket upgrade even when the client keeps its half open', async () => {
    t = await startServer();
    const socket = createConnection({
      host: '127.0.0.1',
      port: ports(t).http,
      allowHalfOpen: true,
    });
    sockets.push(socket);
    await once(socket, 'connect');
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    const server = t.server;
    await until(() => server.connections.open === 1, 10_000);
    socket.write(
      'GET /?token=abc HTTP/1.1\r\nHost: glowkit\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await until(() => text.includes('\r\n\r\n'), 10_000);
    expect(parseResponse(text).status).toBe(401);
    // The server let the connection go, though the client never ended its side.
    await until(() => server.connections.open === 0, 15_000);
    expect(socket.destroyed).toBe(false);
  }, 30_000);
});

describe('client addresses', () => {
  it('counts an IPv4-mapped IPv6 address as its IPv4 address, and writes IPv6 canonically', () => {
    expect(clientAddress('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(clientAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('::ffff:c0a8:114')).toBe('192.168.1.20');
    expect(clientAddress('192.168.1.20')).toBe('192.168.1.20');
    expect(clientAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(clientAddress('::1')).toBe('::1');
    expect(clientAddress(undefined)).toBe('unknown');
    expect(clientAddress('not an address')).toBe('unknown');
  });

  it('limits a mapped address and its IPv4 form as one address', () => {
    const lines: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => lines.push(args) } as never;
    const limits = new ConnectionLimits(logger, { perAddress: 2, total: 10 });
    expect(limits.admit(clientAddress('::ffff:10.0.0.7'), 'http').ok).toBe(true);
    expect(limits.admit(clientAddress('10.0.0.7'), 'tcp').ok).toBe(true);
    expect(limits.admit(clientAddress('::ffff:10.0.0.7'), 'https')).toMatchObject({ ok: false });
    expect(limits.admit(clientAddress('10.0.0.8'), 'tcp').ok).toBe(true);
    expect(lines).toHaveLength(1);
  });
});
