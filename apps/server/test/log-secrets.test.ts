// Secrets never reach the log (issue 24 §4): every path that handles a token, a password or the
// TLS pass phrase is driven at debug level, and standard output and the `logging` stream are
// searched for the secret values.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { LogRing } from '../src/log-ring.js';
import { createLogger, logFeedOf } from '../src/logger.js';
import { LANDED, writeLandedDatabase } from './store/landed-db.js';
import { post } from './support/client.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { memoryOutput } from './support/log-output.js';
import { GLOWKIT, requireBuild } from './support/process.js';
import { startServer, type TestServer } from './support/server.js';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A WebSocket without a token that sends a request and waits for its reply. */
async function session(url: string) {
  const { ws, inbox } = await anonymousSocket(url);
  let tan = 100;
  return {
    close: () => ws.close(),
    call: (request: Message): Promise<Message> => {
      const mine = ++tan;
      ws.send(JSON.stringify({ ...request, tan: mine }));
      return inbox.next((m) => m.tan === mine && 'success' in m);
    },
  };
}

it('keeps tokens, passwords and the TLS pass phrase out of standard output and the logging stream', async () => {
  requireBuild();
  s = await startServer({ scryptCost: { N: 1024, r: 8, p: 1, keyLength: 64 } });
  const server = s;
  const secrets: string[] = [server.token];

  // The stream, on a TCP session: it outlives the restart webConfig causes.
  const tcp = tcpClient(server.server.listening.tcp?.port as number);
  tcp.send({ command: 'authorize', subcommand: 'login', token: server.token, tan: 1 });
  await tcp.inbox.next((m) => m.tan === 1 && m.success === true);
  tcp.send({ command: 'logging', subcommand: 'start', tan: 2 });
  await tcp.inbox.next((m) => m.tan === 2 && m.success === true);

  try {
    const ws = await session(server.ws);
    // The first admin password, then signing in with it (a wrong one first).
    const first = 'first-Pa55word-ab12';
    secrets.push(first);
    const created = await ws.call({
      command: 'authorize',
      subcommand: 'newPassword',
      newPassword: first,
    });
    expect(created).toMatchObject({ success: true });
    secrets.push((created.info as { token: string }).token);
    const wrong = 'wrong-Pa55word-cd34';
    secrets.push(wrong);
    const other = await session(server.ws);
    expect(
      await other.call({ command: 'authorize', subcommand: 'login', password: wrong }),
    ).toMatchObject({ success: false });
    other.close();
    const signedIn = await ws.call({ command: 'authorize', subcommand: 'login', password: first });
    expect(signedIn).toMatchObject({ success: true });
    secrets.push((signedIn.info as { token: string }).token);
    // Changing it.
    const second = 'second-Pa55word-ef56';
    secrets.push(second);
    expect(
      await ws.call({
        command: 'authorize',
        subcommand: 'newPassword',
        password: first,
        newPassword: second,
      }),
    ).toMatchObject({ success: true });
    // A token: signing in with it, over WebSocket and HTTP, and making one.
    expect(
      await ws.call({ command: 'authorize', subcommand: 'login', token: server.token }),
    ).toMatchObject({ success: true });
    const made = await ws.call({
      command: 'authorize',
      subcommand: 'createToken',
      comment: 'a token for the log test',
    });
    const madeToken = (made.info as { token: string }).token;
    secrets.push(madeToken);
    const http = await post(
      `${server.http}/json-rpc`,
      { command: 'sysinfo' },
      { headers: { Authorization: `Bearer ${madeToken}` } },
    );
    expect(http.status).toBe(200);
    const badToken = 'not-a-token-but-secret-0123456789';
    secrets.push(badToken);
    await post(
      `${server.http}/json-rpc`,
      { command: 'sysinfo' },
      { headers: { Authorization: `Bearer ${badToken}` } },
    );

    // `glowkit password set`, then signing in with that password.
    const third = 'third-Pa55word-gh78';
    secrets.push(third);
    const cli = spawnSync(
      process.execPath,
      [GLOWKIT, 'password', 'set', '--data-dir', server.dataDir],
      { encoding: 'utf8', timeout: 60_000, input: `${third}\n` },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(`${cli.stdout}${cli.stderr}`).not.toContain(third);
    expect(
      await ws.call({ command: 'authorize', subcommand: 'login', password: third }),
    ).toMatchObject({ success: true });

    // The MQTT password (network.mqtt) and the TLS key's pass phrase (webConfig, which
    // restarts the service and closes WebSockets: last).
    const mqtt = 'mqtt-Pa55word-ij90';
    secrets.push(mqtt);
    expect(
      await ws.call({
        command: 'config',
        subcommand: 'setconfig',
        config: { network: { mqtt: { password: mqtt } } },
      }),
    ).toMatchObject({ success: true });
    const phrase = 'tls-Pa55phrase-kl12';
    secrets.push(phrase);
    const restarted = new Promise((resolve) => server.server.once('restart-complete', resolve));
    expect(
      await ws.call({
        command: 'config',
        subcommand: 'setconfig',
        config: { webConfig: { keyPassPhrase: phrase } },
      }),
    ).toMatchObject({ success: true, info: { restarted: 'service' } });
    await restarted;
    ws.close();

    // Past the restart: a round trip on the stream's session, so every line has been pushed.
    tcp.send({ command: 'sysinfo', tan: 3 });
    await tcp.inbox.next((m) => m.tan === 3);
    const streamed = tcp.inbox.messages
      .filter((m) => m.command === 'logmsg-update')
      .flatMap((m) => (m.data as { messages: { message: string }[] }).messages)
      .map((m) => m.message)
      .join('\n');
    // The paths did log (so the search below means something).
    for (const text of [
      'admin password created',
      'admin password changed',
      'logged in',
      'token created',
      'authorization failed',
      'settings saved',
      'restart complete',
    ]) {
      expect(streamed, text).toContain(text);
      expect(server.logText(), text).toContain(text);
    }
    for (const secret of secrets) {
      expect(server.logText(), secret).not.toContain(secret);
      expect(streamed, secret).not.toContain(secret);
    }
  } finally {
    tcp.socket.destroy();
  }
});

it('censors secret fields a caller passes anyway, at any depth up to a setconfig group key', () => {
  const output = memoryOutput();
  const ring = new LogRing();
  const logger = createLogger({
    level: 'debug',
    pretty: false,
    destination: output.destination,
    ring,
  });
  logger.debug(
    {
      password: 'p1-secret',
      request: { newPassword: 'p2-secret', token: 't-secret' },
      config: {
        network: { mqtt: { password: 'p3-secret' } },
        webConfig: { keyPassPhrase: 'k-secret' },
      },
      headers: { authorization: 'Bearer h-secret' },
    },
    'a careless line',
  );
  const kept = ring
    .lines()
    .map((l) => l.message)
    .join('\n');
  expect(kept).toContain('a careless line');
  for (const secret of [
    'p1-secret',
    'p2-secret',
    't-secret',
    'p3-secret',
    'k-secret',
    'h-secret',
  ]) {
    expect(output.text(), secret).not.toContain(secret);
    expect(kept, secret).not.toContain(secret);
  }
});

it('hides the secrets of a stored group brought into range at start: "(hidden)", not the value', async () => {
  requireBuild();
  // Secrets of the wrong type (numbers), as a hand-edited or foreign database may hold them:
  // the migration replaces each by its default and logs a line per change.
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-server-'));
  const adminToken = writeLandedDatabase(databaseFile(dataDir), {
    global: {
      network: { ...(LANDED.groups.network as object), mqtt: { password: 987654321 } },
      webConfig: { ...(LANDED.groups.webConfig as object), keyPassPhrase: 123456789 },
      forwarder: {
        ...(LANDED.groups.forwarder as object),
        jsonapi: [{ name: 'tv', host: '127.0.0.1', token: 555444333 }],
      },
    },
    instances: [{ id: 0, name: 'First LED instance', enabled: false }],
  });
  s = await startServer({ dataDir, adminToken });
  const ring = logFeedOf(s.server.logger)?.ring;
  expect(ring).toBeDefined();
  const kept = (ring?.lines() ?? []).map((l) => l.message).join('\n');
  for (const [where, text] of [
    ['standard output', s.logText()],
    ['the logging ring', kept],
  ] as const) {
    for (const pointer of ['/mqtt/password', '/keyPassPhrase', '/jsonapi/0/token']) {
      expect(text, `${where}: ${pointer}`).toContain(`${pointer} (hidden) → (hidden)`);
    }
    for (const secret of ['987654321', '123456789', '555444333']) {
      expect(text, `${where}: ${secret}`).not.toContain(secret);
    }
  }
});
