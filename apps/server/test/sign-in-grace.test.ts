// WebSocket and TCP sessions that do not sign in get a short time to do so (here 2 s), then
// are closed with a reason a user can read: a WebSocket with 1008, a TCP connection after one
// JSON error line. Signed-in sessions stay; a session whose token request waits for an admin
// stays until the request ends, and then gets its time anew. Anonymous commands do not extend it.
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { RpcSocket } from './support/client.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

// Two seconds: short for a test, and long enough that a loaded machine's client signs in within it.
const GRACE_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const login = (token: string) => ({ command: 'authorize', subcommand: 'login', token, tan: 1 });
const tokenRequired = (tan: number) => ({ command: 'authorize', subcommand: 'tokenRequired', tan });
const requestToken = (id: string, tan: number) => ({
  command: 'authorize',
  subcommand: 'requestToken',
  comment: 'Home Assistant',
  id,
  tan,
});

let t: TestServer | undefined;
const cleanup: Array<() => void> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) close();
  await t?.close();
  t = undefined;
});

const start = async () => {
  t = await startServer({ signInGraceMs: GRACE_MS, tokenRequestTimeoutMs: 60_000 });
  return t;
};

/** Resolves with the close code and reason; generous, since closing is all that is asserted. */
function wsClosed(ws: WebSocket, timeoutMs = 15_000): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the WebSocket is still open')), timeoutMs);
    ws.once('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: String(reason) });
    });
  });
}

function tcpClosed(socket: Socket, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return resolve();
    const timer = setTimeout(
      () => reject(new Error('the TCP connection is still open')),
      timeoutMs,
    );
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const anonymousWs = async (server: TestServer) => {
  const client = await anonymousSocket(server.ws);
  cleanup.push(() => client.ws.terminate());
  return client;
};
const anonymousTcp = (server: TestServer) => {
  const client = tcpClient(server.server.listening.tcp?.port ?? 0);
  cleanup.push(() => client.socket.destroy());
  return client;
};

describe('the time to sign in', () => {
  it('closes a WebSocket that does not sign in with 1008 and the reason', async () => {
    const server = await start();
    const { ws } = await anonymousWs(server);
    const closed = await wsClosed(ws);
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/sign in within 2 s/);
    expect(closed.reason).toMatch(/authorize login/);
    expect(server.logs.some((l) => l.msg === 'closed a session that did not sign in in time')).toBe(
      true,
    );
  });

  it('closes a TCP connection that does not sign in, after one JSON line saying why', async () => {
    const server = await start();
    const { socket, inbox } = anonymousTcp(server);
    await tcpClosed(socket);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({ success: false, error: 'No Authorization' });
    const [line] = inbox.messages as [Message];
    const description = (line.errorData as { description: string }[])[0]?.description;
    expect(description).toMatch(/sign in within 2 s/);
    expect(description).toMatch(/"subcommand":"login"/);
  });

  it('is not extended by anonymous commands', async () => {
    const server = await start();
    const { ws, inbox } = await anonymousWs(server);
    const tcp = anonymousTcp(server);
    const closed = wsClosed(ws);
    const tcpGone = tcpClosed(tcp.socket);
    let open = true;
    void closed.finally(() => {
      open = false;
    });
    // Keep asking what needs no token, for up to 20 s: the sessions are closed all the same.
    for (let i = 1; open && i <= 100; i++) {
      ws.send(JSON.stringify(tokenRequired(i)));
      tcp.send(tokenRequired(i));
      await sleep(200);
    }
    expect((await closed).code).toBe(1008);
    await tcpGone;
    expect(inbox.messages.some((m) => m.success === true)).toBe(true);
  });

  it('keeps signed-in sessions: a token at the upgrade, a login on a WebSocket and on TCP', async () => {
    const server = await start();
    const byHeader = await RpcSocket.open(server.ws, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    cleanup.push(() => byHeader.close());
    const byLogin = await anonymousWs(server);
    byLogin.ws.send(JSON.stringify(login(server.token)));
    expect(await byLogin.inbox.next((m) => m.tan === 1)).toMatchObject({ success: true });
    const tcp = anonymousTcp(server);
    tcp.send(login(server.token));
    expect(await tcp.inbox.next((m) => m.tan === 1)).toMatchObject({ success: true });
    await sleep(3 * GRACE_MS);
    const serverinfo = { command: 'sysinfo', tan: 2 };
    expect(await byHeader.call(serverinfo)).toMatchObject({ success: true });
    byLogin.ws.send(JSON.stringify(serverinfo));
    expect(await byLogin.inbox.next((m) => m.tan === 2)).toMatchObject({ success: true });
    tcp.send(serverinfo);
    expect(await tcp.inbox.next((m) => m.tan === 2)).toMatchObject({ success: true });
  });

  it('gives a session that logs out its time to sign in again', async () => {
    const server = await start();
    const { ws, inbox } = await anonymousWs(server);
    ws.send(JSON.stringify(login(server.token)));
    expect(await inbox.next((m) => m.tan === 1)).toMatchObject({ success: true });
    ws.send(JSON.stringify({ command: 'authorize', subcommand: 'logout', tan: 2 }));
    expect(await inbox.next((m) => m.tan === 2)).toMatchObject({ success: true });
    expect((await wsClosed(ws)).code).toBe(1008);
  });

  it('keeps a session whose token request waits for an admin, and gives it its time when the request ends', async () => {
    const server = await start();
    const admin = await LiveSocket.open(server.ws, server.token);
    cleanup.push(() => admin.close());
    await admin.call({ command: 'authorize', subcommand: 'getPendingTokenRequests' });
    const requester = await anonymousWs(server);
    const tcp = anonymousTcp(server);
    requester.ws.send(JSON.stringify(requestToken('wait1', 5)));
    tcp.send(requestToken('wait2', 6));
    await admin.next((m) => (m.info as Message | undefined)?.id === 'wait1');
    await admin.next((m) => (m.info as Message | undefined)?.id === 'wait2');
    let wsOpen = true;
    const closed = wsClosed(requester.ws, 60_000);
    void closed.finally(() => {
      wsOpen = false;
    });
    let tcpOpen = true;
    const tcpGone = tcpClosed(tcp.socket, 60_000);
    void tcpGone.finally(() => {
      tcpOpen = false;
    });
    await sleep(3 * GRACE_MS);
    expect(wsOpen).toBe(true);
    expect(tcpOpen).toBe(true);
    for (const id of ['wait1', 'wait2']) {
      expect(
        await admin.call({ command: 'authorize', subcommand: 'answerRequest', id, accept: false }),
      ).toMatchObject({ success: true });
    }
    expect(await requester.inbox.next((m) => m.tan === 5)).toMatchObject({ success: false });
    expect(await tcp.inbox.next((m) => m.tan === 6)).toMatchObject({ success: false });
    // The request ended: now the session has its time to sign in, and is then closed.
    expect((await closed).code).toBe(1008);
    await tcpGone;
  });
});
