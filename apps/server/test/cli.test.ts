import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { exited, GLOWKIT, requireBuild, startProcess, waitForOutput } from './support/process.js';

let dataDir: string;
beforeEach(() => {
  requireBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'glowkit-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const glowkit = (...args: string[]) => {
  const result = spawnSync(process.execPath, [GLOWKIT, ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('glowkit', () => {
  it('--help lists the commands, flags and variables', () => {
    const { code, stdout } = glowkit('--help');
    expect(code).toBe(0);
    for (const text of [
      'token create',
      'config export',
      '--port',
      'GLOWKIT_DATA',
      '--body-limit',
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it('says what is wrong in one line, with exit code 2, for bad usage', () => {
    for (const args of [['fly'], ['start', '--port', 'eighty'], ['token', 'create'], ['--nope']]) {
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
    first.child.kill('SIGTERM');
    const code = await exited(first.child);
    expect(code).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    const second = await startProcess(dataDir);
    expect(second.output()).not.toContain(token);
    second.child.kill('SIGINT');
    await exited(second.child);
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
