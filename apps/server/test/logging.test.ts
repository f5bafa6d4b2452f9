// The live log (issue 24 §4): the ring of the last lines, the `logging` command's stream in
// Hyperion.ng's shape, its level from the `logger` group, and a client that does not read.
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { LogRing } from '../src/log-ring.js';
import { createLogger, logFeedOf } from '../src/logger.js';
import { post } from './support/client.js';
import { type Message, tcpClient } from './support/inbox.js';
import { LiveSocket } from './support/live-socket.js';
import { memoryOutput } from './support/log-output.js';
import { startServer, type TestServer } from './support/server.js';

type LogMessage = Record<string, unknown>;

/** Every message of the `logmsg-update` pushes a client got so far. */
const logMessages = (pushes: readonly Message[]): LogMessage[] =>
  pushes
    .filter((p) => p.command === 'logmsg-update')
    .flatMap((p) => (p.data as { messages: LogMessage[] }).messages);

let s: TestServer | undefined;
const sockets: LiveSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await s?.close();
  s = undefined;
});

async function adminSocket(server: TestServer): Promise<LiveSocket> {
  const socket = await LiveSocket.open(server.ws, server.token);
  sockets.push(socket);
  return socket;
}

describe('the ring of the last log lines', () => {
  it('keeps the last 500 lines of the logger, oldest first, each cut to 1000 characters', () => {
    const ring = new LogRing();
    const logger = createLogger({
      level: 'info',
      pretty: false,
      destination: memoryOutput().destination,
      ring,
    });
    const long = 'x'.repeat(5000);
    for (let i = 0; i < 2000; i++) logger.info({ instance: 1, i }, `line ${i} ${long}`);
    expect(ring.size).toBe(500);
    const lines = ring.lines();
    expect(lines).toHaveLength(500);
    expect(lines[0]?.message.startsWith('line 1500 ')).toBe(true);
    expect(lines.at(-1)?.message.startsWith('line 1999 ')).toBe(true);
    for (const line of lines) {
      expect(line.message.length).toBeLessThanOrEqual(1000);
      expect(line.message.endsWith('…')).toBe(true);
      expect(line.instance).toBe(1);
    }
  });

  it('holds only the cut text of long lines: its memory stays flat', () => {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    const ring = new LogRing();
    const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const logger = createLogger({ level: 'info', pretty: false, destination: discard, ring });
    gc();
    const before = process.memoryUsage().heapUsed;
    const long = 'z'.repeat(200_000);
    // 500 lines of 200 KB each: 100 MB if the ring kept them whole.
    for (let i = 0; i < 500; i++) logger.info({ i }, `${long}${i}`);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(ring.size).toBe(500);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });

  it('gives the lines at a level and above, with their details and an error without its stack', () => {
    const ring = new LogRing();
    const logger = createLogger({
      level: 'debug',
      pretty: false,
      destination: memoryOutput().destination,
      ring,
    });
    logger.debug('a debug line');
    logger.warn({ address: '10.0.0.9', err: new Error('boom') }, 'refused');
    expect(ring.lines(40).map((l) => l.message)).toEqual([
      'refused {"address":"10.0.0.9","err":"boom"}',
    ]);
    expect(ring.lines(20)).toHaveLength(2);
    expect(ring.lines(Number.POSITIVE_INFINITY)).toEqual([]);
  });
});

