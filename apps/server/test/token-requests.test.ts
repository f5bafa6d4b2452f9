import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DENIED } from '../src/auth/token-requests.js';
import { post } from './support/client.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What Home Assistant sends: `comment` "Home Assistant" and a random 5-character id. */
const requestToken = (id: string, tan: number, extra: Message = {}) => ({
  command: 'authorize',
  subcommand: 'requestToken',
  comment: 'Home Assistant',
  id,
  tan,
  ...extra,
});

describe('token requests between WebSocket sessions', () => {
  let t: TestServer;
  const open: { close(): void }[] = [];

  beforeAll(async () => {
    // Requests wait 20 s here, far longer than any test takes to answer them on a loaded machine;
    // the test of the time-out has a server of its own with a short one.
    t = await startServer({ tcpPort: 0, tokenRequestTimeoutMs: 20_000 });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = async (): Promise<LiveSocket> => {
    const socket = await LiveSocket.open(t.ws, t.token);
    open.push(socket);
    // An admin session hears of requests once it has said something (as a UI does on connect).
    expect(
      await socket.call({ command: 'authorize', subcommand: 'getPendingTokenRequests' }),
    ).toMatchObject({
      success: true,
    });
    return socket;
  };
  const requester = async () => {
    const client = await anonymousSocket(t.ws);
    open.push(client.ws);
    return client;
  };

  it('answers the open authorize subcommands without a token', async () => {
    const ask = (subcommand: string) =>
      post(`${t.http}/json-rpc`, { command: 'authorize', subcommand, tan: 3 });
    expect((await ask('tokenRequired')).json).toEqual({
      command: 'authorize-tokenRequired',
      info: { required: true },
      success: true,
      tan: 3,
    });
    expect((await ask('adminRequired')).json).toEqual({
      command: 'authorize-adminRequired',
      info: { adminRequired: true },
      success: true,
      tan: 3,
    });
    expect((await ask('newPasswordRequired')).json).toEqual({
      command: 'authorize-newPasswordRequired',
      info: { newPasswordRequired: true },
      success: true,
      tan: 3,
    });
    for (const subcommand of ['answerRequest', 'getPendingTokenRequests']) {
      const reply = await post(`${t.http}/json-rpc`, {
        command: 'authorize',
        subcommand,
        id: 'abcde',
        accept: true,
      });
      expect(reply.status, subcommand).toBe(401);
      expect(reply.json.error).toBe('No Authorization');
    }
  });

  it('grants a token: the admin approves, the requester gets it once, and it logs in', async () => {
    const approver = await admin();
    // Another admin watching the token list (a Tokens page) sees the new token at once.
    const watcher = await admin();
    await watcher.call({
      command: 'serverinfo',
      subcommand: 'subscribe',
      data: { subscriptions: ['token-update'] },
    });
    const { ws, inbox } = await requester();
    ws.send(JSON.stringify(requestToken('ab1C2', 7)));

    const push = await approver.next((m) => m.command === 'authorize-tokenRequest');
    expect(push).toEqual({
      command: 'authorize-tokenRequest',
      info: { comment: 'Home Assistant', id: 'ab1C2', timeout: 20_000 },
    });
    const listed = await approver.call({
      command: 'authorize',
      subcommand: 'getPendingTokenRequests',
    });
    expect(listed.info).toEqual([
      { comment: 'Home Assistant', id: 'ab1C2', timeout: expect.any(Number), tan: 7 },
    ]);
    // Nothing was sent back yet: the answer comes when the admin decides.
    expect(inbox.messages).toEqual([]);

    expect(
      await approver.call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id: 'ab1C2',
        accept: true,
      }),
    ).toMatchObject({ command: 'authorize-answerRequest', success: true });
    const answer = await inbox.next((m) => m.command === 'authorize-requestToken');
    expect(answer).toMatchObject({
      success: true,
      tan: 7,
      info: { comment: 'Home Assistant', id: 'ab1C2' },
    });
    const token = (answer.info as { token: string }).token;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(inbox.messages).toHaveLength(1);
    const update = await watcher.next((m) => m.command === 'token-update');
    expect(JSON.stringify(update.data)).toContain('Home Assistant');

    // The new token logs in on a fresh session and drives the server; it is not an admin token.
    const client = await anonymousSocket(t.ws);
    open.push(client.ws);
    client.ws.send(JSON.stringify({ command: 'authorize', subcommand: 'login', token, tan: 1 }));
    expect(await client.inbox.next((m) => m.tan === 1)).toMatchObject({
      command: 'authorize-login',
      success: true,
    });
    client.ws.send(JSON.stringify({ command: 'sysinfo', tan: 2 }));
    expect(await client.inbox.next((m) => m.tan === 2)).toMatchObject({
      command: 'sysinfo',
      success: true,
    });
    client.ws.send(
      JSON.stringify({ command: 'authorize', subcommand: 'getPendingTokenRequests', tan: 3 }),
    );
    expect(await client.inbox.next((m) => m.tan === 3)).toMatchObject({
      success: false,
      error: 'No Authorization',
    });

    const list = await approver.call({ command: 'authorize', subcommand: 'getTokenList' });
    expect(list.info).toContainEqual(expect.objectContaining({ comment: 'Home Assistant' }));
    // Answered once: a second answer finds nothing.
    expect(
      await approver.call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id: 'ab1C2',
        accept: true,
      }),
    ).toMatchObject({ success: false, error: 'Unable to handle token acceptance or denial' });
  });

  it('denies: the requester gets "Token request timeout or denied" and no token is made', async () => {
    const approver = await admin();
    const before = t.server.store.tokens.count();
    const { ws, inbox } = await requester();
    ws.send(JSON.stringify(requestToken('deny2', 11)));
    await approver.next(
      (m) => m.command === 'authorize-tokenRequest' && (m.info as Message).id === 'deny2',
    );
    await approver.call({
      command: 'authorize',
      subcommand: 'answerRequest',
      id: 'deny2',
      accept: false,
    });
    expect(await inbox.next((m) => m.tan === 11)).toEqual({
      command: 'authorize-requestToken',
      error: DENIED,
      errorCode: 'token-request-denied',
      errorData: [{ description: 'an admin denied the request' }],
      success: false,
      tan: 11,
    });
    expect(t.server.store.tokens.count()).toBe(before);
  });

  it('times out: nobody answers, the requester is told, and the request is gone', async () => {
    const short = await startServer({ tcpPort: 0, tokenRequestTimeoutMs: 1000 });
    try {
      const approver = await LiveSocket.open(short.ws, short.token);
      open.push(approver);
      const client = await anonymousSocket(short.ws);
      open.push(client.ws);
      client.ws.send(JSON.stringify(requestToken('late3', 12)));
      const answer = await client.inbox.next((m) => m.tan === 12);
      expect(answer).toMatchObject({
        command: 'authorize-requestToken',
        error: DENIED,
        errorCode: 'token-request-timeout',
        success: false,
      });
      const listed = await approver.call({
        command: 'authorize',
        subcommand: 'getPendingTokenRequests',
      });
      expect(listed.info).toEqual([]);
    } finally {
      for (const socket of open.splice(0)) socket.close();
      await short.close();
    }
  });

  it('drops a request when its requester disconnects, and lets it cancel one', async () => {
    const approver = await admin();
    const first = await requester();
    first.ws.send(JSON.stringify(requestToken('gone4', 1)));
    await approver.next((m) => (m.info as Message | undefined)?.id === 'gone4');
    first.ws.close();
    let pending: unknown = ['gone4'];
    for (let i = 0; i < 500 && (pending as unknown[]).length > 0; i++) {
      await sleep(10);
      pending = (
        await approver.call({ command: 'authorize', subcommand: 'getPendingTokenRequests' })
      ).info;
    }
    expect(pending).toEqual([]);

    const second = await requester();
    second.ws.send(JSON.stringify(requestToken('canc5', 2)));
    await approver.next((m) => (m.info as Message | undefined)?.id === 'canc5');
    second.ws.send(JSON.stringify(requestToken('canc5', 3, { accept: false })));
    expect(await second.inbox.next((m) => m.tan === 2)).toMatchObject({ error: DENIED });
    second.ws.send(JSON.stringify(requestToken('nope6', 4, { accept: false })));
    expect(await second.inbox.next((m) => m.tan === 4)).toMatchObject({
      success: false,
      error: 'Token request failed',
    });
  });

  it('refuses a flood from one address with a clear error', async () => {
    const { ws, inbox } = await requester();
    for (let i = 0; i < 5; i++)
      ws.send(JSON.stringify(requestToken(`fl${String(i).padStart(3, '0')}`, 100 + i)));
    const refused = await inbox.next((m) => m.tan === 104);
    expect(refused).toMatchObject({
      command: 'authorize-requestToken',
      success: false,
      error: 'Token request failed',
    });
    expect((refused.errorData as { description: string }[])[0]?.description).toMatch(
      /4 token requests pending already \(at most 4\)/,
    );
    expect(inbox.messages.filter((m) => (m.tan as number) < 104)).toEqual([]);
  });

  it('refuses requestToken over HTTP, where no later answer can arrive', async () => {
    const reply = await post(`${t.http}/json-rpc`, requestToken('http7', 5));
    expect(reply.json).toMatchObject({
      command: 'authorize-requestToken',
      error: 'Command not supported via single API calls using HTTP/S',
      success: false,
      tan: 5,
    });
  });

  it('logs out WebSocket and TCP sessions', async () => {
    const socket = await LiveSocket.open(t.ws, t.token);
    open.push(socket);
    expect(await socket.call({ command: 'authorize', subcommand: 'logout' })).toMatchObject({
      success: true,
    });
    expect(await socket.call({ command: 'authorize', subcommand: 'getTokenList' })).toMatchObject({
      success: false,
      error: 'No Authorization',
    });

    const port = t.server.listening.tcp?.port;
    expect(port).toBeTypeOf('number');
    const { socket: tcp, inbox: lines, send } = tcpClient(port as number);
    open.push({ close: () => tcp.destroy() });
    send({ command: 'authorize', subcommand: 'login', token: t.token, tan: 1 });
    expect(await lines.next((m) => m.tan === 1)).toMatchObject({ success: true });
    send({ command: 'authorize', subcommand: 'getTokenList', tan: 2 });
    expect(await lines.next((m) => m.tan === 2)).toMatchObject({ success: true });
    send({ command: 'authorize', subcommand: 'logout', tan: 3 });
    expect(await lines.next((m) => m.tan === 3)).toMatchObject({ success: true });
    send({ command: 'authorize', subcommand: 'getTokenList', tan: 4 });
    expect(await lines.next((m) => m.tan === 4)).toMatchObject({
      success: false,
      error: 'No Authorization',
    });
  });
});

