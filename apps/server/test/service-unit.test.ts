/**
 * `glowkit service unit|install`: the unit passes systemd's own checks (`systemd-analyze verify`
 * and its offline security review), and `install` writes it and creates the user — tried in a
 * mount namespace over a copy-on-write /etc, so the machine running the tests is left as it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GLOWKIT, requireBuild } from './support/process.js';

const dir = mkdtempSync(join(tmpdir(), 'glowkit-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function glowkit(...args: string[]) {
  requireBuild();
  return spawnSync(process.execPath, [GLOWKIT, ...args], { encoding: 'utf8' });
}

/** `systemd-analyze verify` of a unit's text: its exit code and what it complained about. */
function verify(text: string, name: string): { status: number | null; complaints: string } {
  const sub = join(dir, name);
  mkdirSync(sub, { recursive: true });
  const file = join(sub, 'glowkit.service');
  writeFileSync(file, text);
  const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
  if (result.error) throw new Error(`systemd-analyze: ${result.error.message} (Debian: systemd)`);
  return { status: result.status, complaints: `${result.stdout}${result.stderr}`.trim() };
}

const unit = () => {
  const printed = glowkit('service', 'unit');
  expect(printed.status, printed.stderr).toBe(0);
  return printed.stdout;
};

describe('glowkit service unit', () => {
  it('prints a unit that runs this installation as its own user, with the expected hardening', () => {
    const text = unit();
    const lines = new Set(text.split('\n'));
    for (const line of [
      'User=glowkit',
      'Group=glowkit',
      'SupplementaryGroups=dialout video',
      'StateDirectory=glowkit',
      'ReadWritePaths=/var/lib/glowkit',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK',
      'Restart=on-failure',
      'ExecReload=/bin/kill -HUP $MAINPID',
      `ExecStart=${process.execPath} ${GLOWKIT} start --data-dir /var/lib/glowkit`,
      'Environment=MALLOC_ARENA_MAX=2',
      'WantedBy=multi-user.target',
    ]) {
      expect(lines, line).toContain(line);
    }
  });

  it('passes systemd-analyze verify without a single complaint (and verify does complain)', () => {
    const text = unit();
    expect(verify(text, 'as-printed')).toEqual({ status: 0, complaints: '' });
    // The same check sees a misspelt key and a program that is not there.
    const misspelt = verify(text.replace('ProtectSystem=', 'ProtectSytem='), 'misspelt');
    expect(misspelt.complaints).toContain("Unknown key 'ProtectSytem'");
    const missing = verify(
      text.replace(/^ExecStart=\S+/m, `ExecStart=${join(dir, 'no-such-node')}`),
      'missing',
    );
    expect(missing.status).not.toBe(0);
  });

  it('rates "OK" or better in systemd-analyze security (an unhardened service rates UNSAFE)', () => {
    const sub = join(dir, 'security');
    mkdirSync(sub, { recursive: true });
    const file = join(sub, 'glowkit.service');
    const exposure = (text: string) => {
      writeFileSync(file, text);
      const result = spawnSync('systemd-analyze', ['security', '--offline=true', file], {
        encoding: 'utf8',
      });
      const match = /Overall exposure level for glowkit\.service: ([\d.]+) (\w+)/.exec(
        result.stdout,
      );
      if (!match) throw new Error(`no exposure level in:\n${result.stdout}${result.stderr}`);
      return { level: Number(match[1]), rating: match[2] };
    };
    const ours = exposure(unit());
    expect(ours.level).toBeLessThan(5);
    const bare = exposure(
      `[Service]\nExecStart=${process.execPath} ${GLOWKIT} start\n[Install]\nWantedBy=multi-user.target\n`,
    );
    expect(bare.rating).toBe('UNSAFE');
  });
});

const isRoot = process.getuid?.() === 0;
const canUnshare =
  isRoot && spawnSync('unshare', ['--mount', 'true'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!canUnshare)('glowkit service install (as root, in a mount namespace)', () => {
  it('writes the unit, creates the system user, and says in one line that systemd does not run here', () => {
    const work = mkdtempSync(join(dir, 'etc-'));
    mkdirSync(join(work, 'upper'));
    mkdirSync(join(work, 'work'));
    // /etc becomes a copy-on-write overlay, and /run/systemd/system (systemd's "I am running"
    // mark) an empty tmpfs where it exists: nothing outside this namespace changes.
    const script = [
      'set -e',
      `mount -t overlay overlay -o lowerdir=/etc,upperdir=${work}/upper,workdir=${work}/work /etc`,
      'if [ -d /run/systemd/system ]; then mount -t tmpfs tmpfs /run/systemd; fi',
      `"${process.execPath}" "${GLOWKIT}" service install`,
      'echo "--- unit"',
      'cat /etc/systemd/system/glowkit.service',
      'echo "--- user"',
      'getent passwd glowkit',
    ].join('\n');
    const result = spawnSync(
      'unshare',
      ['--mount', '--propagation', 'private', 'sh', '-c', script],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const [said, written, user] = result.stdout.split(/^--- \w+\n/m);
    expect(said).toContain('Wrote /etc/systemd/system/glowkit.service.');
    expect(said).toContain('Created the system user glowkit.');
    const notRunning = said
      ?.split('\n')
      .filter((line) => line.startsWith('systemd is not running'));
    expect(notRunning).toHaveLength(1);
    expect(notRunning?.[0]).toContain('glowkit start --data-dir /var/lib/glowkit');
    expect(written).toBe(unit());
    // A system user: no login shell, the data directory as its home.
    expect(user).toMatch(/^glowkit:x:\d+:\d+::\/var\/lib\/glowkit:\/usr\/sbin\/nologin\n$/);
  });
});

describe('glowkit service install (not as root)', () => {
  it.skipIf(isRoot)('says in one line that it needs root, and changes nothing', () => {
    const result = glowkit('service', 'install');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^glowkit: service install .* run it as root .*\n$/);
  });
});
