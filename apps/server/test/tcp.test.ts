import { once } from 'node:events';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { freePort } from './support/ports.js';
import { holdRestarts, startServer, type TestServer } from './support/server.js';

type Message = Record<string, unknown>;

let t: TestServer | undefined;
const clients: LineClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.destroy();
  await t?.close();
  t = undefined;
});

/** A value with the keys of every object in sorted order. */
const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sortKeys(v)]),
        )
      : value;

/** JSON the way hyperion-py sends it (`json.dumps(req, sort_keys=True)`), then "\n". */
const sorted = (value: Message): string => `${JSON.stringify(sortKeys(value))}\n`;

/**
 * A TCP JSON client as hyperion-py is one: lines in, lines out; replies (they carry `success`)
 * are told from pushes (they do not).
 */
class LineClient {
  readonly socket: Socket;
  readonly lines: Message[] = [];
  readonly closed: Promise<void>;
  #buffer = '';
  #waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.#buffer += chunk;
      for (let i = this.#buffer.indexOf('\n'); i >= 0; i = this.#buffer.indexOf('\n')) {
        const line = this.#buffer.slice(0, i);
        this.#buffer = this.#buffer.slice(i + 1);
        const message = JSON.parse(line) as Message;
        this.lines.push(message);
        for (const waiter of [...this.#waiters]) {
          if (waiter.match(message)) {
            this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
            waiter.resolve(message);
          }
        }
      }
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number): Promise<LineClient> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new LineClient(socket);
    clients.push(client);
    return client;
  }

  /** The replies so far, in order. */
  get replies(): Message[] {
    return this.lines.filter((m) => 'success' in m);
  }

  /** The first line (from the start) that matches, waiting for it. */
  next(match: (m: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const found = this.lines.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching line in time')), timeoutMs);
      this.#waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Sends a request (sorted keys) and waits for the reply with its tan. */
  call(request: Message): Promise<Message> {
    this.socket.write(sorted(request));
    return this.next((m) => 'success' in m && m.tan === request.tan);
  }
}

const tcpPort = (s: TestServer): number => {
  const tcp = s.server.listening.tcp;
  if (!tcp) throw new Error('the TCP JSON server is not listening');
  return tcp.port;
};

const login = (client: LineClient, token: string, tan = 1) =>
  client.call({ command: 'authorize', subcommand: 'login', token, tan });

const logsWith = (s: TestServer, text: string) =>
  s.logs.filter((l) => JSON.stringify(l).includes(text));

describe('the TCP JSON server', () => {
  it('serves a stateful session: login, subscribe, pushes, replies in order with their tans', async () => {
    t = await startServer({ tcpPort: 0 });
    const client = await LineClient.open(tcpPort(t));
    expect(await client.call({ command: 'config', subcommand: 'getconfig', tan: 1 })).toMatchObject(
      { command: 'config-getconfig', success: false, error: 'No Authorization', tan: 1 },
    );
    expect(await login(client, t.token, 2)).toEqual({
      command: 'authorize-login',
      success: true,
      tan: 2,
    });
    const info = await client.call({
      command: 'serverinfo',
      subscribe: ['priorities-update', 'components-update'],
      tan: 3,
    });
    expect(info).toMatchObject({ command: 'serverinfo', success: true, tan: 3 });
    expect(Object.keys(info.info as object).length).toBeGreaterThan(0);
    expect(
      await client.call({ command: 'color', priority: 7, color: [0, 0, 255], tan: 4 }),
    ).toEqual({ command: 'color', success: true, tan: 4 });
    const update = await client.next(
      (m) => m.command === 'priorities-update' && JSON.stringify(m.data).includes('"priority":7'),
    );
    expect(update).toMatchObject({ instance: 0, data: { priorities_autoselect: true } });
    expect(update).not.toHaveProperty('tan');

    // Pipelined in one write, "\r\n" and "\n" mixed: answered one by one, in order.
    const before = client.replies.length;
    client.socket.write(
      `${JSON.stringify({ command: 'authorize', subcommand: 'tokenRequired', tan: 10 })}\r\n` +
        `${JSON.stringify({ command: 'config', subcommand: 'getconfig', tan: 11 })}\n\n` +
        `${JSON.stringify({ command: 'serverinfo', tan: 12 })}\n` +
        `${JSON.stringify({ command: 'clear', priority: 7, tan: 13 })}\n`,
    );
    await client.next((m) => m.tan === 13);
    expect(client.replies.slice(before).map((r) => [r.command, r.tan, r.success])).toEqual([
      ['authorize-tokenRequired', 10, true],
      ['config-getconfig', 11, true],
      ['serverinfo', 12, true],
      ['clear', 13, true],
    ]);
    // Every line is compact JSON on one line (hyperion-py's readline).
    expect(client.lines.every((m) => typeof m.command === 'string')).toBe(true);
  });

  it('closes a connection whose line is over the body limit, naming its tan; others go on', async () => {
    t = await startServer({ tcpPort: 0, bodyLimit: 16 * 1024 });
    const other = await LineClient.open(tcpPort(t));
    await login(other, t.token);
    const client = await LineClient.open(tcpPort(t));
    await login(client, t.token);
    // The start of a huge restore, the way a client that does not sort its keys writes it.
    client.socket.write(
      `{"command":"config","subcommand":"restoreconfig","tan":9,"config":"${'x'.repeat(40_000)}`,
    );
    const reply = await client.next((m) => m.tan === 9);
    expect(reply).toMatchObject({
      command: 'config-restoreconfig',
      success: false,
      error: 'Request too large',
      tan: 9,
    });
    expect(JSON.stringify(reply.errorData)).toContain('16 KB');
    await client.closed;
    expect(logsWith(t, 'a request line over the limit')).toHaveLength(1);
    expect(await other.call({ command: 'serverinfo', tan: 2 })).toMatchObject({ success: true });
  });

  it('closes a connection that floods lines that are not JSON, after 20 parse errors', async () => {
    t = await startServer({ tcpPort: 0 });
    const client = await LineClient.open(tcpPort(t));
    // A parse error still names the command and tan the text shows.
    expect(await client.call({ command: 'serverinfo', tan: 3 })).toMatchObject({ tan: 3 });
    client.socket.write('{"command":"serverinfo","subcommand":"getInfo","tan":4, oops}\n');
    expect(await client.next((m) => m.tan === 4)).toMatchObject({
      command: 'serverinfo-getInfo',
      error: 'Parse error',
      tan: 4,
    });
    client.socket.write('GET / HTTP/1.1\r\n'.repeat(40));
    await client.closed;
    const errors = client.replies.filter((r) => r.error === 'Parse error');
    // The one above, then 19 more make 20 in a row: the connection is closed.
    expect(errors).toHaveLength(20);
    expect(logsWith(t, '20 lines in a row that are not JSON')).toHaveLength(1);
    const again = await LineClient.open(tcpPort(t));
    expect(await login(again, t.token)).toMatchObject({ success: true });
  });

  it('leaves nothing behind when a client disconnects mid-request', async () => {
    t = await startServer({ tcpPort: 0 });
    for (let i = 0; i < 5; i += 1) {
      const client = await LineClient.open(tcpPort(t));
      client.socket.write(
        sorted({ command: 'authorize', subcommand: 'login', token: t.token, tan: 1 }) +
          sorted({ command: 'serverinfo', subscribe: ['priorities-update'], tan: 2 }) +
          sorted({ command: 'ledcolors', subcommand: 'ledstream-start', tan: 3 }) +
          '{"command":"serverinfo","tan":4', // and no end
      );
      client.socket.destroy();
    }
    const client = await LineClient.open(tcpPort(t));
    await login(client, t.token);
    expect(await client.call({ command: 'color', priority: 9, color: [9, 9, 9], tan: 2 })).toEqual({
      command: 'color',
      success: true,
      tan: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it('answers a client that sends its requests and half-closes', async () => {
    t = await startServer({ tcpPort: 0 });
    const client = await LineClient.open(tcpPort(t));
    client.socket.end(
      sorted({ command: 'authorize', subcommand: 'tokenRequired', tan: 1 }) +
        JSON.stringify({ command: 'authorize', subcommand: 'tokenRequired', tan: 2 }),
    );
    await client.closed;
    expect(client.replies.map((r) => r.tan)).toEqual([1, 2]);
  });

  it('warns when a reply is longer than hyperion-py can read (64 KB)', async () => {
    t = await startServer({
      tcpPort: 0,
      prepare: (server) => server.store.replace(configuration([0], 2000) as never, 'big layout'),
    });
    const client = await LineClient.open(tcpPort(t));
    await login(client, t.token);
    const reply = await client.call({ command: 'config', subcommand: 'getconfig', tan: 2 });
    expect(reply.success).toBe(true);
    expect(logsWith(t, 'over 64 KB')).toHaveLength(1);
  });

  it('moves to the new jsonServer.port after a restore; sessions stay; a taken port is kept', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const initial = configuration([0]) as { global: { settings: Message } };
    initial.global.settings.jsonServer = { port: first };
    // No tcpPort option: the port comes from jsonServer.port, and moves with it.
    t = await startServer({
      tcpPort: undefined,
      prepare: (server) => server.store.replace(initial as never, 'test set-up'),
    });
    expect(tcpPort(t)).toBe(first);
    const session = await LineClient.open(first);
    await login(session, t.token);
    const moved = configuration([0]) as { global: { settings: Message } };
    moved.global.settings.jsonServer = { port: second };
    const complete = once(t.server, 'restart-complete');
    expect(await session.call(restoreRequest(moved, 5))).toMatchObject({ success: true, tan: 5 });
    const [report] = (await complete) as [{ listeners: string[] }];
    expect(report.listeners).toEqual([`tcp ${first} → ${second}`]);
    expect(tcpPort(t)).toBe(second);
    const client = await LineClient.open(second);
    expect(await login(client, t.token)).toMatchObject({ success: true });
    // The session opened on the old port is still logged in and served.
    expect(await session.call({ command: 'serverinfo', tan: 6 })).toMatchObject({
      success: true,
      tan: 6,
    });
    await expect(LineClient.open(first)).rejects.toThrow(/ECONNREFUSED/);

    // A port taken by someone else: the server stays where it is and says why.
    const blocker = createNetServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    try {
      const taken = (blocker.address() as { port: number }).port;
      moved.global.settings.jsonServer = { port: taken };
      const again = once(t.server, 'restart-complete');
      await client.call(restoreRequest(moved, 7));
      await again;
      expect(tcpPort(t)).toBe(second);
      expect(logsWith(t, `tcp port ${taken} on 127.0.0.1 is in use`)).toHaveLength(1);
      expect(await client.call({ command: 'serverinfo', tan: 8 })).toMatchObject({ tan: 8 });
    } finally {
      blocker.close();
    }
  });

  it('answers a connection made during a restart with "Service Unavailable", then closes it', async () => {
    t = await startServer({ tcpPort: 0 });
    const held = holdRestarts(t);
    const begun = once(t.server, 'restart-begin');
    const complete = once(t.server, 'restart-complete');
    void t.server.restart('test');
    await begun;
    const client = await LineClient.open(tcpPort(t));
    await client.closed;
    held.release();
    expect(client.lines).toEqual([
      {
        command: 'unknown',
        error: 'Service Unavailable',
        errorCode: 'unavailable',
        errorData: [{ description: 'the service is restarting; reconnect in a moment' }],
        success: false,
        tan: 0,
      },
    ]);
    await complete;
  });
});

describe('error replies name the request', () => {
  it('over HTTP: a body over the limit (413), with the tan at its end as hyperion-py sorts it', async () => {
    t = await startServer({ tcpPort: 0, bodyLimit: 16 * 1024 });
    const huge = sorted(restoreRequest(configuration([0], 1000), 77));
    const result = await post(`${t.http}/json-rpc`, huge, {
      raw: true,
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(result.status).toBe(413);
    expect(result.json).toMatchObject({
      command: 'config-restoreconfig',
      error: 'Request too large',
      success: false,
      tan: 77,
    });
  });

  it('over HTTP: a token in the URL (401) and a parse error', async () => {
    t = await startServer({ tcpPort: 0 });
    const inUrl = await post(`${t.http}/json-rpc?token=${t.token}`, {
      command: 'serverinfo',
      tan: 31,
    });
    expect(inUrl.status).toBe(401);
    expect(inUrl.json).toMatchObject({ command: 'serverinfo', error: 'No Authorization', tan: 31 });
    const broken = await post(`${t.http}/json-rpc`, '{"command":"sysinfo","tan":32,', {
      raw: true,
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(broken.json).toMatchObject({ command: 'sysinfo', error: 'Parse error', tan: 32 });
  });

  it('over WebSocket: a parse error and a binary frame', async () => {
    t = await startServer({ tcpPort: 0 });
    const socket = await RpcSocket.open(t.ws, { headers: { Authorization: `Bearer ${t.token}` } });
    try {
      expect(
        await socket.call('{"command":"config","subcommand":"getconfig","tan":41,}', true),
      ).toMatchObject({ command: 'config-getconfig', error: 'Parse error', tan: 41 });
      const reply = new Promise<Message>((resolve) =>
        socket.socket.once('message', (data) => resolve(JSON.parse(String(data)) as Message)),
      );
      socket.socket.send(Buffer.from('{"command":"serverinfo","tan":42}'), { binary: true });
      expect(await reply).toMatchObject({ command: 'serverinfo', error: 'Parse error', tan: 42 });
    } finally {
      socket.close();
    }
  });
});

describe('pushes to sessions that outlive a restart', () => {
  it('tells a TCP session what a restore changed, and when the token list changes', async () => {
    t = await startServer({ tcpPort: 0 });
    const session = await LineClient.open(tcpPort(t));
    await login(session, t.token);
    const subscribed = await session.call({
      command: 'serverinfo',
      subscribe: ['leds-update', 'settings-update', 'token-update'],
      tan: 2,
    });
    expect(subscribed).toMatchObject({ success: true });
    const changed = configuration([0], 3) as { instances: { settings: Message }[] };
    const complete = once(t.server, 'restart-complete');
    expect(await session.call(restoreRequest(changed, 3))).toMatchObject({ success: true });
    await complete;
    const leds = await session.next((m) => m.command === 'leds-update');
    expect(leds).toMatchObject({
      instance: 0,
      data: { leds: changed.instances[0]?.settings.leds },
    });
    expect((leds.data as { leds: unknown[] }).leds).toHaveLength(3);
    const general = await session.next(
      (m) => m.command === 'settings-update' && 'general' in (m.data as Message),
    );
    expect(general.data).toEqual({
      general: (changed as unknown as Message & { global: { settings: Message } }).global.settings
        .general,
    });
    // A group the restore left as it was is not announced.
    expect(
      session.lines.some(
        (m) => m.command === 'settings-update' && 'network' in (m.data as Message),
      ),
    ).toBe(false);
    const created = await session.call({
      command: 'authorize',
      subcommand: 'createToken',
      comment: 'kitchen panel',
      tan: 4,
    });
    expect(created).toMatchObject({ success: true });
    const tokens = await session.next((m) => m.command === 'token-update');
    expect((tokens.data as { comment: string }[]).map((t) => t.comment)).toContain('kitchen panel');
  });
});
