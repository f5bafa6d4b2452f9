/**
 * `glowkit service install`: writes the unit, creates the service's user, and enables the service
 * where systemd runs; where it does not, says so and what to do instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  SERVICE_DATA_DIR,
  SERVICE_USER,
  systemdUnit,
  UNIT_FILE,
  type UnitPaths,
} from './systemd-unit.js';

/** A step that could not be done: one line for people. */
export class ServiceInstallError extends Error {}

/** Runs a program, its output passed through; throws one line when it fails. */
function run(program: string, args: readonly string[]): void {
  const result = spawnSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) {
    throw new ServiceInstallError(`cannot run ${program}: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new ServiceInstallError(`${program} ${args.join(' ')} failed (exit ${result.status})`);
  }
}

const exists = (database: 'passwd' | 'group', name: string): boolean =>
  spawnSync('getent', [database, name], { stdio: 'ignore' }).status === 0;

/** Whether systemd is the running init (its own test, as sd_booted() does). */
export const systemdRuns = (): boolean => existsSync('/run/systemd/system');

/** Installs the service; resolves to the lines to tell the user. */
export async function installService(paths: UnitPaths): Promise<string[]> {
  if (process.getuid?.() !== 0) {
    throw new ServiceInstallError(
      `service install writes ${UNIT_FILE} and creates the user ${SERVICE_USER}: run it as root (sudo glowkit service install)`,
    );
  }
  await mkdir(dirname(UNIT_FILE), { recursive: true });
  await writeFile(UNIT_FILE, systemdUnit(paths), { mode: 0o644 });
  const lines = [`Wrote ${UNIT_FILE}.`];
  // The unit's supplementary groups must exist, or systemd refuses to start it.
  for (const group of ['dialout', 'video']) {
    if (!exists('group', group)) run('groupadd', ['--system', group]);
  }
  if (!exists('passwd', SERVICE_USER)) {
    run('useradd', [
      '--system',
      '--user-group',
      '--home-dir',
      SERVICE_DATA_DIR,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SERVICE_USER,
    ]);
    lines.push(`Created the system user ${SERVICE_USER}.`);
  }
  if (!systemdRuns()) {
    lines.push(
      `systemd is not running here, so nothing was enabled: run "glowkit start --data-dir ${SERVICE_DATA_DIR}" as ${SERVICE_USER} from your init system, or use the Containerfile.`,
    );
    return lines;
  }
  run('systemctl', ['daemon-reload']);
  run('systemctl', ['enable', '--now', 'glowkit.service']);
  lines.push(
    `Glowkit runs as a service: systemctl status glowkit; its log: journalctl -u glowkit; the first admin token: ${SERVICE_DATA_DIR}/admin-token.`,
  );
  return lines;
}
