import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { ConfigStore } from '../src/store/config-store.js';
import { get, post } from './support/client.js';
import { configuration } from './support/configs.js';
import { FlatbufClient, registerMessage } from './support/flatbuf-client.js';
import { freePort } from './support/ports.js';
import { exited, GLOWKIT, requireBuild, startProcess, waitForOutput } from './support/process.js';
import { colorMessage, ProtoClient } from './support/proto-client.js';

let dataDir: string;
beforeEach(() => {
  requireBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'glowkit-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (bin: string, args: string[]) => {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};
const glowkit = (...args: string[]) => run(GLOWKIT, [...args, '--data-dir', dataDir]);

/** One line on standard error, saying `glowkit: …`, and no stack or errno text. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^glowkit: /);
  expect(stderr.trim()).toMatch(pattern);
  expect(stderr).not.toMatch(/ENOENT|EISDIR|\n\s+at /);
}

describe('glowkit', () => {
  it('--help lists the commands, flags and variables', () => {
    const { code, stdout } = glowkit('--help');
    expect(code).toBe(0);
    for (const text of [
      'token create',
      'token requests',
      'token approve',
      'token deny',
      'config export',
      '--port',
      'GLOWKIT_DATA',
      '--body-limit',
      '--web-dir',
      'GLOWKIT_WEB_DIR',
      '--ffmpeg',
      'GLOWKIT_FFMPEG',
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it('--help after a command shows that command alone: its lines and the options it reads', () => {
    const token = glowkit('token', 'deny', '--help');
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^glowkit token — /);
    for (const text of ['token create --comment <text>', 'token deny --all', '--tcp-port <n>']) {
      expect(token.stdout).toContain(text);
    }
    for (const text of ['config export', 'glowkit [start]', '--body-limit', '--version']) {
      expect(token.stdout).not.toContain(text);
    }
    const config = glowkit('config', '--help');
    expect(config.code).toBe(0);
    expect(config.stdout).toContain('glowkit config import <file>');
    expect(config.stdout).toContain('GLOWKIT_DATA');
    expect(config.stdout).not.toContain('token create');
    expect(config.stdout).not.toContain('--tcp-port');
    const start = glowkit('start', '--help');
    expect(start.stdout).toContain('--body-limit <size>');
    expect(start.stdout).toContain('GLOWKIT_WEB_DIR');
    expect(start.stdout).not.toContain('token create');
    // No command named, or one that does not exist: the whole help, as before.
    const all = glowkit('--help').stdout;
    expect(all).toContain('token create');
    expect(all).toContain('config export');
    expect(glowkit('fly', '--help').stdout).toBe(all);
  });

  it('says what is wrong in one line, with exit code 2, for bad usage', () => {
    for (const args of [
      ['fly'],
      ['start', '--port', 'eighty'],
      ['start', '--flatbuf-port', '70000'],
      ['start', '--proto-port', 'x'],
      // node:util's parseArgs says this one in three lines.
      ['start', '--proto-port', '-1'],
      ['token', 'create'],
      ['--nope'],
    ]) {
      const { code, stderr } = glowkit(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(stderr).toMatch(/^glowkit: /);
    }
  });

  it('creates, lists and revokes tokens; a created token works and is shown once', async () => {
    const created = glowkit('token', 'create', '--comment', 'living room panel');
    expect(created.code).toBe(0);
    const token = /\n\n {2}(\S+)\n/.exec(created.stdout)?.[1] as string;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const list = glowkit('token', 'list');
    expect(list.stdout).toContain('living room panel');
    expect(list.stdout).not.toContain(token);
    const id = list.stdout.split(/\s+/)[0] as string;

    const server = await startProcess(dataDir);
    try {
      const ok = await post(
        `${server.http}/json-rpc`,
        { command: 'config', subcommand: 'getconfig' },
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      expect(ok.json.success).toBe(true);
      expect(glowkit('token', 'revoke', id).code).toBe(0);
      const refused = await post(
        `${server.http}/json-rpc`,
        { command: 'config', subcommand: 'getconfig' },
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      expect(refused.status).toBe(401);
      expect(server.output()).not.toContain(token);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    expect(glowkit('token', 'revoke', 'nope').code).toBe(1);
  });

  it('on first start makes an admin token, prints it once and keeps it in a 0600 file', async () => {
    const first = await startProcess(dataDir);
    const file = join(dataDir, 'admin-token');
    const token = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await waitForOutput(first, token);
    // The web UI's first visit can create the admin password instead: it says so.
    await waitForOutput(first, 'No admin password yet: open the web UI (port');
    // Whatever the log level, the start says where the server is.
    const port = new URL(first.http).port;
    await waitForOutput(first, `is running on 127.0.0.1: web UI on port ${port} (HTTPS`);
    first.child.kill('SIGTERM');
    const code = await exited(first.child);
    expect(code).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    const second = await startProcess(dataDir);
    expect(second.output()).not.toContain(token);
    second.child.kill('SIGINT');
    await exited(second.child);
  });

  it('listens for flatbuffers and protobuf on the ports --flatbuf-port and --proto-port name', async () => {
    const help = glowkit('start', '--help').stdout;
    for (const text of ['--flatbuf-port <n>', 'GLOWKIT_FLATBUF_PORT', '--proto-port <n>']) {
      expect(help).toContain(text);
    }
    const flatbuf = await freePort();
    const proto = await freePort();
    const server = await startProcess(dataDir, 45_000, [
      ...['--flatbuf-port', String(flatbuf), '--proto-port', String(proto)],
    ]);
    const flatbufClient = await FlatbufClient.connect(flatbuf).catch(() => undefined);
    const protoClient = await ProtoClient.connect(proto).catch(() => undefined);
    try {
      expect(server.output()).toContain(`"flatbuffers":"127.0.0.1:${flatbuf}"`);
      expect(server.output()).toContain(`"protobuf":"127.0.0.1:${proto}"`);
      // Real clients of each protocol are answered there.
      flatbufClient?.send(registerMessage('cli test', 150));
      expect(await flatbufClient?.reply(0)).toMatchObject({ registered: 150 });
      protoClient?.send(colorMessage(150, 0xff0000));
      expect(await protoClient?.reply(0)).toEqual({ type: 1, success: true });
    } finally {
      flatbufClient?.socket.destroy();
      protoClient?.socket.destroy();
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('runs the grabbers with the ffmpeg --ffmpeg names, and says when it cannot be run', async () => {
    const config = configuration([0]) as {
      global: { settings: Record<string, unknown> };
      instances: { settings: Record<string, unknown> }[];
    };
    // A display that surely is not there: the grabber tries ffmpeg first all the same.
    config.global.settings.framegrabber = { enable: true, device: 'x11', display: ':65000' };
    (config.instances[0] as { settings: Record<string, unknown> }).settings.instCapture = {
      systemEnable: true,
    };
    const file = join(dataDir, 'capture.json');
    writeFileSync(file, JSON.stringify(config));
    expect(glowkit('config', 'import', file).code).toBe(0);
    const server = await startProcess(dataDir, 45_000, ['--ffmpeg', join(dataDir, 'no-ffmpeg')]);
    try {
      // One error line (its quotes escaped in the JSON log).
      const line = `ffmpeg cannot be run (\\"${join(dataDir, 'no-ffmpeg')}\\": not found)`;
      await waitForOutput(server, line);
      // The rest of the server is unaffected: it answers.
      const info = await post(`${server.http}/json-rpc`, { command: 'sysinfo', tan: 3 });
      expect(info.json).toMatchObject({ command: 'sysinfo', tan: 3 });
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('serves the web UI from the build --web-dir names', async () => {
    const web = join(dataDir, 'web');
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Glowkit here</title>\n');
    const server = await startProcess(dataDir, undefined, ['--web-dir', web]);
    try {
      const page = await get(`${server.http}/setup/0`);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('Glowkit here');
      expect(server.output()).not.toContain('web UI is not built');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('exports and imports the configuration offline', () => {
    const file = join(dataDir, 'backup.json');
    const config = configuration([2, 6]) as { instances: unknown; global: { settings: unknown } };
    writeFileSync(file, JSON.stringify(config));
    const imported = glowkit('config', 'import', file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('snapshot');
    const exported = glowkit('config', 'export');
    expect(exported.code).toBe(0);
    const back = JSON.parse(exported.stdout);
    expect(back.instances).toEqual(config.instances);
    expect(back.global.settings).toEqual(config.global.settings);

    writeFileSync(file, JSON.stringify({ ...config, instanceIds: [2, 300] }));
    const refused = glowkit('config', 'import', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('/config/instanceIds/1');
  });
});

describe('glowkit password', () => {
  const withInput = (input: string, ...args: string[]) => {
    const result = spawnSync(process.execPath, [GLOWKIT, ...args, '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 60_000,
      input,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const verify = async (password: string) => {
    const store = ConfigStore.open(databaseFile(dataDir), { create: false });
    try {
      return { exists: store.password.exists(), right: await store.password.verify(password) };
    } finally {
      store.close();
    }
  };

  it('sets the password from standard input and resets it, saying what to do next', async () => {
    expect(glowkit('--help').stdout).toContain('password reset');
    const set = withInput('correct horse\n', 'password', 'set');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^Set the admin password\./);
    expect(set.stdout + set.stderr).not.toContain('correct horse');
    expect(await verify('correct horse')).toEqual({ exists: true, right: true });

    const reset = glowkit('password', 'reset');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/^Removed the admin password\. Open the web UI/);
    expect(await verify('correct horse')).toEqual({ exists: false, right: false });

    const again = glowkit('password', 'reset');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^There is no admin password; nothing changed\./);
  });

  it('refuses a short password, an unknown action and a missing data directory in one line', async () => {
    const short = withInput('short\n', 'password', 'set');
    expect(short.code).toBe(2);
    expectOneLine(short.stderr, /must be 8 to 1024 characters \(got 5\)/);
    expect(existsSync(databaseFile(dataDir))).toBe(false);
    const unknown = glowkit('password', 'forget');
    expect(unknown.code).toBe(2);
    expectOneLine(unknown.stderr, /password needs reset or set/);
    const missing = glowkit('password', 'reset');
    expect(missing.code).toBe(1);
    expectOneLine(missing.stderr, /there is no configuration database .*glowkit start creates it/);
  });

  it('resets the password of a running server: it asks for a new one at once', async () => {
    expect(withInput('correct horse\n', 'password', 'set').code).toBe(0);
    const server = await startProcess(dataDir);
    try {
      const ask = async () =>
        (
          await post(`${server.http}/json-rpc`, {
            command: 'authorize',
            subcommand: 'newPasswordRequired',
          })
        ).json;
      expect(await ask()).toMatchObject({ info: { newPasswordRequired: false } });
      expect(server.output()).not.toContain('No admin password yet');
      expect(glowkit('password', 'reset').code).toBe(0);
      expect(await ask()).toMatchObject({ info: { newPasswordRequired: true } });
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });
});

describe('glowkit config import: the files a backup may be', () => {
  it('imports a saved getconfig reply, its info, and a whole restore request', async () => {
    // A real server's reply, saved as the README's curl command saves it.
    const server = await startProcess(dataDir);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    let saved: string;
    try {
      const config = configuration([3, 1]);
      const restored = await post(
        `${server.http}/json-rpc`,
        { command: 'config', subcommand: 'restoreconfig', config },
        { headers: { Authorization: `Bearer ${token}` } },
      );
      expect(restored.json.success).toBe(true);
      await waitForOutput(server, 'restart complete');
      const reply = await post(
        `${server.http}/json-rpc`,
        { command: 'config', subcommand: 'getconfig', tan: 1 },
        { headers: { Authorization: `Bearer ${token}` } },
      );
      expect(Object.keys(reply.json).sort()).toEqual(['command', 'info', 'success', 'tan']);
      saved = reply.text;
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    const info = JSON.parse(saved).info;
    const file = join(dataDir, 'backup.json');
    const forms: Array<[string, unknown]> = [
      ['getconfig reply', JSON.parse(saved)],
      ['configuration', info],
      ['restore request', { command: 'config', subcommand: 'restoreconfig', config: info }],
    ];
    for (const [form, content] of forms) {
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      // Start from something else, so that each import visibly changes the configuration.
      writeFileSync(join(dataDir, 'other.json'), JSON.stringify(configuration([9])));
      expect(glowkit('config', 'import', join(dataDir, 'other.json')).code).toBe(0);
      const imported = glowkit('config', 'import', file);
      expect(imported.code, `${form}: ${imported.stderr}`).toBe(0);
      expect(imported.stdout).toContain(`(${form})`);
      const back = JSON.parse(glowkit('config', 'export').stdout);
      expect(back.instanceIds, form).toEqual([3, 1]);
      expect(back.instances, form).toEqual(info.instances);
    }
  }, 120_000);

  it("refuses a failed getconfig reply, and another command's reply, in one line", () => {
    const file = join(dataDir, 'reply.json');
    writeFileSync(
      file,
      JSON.stringify({
        command: 'config-getconfig',
        success: false,
        error: 'No Authorization',
        tan: 0,
      }),
    );
    const failed = glowkit('config', 'import', file);
    expect(failed.code).toBe(1);
    expectOneLine(failed.stderr, /is a failed getconfig reply: No Authorization/);
    writeFileSync(
      file,
      JSON.stringify({ command: 'config-getsnapshots', success: true, info: [] }),
    );
    expectOneLine(glowkit('config', 'import', file).stderr, /reply of config-getsnapshots/);
  });

  it('says in one line that a file is missing, is a directory, or cannot be written', () => {
    const missing = glowkit('config', 'import', join(dataDir, 'nope.json'));
    expect(missing.code).toBe(1);
    expectOneLine(missing.stderr, /nope\.json: no such file$/);
    const directory = glowkit('config', 'import', dataDir);
    expect(directory.code).toBe(1);
    expectOneLine(directory.stderr, /is a directory; name a file$/);
    expect(glowkit('token', 'create', '--comment', 'make the database').code).toBe(0);
    const unwritable = glowkit('config', 'export', join(dataDir, 'no', 'such', 'dir', 'out.json'));
    expect(unwritable.code).toBe(1);
    expectOneLine(
      unwritable.stderr,
      /cannot write .*out\.json: there is no directory .*dir; create it first$/,
    );
  });
});

describe('glowkit and the files it leaves', () => {
  it('creates no data directory for read-only commands or mistakes', () => {
    const absent = join(dataDir, 'not-yet');
    const cases = [
      ['--help'],
      ['--version'],
      ['config', 'export'],
      ['token', 'list'],
      ['token', 'revoke', 'abc12'],
      ['token', 'requests'],
      ['token', 'approve', 'abc12'],
      ['token', 'deny'],
      ['token', 'create'],
      ['token'],
      ['config', 'import'],
      ['start', '--port', 'eighty'],
    ];
    for (const args of cases) {
      const result = run(GLOWKIT, [...args, '--data-dir', absent]);
      expect(existsSync(absent), args.join(' ')).toBe(false);
      if (args[0] === 'config' && args[1] === 'export') {
        expect(result.code).toBe(1);
        expectOneLine(result.stderr, /there is no configuration database at .*not-yet.*--data-dir/);
      }
    }
  });

  it('says "not built yet" before a build, in one line', () => {
    const checkout = join(dataDir, 'fresh-clone');
    mkdirSync(join(checkout, 'bin'), { recursive: true });
    copyFileSync(GLOWKIT, join(checkout, 'bin', 'glowkit.js'));
    const result = run(join(checkout, 'bin', 'glowkit.js'), ['--help']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'glowkit: not built yet: run npm run build in the repository first\n',
    );
  });

  it('creates the database readable by its owner only, and warns about a looser one', async () => {
    expect(glowkit('token', 'create', '--comment', 'first token here').code).toBe(0);
    const database = join(dataDir, 'glowkit.db');
    expect(statSync(database).mode & 0o777).toBe(0o600);
    expect(glowkit('token', 'list').stderr).toBe('');

    chmodSync(database, 0o644);
    const list = glowkit('token', 'list');
    expect(list.code).toBe(0);
    expect(list.stderr).toMatch(/^glowkit: warning: the configuration database .* has mode 0644/);
    const server = await startProcess(dataDir);
    try {
      await waitForOutput(server, 'has mode 0644');
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('has mode 0644')) as string;
      expect(JSON.parse(line)).toMatchObject({ level: 40, file: database });
      for (const file of [database, `${database}-wal`, `${database}-shm`]) {
        if (existsSync(file)) expect(statSync(file).mode & 0o777, file).toBe(0o644);
      }
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    expect(statSync(database).mode & 0o777).toBe(0o644);
  });
});
