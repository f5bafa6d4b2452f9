import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TOKEN_COMMENT } from '../src/cli.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { freePort } from './support/ports.js';
import {
  exited,
  GLOWKIT,
  requireBuild,
  type ServerProcess,
  startProcess,
  waitForOutput,
} from './support/process.js';

const requestToken = (comment: string, id: string, tan: number) => ({
  command: 'authorize',
  subcommand: 'requestToken',
  comment,
  id,
  tan,
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `glowkit` without blocking this process (the requesters keep being served). */
function runAsync(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  started?: (child: ChildProcess) => void,
): Promise<Run> {
  const base = { ...process.env };
  delete base.GLOWKIT_TCP_PORT;
  delete base.GLOWKIT_DATA;
  const child = spawn(process.execPath, [GLOWKIT, ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += String(c);
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr += String(c);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** One line on standard error, `glowkit: …`, without a stack. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^glowkit: /);
  expect(stderr.trim()).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at |ECONNREFUSED/);
}

/** The TCP JSON port a `glowkit start` process logged. */
function tcpPortOf(server: ServerProcess): number {
  const match = /"tcp":"127\.0\.0\.1:(\d+)"/.exec(server.output());
  if (!match) throw new Error(`no TCP port in the log:\n${server.output()}`);
  return Number(match[1]);
}

describe('glowkit token requests|approve|deny, with a running server', () => {
  let dataDir: string;
  let server: ServerProcess;
  let tcpPort: number;
  const open: { close(): void }[] = [];

  const glowkit = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runAsync([...args, '--data-dir', dataDir], env);
  const cli = (...args: string[]) => glowkit([...args, '--tcp-port', String(tcpPort)]);

  /** `glowkit token list` shows no temporary token of the command line. */
  async function expectNoTemporaryToken(): Promise<void> {
    const list = await glowkit(['token', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toContain(CLI_TOKEN_COMMENT);
  }

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'glowkit-cli-requests-'));
    server = await startProcess(dataDir);
    tcpPort = tcpPortOf(server);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says when no request is waiting', async () => {
    const none = await cli('token', 'requests');
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('No token requests are waiting.\n');
    expect(none.stderr).toBe('');
    await expectNoTemporaryToken();
  });

  it('lists requests and approves one: the requester receives its token, which works', async () => {
    const requester = tcpClient(tcpPort);
    open.push({ close: () => requester.socket.destroy() });
    requester.send(requestToken('Home Assistant', 'a1B2c', 7));
    await waitForOutput(server, '"id":"a1B2c"');

    const listed = await cli('token', 'requests');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^a1B2c {2}Home Assistant {2}(2 min \d+|3 min 0) s left\n$/);
    await expectNoTemporaryToken();

    const approved = await cli('token', 'approve', 'a1B2c');
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(
      'Approved request a1B2c (“Home Assistant”): that client now has its token.\n',
    );
    const answer = await requester.inbox.next((m) => m.command === 'authorize-requestToken');
    expect(answer).toMatchObject({
      success: true,
      tan: 7,
      info: { comment: 'Home Assistant', id: 'a1B2c' },
    });
    const token = (answer.info as { token: string }).token;
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(approved.stdout + approved.stderr).not.toContain(token);

    // The token works (the requester logs in with it), and is the only token the approval left.
    requester.send({ command: 'authorize', subcommand: 'login', token, tan: 8 });
    expect(await requester.inbox.next((m) => m.tan === 8)).toMatchObject({ success: true });
    const list = await glowkit(['token', 'list']);
    expect(list.stdout).toContain('Home Assistant');
    expect(list.stdout).not.toContain(CLI_TOKEN_COMMENT);

    const after = await cli('token', 'requests');
    expect(after.stdout).toBe('No token requests are waiting.\n');
  });

  it('denies a request: the requester is told so', async () => {
    const browser = await anonymousSocket(server.http.replace(/^http/, 'ws'));
    open.push({ close: () => browser.ws.close() });
    browser.ws.send(JSON.stringify(requestToken('Kitchen tablet', 'Zz9_x', 4)));
    await waitForOutput(server, '"id":"Zz9_x"');
    const other = tcpClient(tcpPort);
    open.push({ close: () => other.socket.destroy() });
    other.send(requestToken('Living room', 'q1w2e', 2));
    await waitForOutput(server, '"id":"q1w2e"');

    const listed = await cli('token', 'requests');
    expect(listed.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^Zz9_x {2}Kitchen tablet {2}.* s left$/),
      expect.stringMatching(/^q1w2e {2}Living room {2}.* s left$/),
    ]);

    const denied = await cli('token', 'deny', 'Zz9_x');
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stdout).toMatch(/^Denied request Zz9_x \(“Kitchen tablet”\)/);
    expect(await browser.inbox.next((m) => m.command === 'authorize-requestToken')).toMatchObject({
      success: false,
      error: 'Token request timeout or denied',
      tan: 4,
    });
    await expectNoTemporaryToken();

    // The other request is still waiting, untouched.
    const left = await cli('token', 'requests');
    expect(left.stdout).toMatch(/^q1w2e {2}Living room {2}/);
    expect(other.inbox.messages).toEqual([]);
    expect((await cli('token', 'deny', 'q1w2e')).code).toBe(0);
    await other.inbox.next((m) => m.command === 'authorize-requestToken');
  });

  it('denies every waiting request with deny --all: each requester is told so', async () => {
    const browser = await anonymousSocket(server.http.replace(/^http/, 'ws'));
    open.push({ close: () => browser.ws.close() });
    browser.ws.send(JSON.stringify(requestToken('Kitchen tablet', 'all01', 4)));
    await waitForOutput(server, '"id":"all01"');
    const other = tcpClient(tcpPort);
    open.push({ close: () => other.socket.destroy() });
    other.send(requestToken('Living room', 'all02', 2));
    await waitForOutput(server, '"id":"all02"');

    const denied = await cli('token', 'deny', '--all');
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stdout).toBe(
      'Denied 2 requests: all01 (“Kitchen tablet”), all02 (“Living room”); those clients are told they get no token.\n',
    );
    for (const [inbox, tan] of [
      [browser.inbox, 4],
      [other.inbox, 2],
    ] as const) {
      expect(await inbox.next((m) => m.command === 'authorize-requestToken')).toMatchObject({
        success: false,
        error: 'Token request timeout or denied',
        errorData: [{ description: 'an admin denied every pending request' }],
        tan,
      });
    }
    expect((await cli('token', 'requests')).stdout).toBe('No token requests are waiting.\n');
    await expectNoTemporaryToken();

    const none = await cli('token', 'deny', '--all');
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('No token requests were waiting: nothing was denied.\n');
  });

  it("answers an unknown id with the server's words, in one line, exit code 1", async () => {
    for (const action of ['approve', 'deny']) {
      const result = await cli('token', action, 'zzzzz');
      expect(result.code, action).toBe(1);
      expect(result.stdout).toBe('');
      expectOneLine(result.stderr, /no token request "zzzzz" is pending/);
      await expectNoTemporaryToken();
    }
    const malformed = await cli('token', 'approve', 'toolongid');
    expect(malformed.code).toBe(1);
    expectOneLine(malformed.stderr, /Invalid params: .*\/id: must be a string of exactly 5/);
    await expectNoTemporaryToken();
  });

  it("shows a requester's control characters escaped, never raw to the terminal", async () => {
    const requester = tcpClient(tcpPort);
    open.push({ close: () => requester.socket.destroy() });
    requester.send(requestToken('Evil\u001b[2J\nname', 'e5c4p', 1));
    await waitForOutput(server, '"id":"e5c4p"');
    const listed = await cli('token', 'requests');
    expect(listed.stdout).toMatch(/^e5c4p {2}Evil\\u001b\[2J\\u000aname {2}.* s left\n$/);
    expect(listed.stdout).not.toContain('\u001b');
    const denied = await cli('token', 'deny', 'e5c4p');
    expect(denied.stdout).toContain('(“Evil\\u001b[2J\\u000aname”)');
  });

  it('says in one line when the server runs with another data directory', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'glowkit-cli-elsewhere-'));
    try {
      const made = await runAsync([
        'token',
        'create',
        '--comment',
        'elsewhere',
        '--data-dir',
        elsewhere,
      ]);
      expect(made.code).toBe(0);
      const result = await runAsync([
        'token',
        'requests',
        '--data-dir',
        elsewhere,
        '--tcp-port',
        String(tcpPort),
      ]);
      expect(result.code).toBe(1);
      expectOneLine(
        result.stderr,
        /refused a token of .*another data directory\? name that with --data-dir$/,
      );
      const list = await runAsync(['token', 'list', '--data-dir', elsewhere]);
      expect(list.stdout).not.toContain(CLI_TOKEN_COMMENT);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('finds the port in GLOWKIT_TCP_PORT', async () => {
    const byVariable = await glowkit(['token', 'requests'], { GLOWKIT_TCP_PORT: String(tcpPort) });
    expect(byVariable.code, byVariable.stderr).toBe(0);
    expect(byVariable.stdout).toBe('No token requests are waiting.\n');
    await expectNoTemporaryToken();
  });
});