describe('logging start / stop', () => {
  it('pushes the kept lines, then each new line, in Hyperion.ng shape; stop ends it', async () => {
    s = await startServer();
    const ws = await adminSocket(s);
    expect(await ws.call({ command: 'logging', subcommand: 'start' })).toMatchObject({
      command: 'logging-start',
      success: true,
    });
    // The kept lines come first: the server's start is among them.
    const backlog = await ws.next((p) => p.command === 'logmsg-update');
    const first = (backlog.data as { messages: LogMessage[] }).messages;
    const ready = first.find((m) => m.message === 'ready {"instances":["0 First LED instance"]}');
    expect(ready).toEqual({
      loggerName: 'glowkit',
      loggerSubName: '',
      function: '',
      line: '0',
      fileName: '',
      message: 'ready {"instances":["0 First LED instance"]}',
      levelString: 'INFO',
      utime: expect.stringMatching(/^\d{13}$/),
    });
    // A line logged now arrives live.
    await ws.call({ command: 'authorize', subcommand: 'createToken', comment: 'live log line' });
    await ws.next((p) =>
      logMessages([p]).some((m) => String(m.message).startsWith('token created')),
    );
    expect(await ws.call({ command: 'logging', subcommand: 'stop' })).toMatchObject({
      success: true,
    });
    const before = ws.pushes.length;
    await ws.call({ command: 'authorize', subcommand: 'createToken', comment: 'after the stop' });
    // A request's round trip later: anything the line would have caused has been sent.
    await ws.call({ command: 'sysinfo' });
    expect(logMessages(ws.pushes.slice(before))).toEqual([]);
  });

  it('over the TCP JSON port too; refused over HTTP and to a token that is not an admin', async () => {
    s = await startServer();
    const tcpPort = s.server.listening.tcp?.port as number;
    const tcp = tcpClient(tcpPort);
    try {
      tcp.send({ command: 'authorize', subcommand: 'login', token: s.token, tan: 1 });
      await tcp.inbox.next((m) => m.tan === 1 && m.success === true);
      tcp.send({ command: 'logging', subcommand: 'start', tan: 2 });
      await tcp.inbox.next((m) => m.tan === 2 && m.success === true);
      await tcp.inbox.next((m) =>
        logMessages([m]).some((l) => l.message === 'ready {"instances":["0 First LED instance"]}'),
      );
    } finally {
      tcp.socket.destroy();
    }

    const http = await post(
      `${s.http}/json-rpc`,
      { command: 'logging', subcommand: 'start', tan: 3 },
      { headers: { Authorization: `Bearer ${s.token}` } },
    );
    expect(http.json).toMatchObject({ success: false, errorCode: 'http-unsupported' });

    const driver = s.server.store.tokens.create('drives the LEDs', false).token;
    const socket = await LiveSocket.open(s.ws, driver);
    sockets.push(socket);
    expect(await socket.call({ command: 'logging', subcommand: 'start' })).toMatchObject({
      success: false,
      errorCode: 'admin-required',
    });
  });
});

describe('the end of a stream', () => {
  it('comes with logout and with the revocation of the session token', async () => {
    s = await startServer();
    const server = s;
    const other = server.server.store.tokens.create('a second admin').token;
    const revoked = await LiveSocket.open(server.ws, other);
    const loggedOut = await adminSocket(server);
    sockets.push(revoked);
    for (const socket of [revoked, loggedOut]) {
      await socket.call({ command: 'logging', subcommand: 'start' });
      await socket.next((p) => p.command === 'logmsg-update');
    }
    await loggedOut.call({ command: 'authorize', subcommand: 'logout' });
    const admin = await adminSocket(server);
    const list = (await admin.call({ command: 'authorize', subcommand: 'getTokenList' })) as {
      info: { id: string; comment: string }[];
    };
    const id = list.info.find((t) => t.comment === 'a second admin')?.id;
    await admin.call({ command: 'authorize', subcommand: 'deleteToken', id });
    const before = [revoked.pushes.length, loggedOut.pushes.length];
    // Lines that follow: a token made and a refused request (each logged).
    await admin.call({ command: 'authorize', subcommand: 'createToken', comment: 'after the end' });
    await post(
      `${server.http}/json-rpc`,
      { command: 'sysinfo' },
      { headers: { Authorization: 'Bearer nope' } },
    );
    await admin.call({ command: 'sysinfo' });
    expect(server.logText()).toContain('"comment":"after the end"');
    expect(logMessages(revoked.pushes.slice(before[0]))).toEqual([]);
    expect(logMessages(loggedOut.pushes.slice(before[1]))).toEqual([]);
  });
});

