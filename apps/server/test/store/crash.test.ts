/**
 * Durability: a process killed with SIGKILL in the middle of replacing leaves either the old or
 * the new configuration, complete.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/store/config-store.js';
import { generation } from './crash-config.js';
import { must, withoutUuid } from './fixtures.js';
import { useTempStores } from './temp.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Starts the writer, waits until it runs, lets it write for `ms`, then kills it. */
async function killWhileWriting(file: string, ms: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'crash-child.ts'), file], {
    cwd: join(here, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', () => reject(new Error(`the writer stopped early: ${stderr}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

describe('ConfigStore durability', () => {
  const temp = useTempStores();

  it('leaves a complete configuration when the writer is killed at any moment', async () => {
    const file = temp.path('crash.db');
    ConfigStore.open(file).close();
    let lastGeneration = 0;
    for (const ms of [0, 7, 23, 41, 89]) {
      await killWhileWriting(file, ms);
      const store = ConfigStore.open(file);
      try {
        const config = store.read();
        const gen = (config.global.settings.general as { generation: number }).generation;
        expect(gen).toBeGreaterThanOrEqual(1);
        expect(withoutUuid(config)).toEqual(generation(gen));
        // Every snapshot is complete too: the one before the current holds generation - 1.
        const [newest] = store.snapshots();
        const previous = store.snapshot(newest?.id ?? -1);
        if (gen > 1) expect(withoutUuid(must(previous))).toEqual(generation(gen - 1));
        lastGeneration = gen;
      } finally {
        store.close();
      }
    }
    expect(lastGeneration).toBeGreaterThanOrEqual(1);
  });
});