describe('token requests from many addresses', () => {
  // Hyperion.ng's 180 s: nothing here may time out on a busy machine.
  let t: TestServer;
  let tcpPort: number;
  const open: { close(): void }[] = [];

  beforeAll(async () => {
    t = await startServer({ tcpPort: 0 });
    tcpPort = t.server.listening.tcp?.port as number;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A client of the TCP JSON port from `address` (127.0.0.2, 127.0.0.3, … are this machine). */
  const from = (address: string) => {
    const client = tcpClient(tcpPort, address);
    open.push({ close: () => client.socket.destroy() });
    return client;
  };
  /** An admin WebSocket session that has spoken, so that it hears of requests. */
  const adminSocket = async () => {
    const socket = await LiveSocket.open(t.ws, t.token);
    open.push(socket);
    await socket.call({ command: 'authorize', subcommand: 'getPendingTokenRequests' });
    return socket;
  };
  /** An admin TCP session, logged in and having spoken. */
  const adminLine = async () => {
    const client = from('127.0.0.1');
    client.send({ command: 'authorize', subcommand: 'login', token: t.token, tan: 1 });
    expect(await client.inbox.next((m) => m.tan === 1)).toMatchObject({ success: true });
    return client;
  };
  const pending = async (admin: LiveSocket) => {
    const listed = await admin.call({
      command: 'authorize',
      subcommand: 'getPendingTokenRequests',
    });
    return listed.info as Message[];
  };
  /** Polls the pending list until it is empty (requests go with their requesters' connections). */
  const drained = async (admin: LiveSocket) => {
    for (let i = 0; i < 500 && (await pending(admin)).length > 0; i++) await sleep(20);
    expect(await pending(admin)).toEqual([]);
  };

  it('lets five addresses not fill the list: a real request from another address gets through', async () => {
    const admin = await adminSocket();
    // Five addresses ask as much as the old limit of one address allowed (16 each: 80 in all).
    const flooders = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'].map(from);
    flooders.forEach((client, a) => {
      for (let i = 0; i < 16; i++)
        client.send(requestToken(`f${a}${String(i).padStart(3, '0')}`, i));
    });
    for (const client of flooders) {
      // Each address has 4 pending; its other 12 are refused at once, saying why.
      const refusals = await Promise.all(
        Array.from({ length: 12 }, (_, k) => client.inbox.next((m) => m.tan === 4 + k)),
      );
      for (const refused of refusals) {
        expect(refused).toMatchObject({ success: false, error: 'Token request failed' });
        expect((refused.errorData as { description: string }[])[0]?.description).toBe(
          'your address has 4 token requests pending already (at most 4): wait for an admin to answer them',
        );
      }
      expect(client.inbox.messages.filter((m) => (m.tan as number) < 4)).toEqual([]);
    }
    expect(await pending(admin)).toHaveLength(20);

    // Home Assistant, from yet another address, is still heard and answered.
    const assistant = from('127.0.0.7');
    assistant.send(requestToken('hA123', 42));
    await admin.next(
      (m) => m.command === 'authorize-tokenRequest' && (m.info as Message).id === 'hA123',
    );
    expect(
      await admin.call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id: 'hA123',
        accept: true,
      }),
    ).toMatchObject({ success: true });
    expect(await assistant.inbox.next((m) => m.tan === 42)).toMatchObject({
      command: 'authorize-requestToken',
      success: true,
      info: { id: 'hA123', token: expect.any(String) },
    });
    for (const client of flooders) client.socket.destroy();
    await drained(admin);
  });

  it('denies every pending request at once: each requester is told, every admin hears it', async () => {
    const [socketAdmin, lineAdmin] = [await adminSocket(), await adminLine()];
    const requesters = [
      { client: from('127.0.0.2'), id: 'kitch', tan: 7 },
      { client: from('127.0.0.3'), id: 'phone', tan: 8 },
      { client: from('127.0.0.3'), id: 'tabl3', tan: 9 },
    ];
    for (const { client, id, tan } of requesters) client.send(requestToken(id, tan));
    for (const { id } of requesters) {
      await socketAdmin.next(
        (m) => m.command === 'authorize-tokenRequest' && (m.info as Message).id === id,
      );
    }
    const tokens = t.server.store.tokens.count();

    const denied = await socketAdmin.call({
      command: 'authorize',
      subcommand: 'denyPendingTokenRequests',
    });
    expect(denied).toMatchObject({
      command: 'authorize-denyPendingTokenRequests',
      success: true,
      info: {
        denied: requesters.map(({ id }) => ({ id, comment: 'Home Assistant' })),
      },
    });
    for (const { client, tan } of requesters) {
      expect(await client.inbox.next((m) => m.tan === tan)).toEqual({
        command: 'authorize-requestToken',
        error: DENIED,
        errorCode: 'token-request-denied-all',
        errorData: [{ description: 'an admin denied every pending request' }],
        success: false,
        tan,
      });
    }
    // Every admin session hears that the list is empty: the WebSocket and the TCP one.
    const event = {
      command: 'authorize-event',
      data: { event: 'tokenRequestsDenied', ids: requesters.map((r) => r.id) },
    };
    expect(await socketAdmin.next((m) => m.command === 'authorize-event')).toEqual(event);
    expect(await lineAdmin.inbox.next((m) => m.command === 'authorize-event')).toEqual(event);
    expect(await pending(socketAdmin)).toEqual([]);
    expect(t.server.store.tokens.count()).toBe(tokens);

    // Nothing pending: nothing to deny, and said so.
    expect(
      await socketAdmin.call({ command: 'authorize', subcommand: 'denyPendingTokenRequests' }),
    ).toMatchObject({ success: true, info: { denied: [] } });
  });

  it('lets only admin tokens deny every request', async () => {
    const { token } = t.server.store.tokens.create('a token of Home Assistant', false);
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'authorize', subcommand: 'denyPendingTokenRequests', tan: 3 },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ success: false, error: 'No Authorization', tan: 3 });
  });
});