describe('a client that does not read its log lines', () => {
  it('is not sent more than its socket holds: lines wait in a bounded queue, and it is told how many it missed', async () => {
    const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    s = await startServer({
      logger: createLogger({ level: 'info', pretty: false, destination: discard }),
      logStreams: { maxUnsentBytes: 64 * 1024, maxQueuedLines: 50, retryMs: 20 },
    });
    const tcp = tcpClient(s.server.listening.tcp?.port as number);
    try {
      tcp.send({ command: 'authorize', subcommand: 'login', token: s.token, tan: 1 });
      await tcp.inbox.next((m) => m.tan === 1 && m.success === true);
      tcp.send({ command: 'logging', subcommand: 'start', tan: 2 });
      await tcp.inbox.next((m) => m.tan === 2 && m.success === true);
      await tcp.inbox.next((m) => m.command === 'logmsg-update');
      // The client stops reading; the server logs far more than the socket buffers hold (the
      // kernel's receive buffer may grow to 32 MB here).
      tcp.socket.pause();
      const logged = 50_000;
      const text = 'y'.repeat(900);
      for (let i = 0; i < logged; i++) {
        s.server.logger.info({ module: 'flood', i }, text);
        // Turns of the event loop, so that the stream gets to send between lines.
        if (i % 10 === 9) await new Promise((r) => setImmediate(r));
      }
      s.server.logger.info({ module: 'flood' }, 'the last line');
      tcp.socket.resume();
      await tcp.inbox.next(
        (m) => logMessages([m]).some((l) => l.message === 'the last line'),
        60_000,
      );
      const pushes = tcp.inbox.messages.filter((m) => m.command === 'logmsg-update');
      const dropped = pushes.reduce(
        (sum, p) => sum + ((p.data as { dropped?: number }).dropped ?? 0),
        0,
      );
      const flood = logMessages(pushes).filter((l) => l.loggerName === 'flood');
      // Every line is either sent or counted as dropped, and most were dropped.
      expect(flood.length + dropped).toBe(logged + 1);
      expect(dropped).toBeGreaterThan(0);
      const notice = logMessages(pushes).find((l) => l.loggerName === 'logging');
      expect(notice).toMatchObject({
        levelString: 'WARNING',
        message: expect.stringMatching(
          /^\d+ log lines were not sent to this client: it did not read the earlier ones fast enough$/,
        ),
      });
    } finally {
      tcp.socket.destroy();
    }
  });
});

describe('the level from the logger group', () => {
  const setLevel = (socket: LiveSocket, level: string) =>
    socket.call({
      command: 'config',
      subcommand: 'setconfig',
      config: { logger: { level } },
    });
  const createToken = (socket: LiveSocket, comment: string) =>
    socket.call({ command: 'authorize', subcommand: 'createToken', comment });

  it('applies logger.level at start and at once when saved, on standard output and in the stream', async () => {
    const output = memoryOutput();
    // No level given: the group decides (its default is warn).
    s = await startServer({
      logger: createLogger({ pretty: false, destination: output.destination }),
    });
    expect(s.server.logger.level).toBe('warn');
    const ws = await adminSocket(s);
    await ws.call({ command: 'logging', subcommand: 'start' });
    await createToken(ws, 'at warn level');
    expect(output.text()).not.toContain('token created');

    expect(await setLevel(ws, 'debug')).toMatchObject({
      success: true,
      info: { changed: ['logger'], restarted: 'none' },
    });
    await createToken(ws, 'at debug level');
    await ws.next((p) =>
      logMessages([p]).some((m) => String(m.message).includes('"comment":"at debug level"')),
    );
    expect(output.text()).toContain('"comment":"at debug level"');
    // Debug lines too: a TCP client's connection.
    const tcp = tcpClient(s.server.listening.tcp?.port as number);
    await ws.next((p) =>
      logMessages([p]).some(
        (m) =>
          m.levelString === 'DEBUG' && String(m.message).startsWith('TCP JSON client connected'),
      ),
    );
    tcp.socket.destroy();

    await setLevel(ws, 'verbose');
    expect(s.server.logger.level).toBe('info');
    await setLevel(ws, 'silent');
    const before = output.text().length;
    await createToken(ws, 'when silent');
    await ws.call({ command: 'sysinfo' });
    expect(output.text().slice(before)).toBe('');
    expect(logMessages(ws.pushes).some((m) => String(m.message).includes('when silent'))).toBe(
      false,
    );
    // The kept lines a new stream gets are filtered to the level in force.
    await setLevel(ws, 'warn');
    const late = await adminSocket(s);
    await late.call({ command: 'logging', subcommand: 'start' });
    await late.call({ command: 'sysinfo' });
    const levels = new Set(logMessages(late.pushes).map((m) => m.levelString));
    expect(levels.has('INFO')).toBe(false);
    expect(levels.has('DEBUG')).toBe(false);
  });

  it('leaves a level given on the command line (--log-level) as it is', async () => {
    const output = memoryOutput();
    s = await startServer({
      logger: createLogger({ level: 'info', pretty: false, destination: output.destination }),
    });
    const ws = await adminSocket(s);
    expect(await setLevel(ws, 'silent')).toMatchObject({
      success: true,
      errorData: [
        {
          description:
            'logger.level is saved, but the server logs at "info" while it runs with --log-level (or GLOWKIT_LOG_LEVEL): start it without that to use this setting',
        },
      ],
    });
    await createToken(ws, 'still at info');
    expect(output.text()).toContain('"comment":"still at info"');
    expect(s.server.logger.level).toBe('info');
    expect(logFeedOf(s.server.logger)?.fixed).toBe(true);
  });
});
