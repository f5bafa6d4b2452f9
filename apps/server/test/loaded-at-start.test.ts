import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, GLOWKIT, requireBuild, startProcess } from './support/process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Packages that most installations never use, loaded when first needed (a protobuf or
 * flatbuffers client, an effect's canvas or picture, a serial device, MQTT, D-Bus): one of them
 * imported at start, even for a constant computed at import time, costs every server its memory.
 */
const ON_FIRST_USE = [
  'protobufjs',
  'flatbuffers',
  '@napi-rs/canvas',
  'omggif',
  'serialport',
  'mqtt',
  'dbus-next',
];

/**
 * A preload for `node --require` that writes, at exit, the CommonJS modules the process loaded
 * (node keeps those it imported from ES modules in the same cache); and where it writes them.
 */
function loadedListHook(): { dir: string; hook: string; loaded: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-loaded-'));
  dirs.push(dir);
  const list = join(dir, 'loaded.json');
  const hook = join(dir, 'hook.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  return { dir, hook, loaded: () => JSON.parse(readFileSync(list, 'utf8')) as string[] };
}

describe('glowkit start', () => {
  it('loads none of the packages kept for their first use', async () => {
    requireBuild();
    const { dir, hook, loaded: loadedList } = loadedListHook();
    const dataDir = join(dir, 'data');
    const server = await startProcess(
      dataDir,
      undefined,
      [],
      [process.execPath, '--require', hook, GLOWKIT],
    );
    server.child.kill('SIGTERM');
    await exited(server.child);
    const loaded = loadedList();
    // Sanity: the list does hold the packages start does load.
    expect(loaded.some((file) => file.includes('/node_modules/better-sqlite3/'))).toBe(true);
    for (const name of ON_FIRST_USE) {
      expect(
        loaded.filter((file) => file.includes(`/node_modules/${name}/`)),
        name,
      ).toEqual([]);
    }
  });
});

describe('glowkit --help and a mistake in the flags', () => {
  it('answer without loading the store, the logger or the servers', () => {
    requireBuild();
    for (const args of [['--help'], ['token', '--help'], ['token', 'create']]) {
      const { hook, loaded } = loadedListHook();
      const result = spawnSync(process.execPath, ['--require', hook, GLOWKIT, ...args], {
        encoding: 'utf8',
      });
      expect(result.stdout + result.stderr).toMatch(/glowkit/);
      const packages = loaded().filter((file) => file.includes('/node_modules/'));
      expect(packages, args.join(' ')).toEqual([]);
    }
  });
});

describe('glowkit token requests', () => {
  it("loads the store, not the server, to find the running server's port", () => {
    requireBuild();
    const { dir, hook, loaded } = loadedListHook();
    const result = spawnSync(
      process.execPath,
      ['--require', hook, GLOWKIT, 'token', 'requests', '--data-dir', join(dir, 'none')],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toMatch(/no configuration database/);
    const packages = new Set(
      loaded()
        .filter((file) => file.includes('/node_modules/'))
        .map((file) => file.split('/node_modules/').at(-1)?.split('/')[0]),
    );
    // better-sqlite3 reads jsonServer.port; ws, the engine's packages and the rest stay unloaded.
    expect([...packages]).toEqual(['better-sqlite3']);
  });
});
