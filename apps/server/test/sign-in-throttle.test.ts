// The sign-in throttle holds alike on every transport: HTTP, the WebSocket upgrade's header,
// `authorize login` over WebSocket and TCP. Failures from an address slow its refusals down and
// then block it, but a valid token is never refused because of others' failures (everyone behind
// one NAT, a reverse proxy or the UI on the same host shares an address).
import { afterEach, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { startServer, type TestServer } from './support/server.js';

const getconfig = { command: 'config', subcommand: 'getconfig', tan: 7 };
const login = (token: string, tan = 5) => ({
  command: 'authorize',
  subcommand: 'login',
  token,
  tan,
});

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** How long `attempt` took, in ms. */
async function timed(attempt: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await attempt();
  return performance.now() - started;
}

/** A refused upgrade's status (the client's `unexpected-response`). */
async function upgradeStatus(url: string, token: string): Promise<number> {
  const socket = await RpcSocket.open(url, { headers: { Authorization: `Bearer ${token}` } }).catch(
    (error: { status: number }) => error,
  );
  if (socket instanceof RpcSocket) {
    socket.close();
    return 101;
  }
  return socket.status;
}

/** A TCP session's reply to `message`, and whether the server closed the connection after it. */
async function tcpExchange(
  port: number,
  messages: Message[],
): Promise<{ replies: Message[]; closed: boolean }> {
  const client = tcpClient(port);
  const closed = new Promise<boolean>((resolve) =>
    client.socket.once('close', () => resolve(true)),
  );
  const replies: Message[] = [];
  for (const message of messages) {
    client.send(message);
    replies.push(await client.inbox.next((m) => m.tan === message.tan, 10_000));
  }
  const wasClosed = await Promise.race([
    closed,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
  ]);
  client.socket.destroy();
  return { replies, closed: wasClosed };
}

describe('the sign-in throttle on every transport', () => {
  it('delays a refused WebSocket upgrade, and refused logins, as it delays HTTP', async () => {
    // Every failure after the first is answered after 300 ms; nothing blocks.
    t = await startServer({
      throttle: { freeFailures: 0, maxFailures: 1000, maxDelayMs: 300 },
    });
    const server = t;
    const wrong = { headers: { Authorization: 'Bearer wrong' } };
    expect((await post(`${server.http}/json-rpc`, getconfig, wrong)).status).toBe(401);
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['HTTP', () => post(`${server.http}/json-rpc`, getconfig, wrong)],
      ['WebSocket upgrade', () => upgradeStatus(server.ws, 'wrong')],
      [
        'WebSocket login',
        async () => {
          const { ws, inbox } = await anonymousSocket(server.ws);
          ws.send(JSON.stringify(login('wrong')));
          await inbox.next((m) => m.tan === 5);
          ws.close();
        },
      ],
      [
        'TCP login',
        async () => {
          const client = tcpClient(server.server.listening.tcp?.port ?? 0);
          client.send(login('wrong'));
          await client.inbox.next((m) => m.tan === 5);
          client.socket.destroy();
        },
      ],
    ];
    for (const [name, attempt] of attempts) {
      // A lower bound only: the refusal waits at least the throttle's delay.
      expect(await timed(attempt), name).toBeGreaterThanOrEqual(250);
    }
    const failures = server.logs.filter((l) => l.msg === 'authorization failed');
    expect(failures.length).toBe(5);
    expect(failures.slice(1).map((l) => l.delayMs)).toEqual([300, 300, 300, 300]);
  });

  it('after 20 failures a valid token still works on HTTP, WebSocket and TCP; a wrong one gets 429', async () => {
    t = await startServer({ throttle: { maxDelayMs: 1 } });
    const server = t;
    const tcpPort = server.server.listening.tcp?.port ?? 0;
    const wrong = { headers: { Authorization: 'Bearer wrong' } };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await post(`${server.http}/json-rpc`, getconfig, wrong)).status);
    }
    expect(statuses.slice(0, 19).every((s) => s === 401)).toBe(true);
    expect(statuses[19]).toBe(429);

    // The right token, on every transport.
    const ok = await post(`${server.http}/json-rpc`, getconfig, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, tan: 7 });
    const socket = await RpcSocket.open(server.ws, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    expect(await socket.call(getconfig)).toMatchObject({ success: true });
    socket.close();
    const { ws, inbox } = await anonymousSocket(server.ws);
    ws.send(JSON.stringify(login(server.token)));
    expect(await inbox.next((m) => m.tan === 5)).toMatchObject({ success: true });
    ws.send(JSON.stringify(getconfig));
    expect(await inbox.next((m) => m.tan === 7)).toMatchObject({ success: true });
    ws.close();
    const tcp = await tcpExchange(tcpPort, [login(server.token), getconfig]);
    expect(tcp.replies).toMatchObject([{ success: true }, { success: true }]);
    expect(tcp.closed).toBe(false);

    // A success does not clear the address's failures: a wrong token is still blocked.
    const blocked = await post(`${server.http}/json-rpc`, getconfig, wrong);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await upgradeStatus(server.ws, 'wrong')).toBe(429);
    const refusedTcp = await tcpExchange(tcpPort, [login('wrong')]);
    expect(refusedTcp.replies[0]).toMatchObject({ success: false, error: 'No Authorization' });
    expect(String(refusedTcp.replies[0]?.errorData)).not.toBe('');
  });
});