describe('glowkit token requests|approve|deny, without a server that answers', () => {
  let dataDir: string;
  const cleanups: (() => void)[] = [];
  const glowkit = (...args: string[]) => runAsync([...args, '--data-dir', dataDir]);

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'glowkit-cli-requests-'));
    const made = await glowkit('token', 'create', '--comment', 'the first token');
    expect(made.code, made.stderr).toBe(0);
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function expectNoTemporaryToken(): Promise<void> {
    const list = await glowkit('token', 'list');
    expect(list.stdout).toContain('the first token');
    expect(list.stdout).not.toContain(CLI_TOKEN_COMMENT);
  }

  it('says in one line that no server runs, exit code 1', async () => {
    const port = await freePort();
    for (const args of [['requests'], ['approve', 'a1B2c'], ['deny', 'a1B2c']]) {
      const result = await glowkit('token', ...args, '--tcp-port', String(port));
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expectOneLine(
        result.stderr,
        new RegExp(
          `^glowkit: no Glowkit server answers on 127\\.0\\.0\\.1:${port}: start it with \`glowkit start\`, or give its --tcp-port$`,
        ),
      );
    }
    await expectNoTemporaryToken();
  });

  it('refuses usage mistakes with exit code 2, before connecting', async () => {
    for (const args of [
      ['token', 'approve'],
      ['token', 'deny'],
      ['token', 'deny', 'a1B2c', '--all'],
      ['token', 'approve', '--all'],
      ['token', 'requests', '--tcp-port', '0'],
      ['token', 'requests', '--tcp-port', 'x'],
      ['token', 'answer'],
    ]) {
      const result = await glowkit(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expectOneLine(result.stderr, /./);
    }
  });

  it('says in one line when the port speaks no JSON, and revokes its token', async () => {
    const other = createServer((socket) => {
      socket.on('data', () => socket.write('HTTP/1.1 400 Bad Request\r\n\r\n'));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => other.close());
    const { port } = other.address() as AddressInfo;
    const result = await glowkit('token', 'requests', '--tcp-port', String(port));
    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /not Glowkit's JSON/);
    await expectNoTemporaryToken();
  });

  it('revokes its token when stopped (Ctrl-C) while the server does not answer', async () => {
    let loggedIn: () => void = () => {};
    const sentLogin = new Promise<void>((resolve) => {
      loggedIn = resolve;
    });
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk) => {
        if (String(chunk).includes('"login"')) loggedIn();
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as AddressInfo;
    let child: ChildProcess | undefined;
    const running = runAsync(
      ['token', 'approve', 'a1B2c', '--tcp-port', String(port), '--data-dir', dataDir],
      {},
      (c) => {
        child = c;
      },
    );
    await sentLogin;
    // The token exists while it waits.
    expect((await glowkit('token', 'list')).stdout).toContain(CLI_TOKEN_COMMENT);
    child?.kill('SIGINT');
    const result = await running;
    expect(result.code).toBe(130);
    expectOneLine(result.stderr, /stopped by SIGINT; the temporary token is revoked/);
    await expectNoTemporaryToken();
  });
});

