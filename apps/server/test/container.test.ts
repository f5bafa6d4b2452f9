/**
 * The Containerfile, built from `npm run pack`'s tarball and run, where a container engine
 * (podman or docker with a running daemon) is here; skipped otherwise, since nothing can stand in
 * for one.
 */
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { get } from './support/client.js';
import { until } from './support/until.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The first container engine that answers (`info` needs its daemon or its runtime). */
const engine = ['podman', 'docker'].find(
  (program) => spawnSync(program, ['info'], { stdio: 'ignore' }).status === 0,
);
const tag = `glowkit-test:${process.pid}`;
const name = `glowkit-test-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'glowkit-container-'));
afterAll(async () => {
  if (engine) {
    await run(engine, ['rm', '--force', name]).catch(() => {});
    await run(engine, ['rmi', '--force', tag]).catch(() => {});
  }
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(engine === undefined)(`the Containerfile (${engine ?? 'no engine here'})`, () => {
  it('builds from the pack tarball and serves the web UI as the glowkit user, stopping with 0', async () => {
    const program = engine as string;
    await run(process.execPath, [join(ROOT, 'scripts/pack.mjs'), '--out', work], { cwd: ROOT });
    copyFileSync(join(ROOT, 'Containerfile'), join(work, 'Containerfile'));
    expect(readdirSync(work).filter((f) => f.endsWith('.tgz'))).toHaveLength(1);
    await run(program, ['build', '--tag', tag, '--file', 'Containerfile', '.'], {
      cwd: work,
      maxBuffer: 64 * 1024 * 1024,
    });
    await run(program, ['run', '--detach', '--init', '--name', name, '-p', '127.0.0.1::8090', tag]);
    const { stdout: mapped } = await run(program, ['port', name, '8090/tcp']);
    const port = /:(\d+)\s*$/m.exec(mapped)?.[1];
    expect(port, mapped).toBeDefined();
    const page = await until(
      () =>
        get(`http://127.0.0.1:${port}/`).then(
          (reply) => reply.status === 200 && reply.body.toString('utf8'),
          () => false,
        ),
      120_000,
    );
    expect(page).toContain('<gk-app>');
    const { stdout: user } = await run(program, ['exec', name, 'id', '-un']);
    expect(user.trim()).toBe('glowkit');
    await run(program, ['stop', '--time', '10', name]);
    const { stdout: code } = await run(program, [
      'inspect',
      '--format',
      '{{.State.ExitCode}}',
      name,
    ]);
    expect(code.trim()).toBe('0');
  }, 1_200_000);
});
