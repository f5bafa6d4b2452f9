/**
 * An effect whose python3 child cannot be started fails with a clear one-line reason, whatever
 * the cause, and never takes the process down: no file descriptors left (EMFILE), no such
 * interpreter (ENOENT), an interpreter that is not executable (EACCES), and a failure spawn()
 * throws at once instead of reporting it later.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EffectProcess,
  type EffectProcessOptions,
  EffectStartError,
} from '../src/effects/effect-process.js';

const here = dirname(fileURLToPath(import.meta.url));
const PACKAGE = join(here, '..');
/** Low enough to fill quickly, high enough for node and tsx to load. */
const FD_LIMIT = 256;

let dir: string;
let fine: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-spawn-failures-'));
  fine = join(dir, 'fine.py');
  await writeFile(fine, 'import hyperion, time\nhyperion.setColor(1, 2, 3)\ntime.sleep(30)\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function options(more: Partial<EffectProcessOptions> = {}): EffectProcessOptions {
  return {
    name: 'Test',
    script: fine,
    args: {},
    ledCount: 1,
    latchTime: 0,
    width: 1,
    height: 1,
    durationMs: -1,
    resourceDirs: [],
    createCanvas: () => ({ apply: () => [], getPixel: () => [0, 0, 0] }),
    loadImage: async () => [],
    limits: { startTimeoutMs: 300 },
    ...more,
  };
}

async function startError(more: Partial<EffectProcessOptions>): Promise<EffectStartError> {
  try {
    const effect = new EffectProcess(options(more));
    await effect.start();
    await effect.stop();
  } catch (error) {
    expect(error).toBeInstanceOf(EffectStartError);
    return error as EffectStartError;
  }
  throw new Error('start() resolved');
}

/** Runs a command to its end; its exit code, stdout and stderr. */
function run(
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('EffectProcess: a child that cannot be started', () => {
  it('fails clearly when the process has no file descriptor left (EMFILE), and carries on', async () => {
    const { code, stdout, stderr } = await run('prlimit', [
      `--nofile=${FD_LIMIT}:${FD_LIMIT}`,
      process.execPath,
      '--import',
      'tsx',
      join(here, 'support', 'effect-without-fds.ts'),
      fine,
    ]);
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const step = (name: string) => lines.find((line) => line.step === name);
    expect(step('exhausted'), stderr).toMatchObject({ code: 'EMFILE' });
    expect(step('without-fds'), stderr).toEqual({
      step: 'without-fds',
      ok: false,
      startError: true,
      reason: 'failed',
      message:
        "Effect 'Starved' failed: python3 could not be started: the server has run out of file descriptors (EMFILE); close connections or raise its limit (ulimit -n)",
    });
    // The same process starts the effect once descriptors are free again.
    expect(step('with-fds'), stderr).toMatchObject({ ok: true });
    expect(step('stopped'), stderr).toMatchObject({ reason: 'killed' });
    expect(step('done'), stderr).toBeDefined();
    expect(code, stderr).toBe(0);
  });

  it('fails clearly when the interpreter does not exist (ENOENT)', async () => {
    const error = await startError({ python: join(dir, 'no-such-python') });
    expect(error.exit.reason).toBe('failed');
    expect(error.message).toBe(
      `Effect 'Test' failed: ${join(dir, 'no-such-python')} was not found; install Python 3 or set the engine's python option`,
    );
  });

  it('fails clearly when the interpreter is not executable (EACCES)', async () => {
    const notExecutable = join(dir, 'python-without-x');
    await writeFile(notExecutable, '#!/bin/sh\nexit 0\n');
    await chmod(notExecutable, 0o644);
    const error = await startError({ python: notExecutable });
    expect(error.exit.reason).toBe('failed');
    expect(error.message).toBe(
      `Effect 'Test' failed: ${notExecutable} could not be started: permission denied (EACCES); make it executable or set the engine's python option`,
    );
  });

  it('fails clearly when spawn() throws at once instead of reporting an error event', async () => {
    // A NUL byte in the file name is refused by spawn() itself, synchronously.
    const error = await startError({ python: 'python3\u0000' });
    expect(error.exit.reason).toBe('failed');
    expect(error.message).toMatch(/^Effect 'Test' failed: python3. could not be started: .+$/);
    expect(error.message).not.toContain('\n');
  });
});