describe('glowkit token requests, with the port in the stored configuration', () => {
  it('asks the port of jsonServer.port when neither --tcp-port nor GLOWKIT_TCP_PORT is set', async () => {
    requireBuild();
    const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-cli-requests-'));
    const glowkit = (...args: string[]) => runAsync([...args, '--data-dir', dataDir]);
    let server: ServerProcess | undefined;
    try {
      expect((await glowkit('token', 'create', '--comment', 'make the database')).code).toBe(0);
      const exported = await glowkit('config', 'export');
      const config = JSON.parse(exported.stdout) as { global: { settings: Message } };
      const port = await freePort();
      config.global.settings.jsonServer = { port };
      const file = join(dataDir, 'with-port.json');
      writeFileSync(file, JSON.stringify(config));
      const imported = await glowkit('config', 'import', file);
      expect(imported.code, imported.stderr).toBe(0);

      // `--tcp-port ''` (after the helper's `--tcp-port 0`) leaves the port to the configuration.
      server = await startProcess(dataDir, undefined, ['--tcp-port', '']);
      expect(tcpPortOf(server)).toBe(port);
      const listed = await glowkit('token', 'requests');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toBe('No token requests are waiting.\n');
      expect((await glowkit('token', 'list')).stdout).not.toContain(CLI_TOKEN_COMMENT);
    } finally {
      if (server) {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
