import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConfigStore, StoreError } from '../../src/store/config-store.js';
import { simpleConfiguration } from './fixtures.js';
import { useTempStores } from './temp.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('ConfigStore: who may read the database', () => {
  const temp = useTempStores();

  it('creates the database, its -wal and -shm readable by the owner only, in a private directory', () => {
    const file = temp.path('data', 'glowkit.db');
    const store = temp.open(file);
    store.replace(simpleConfiguration([0]), 'write something to the WAL');
    expect(modeOf(file)).toBe(0o600);
    // The WAL files exist while the connection is open.
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    expect(modeOf(temp.path('data'))).toBe(0o700);
    expect(store.warnings).toEqual([]);
  });

  it('leaves an existing database with looser permissions alone, and warns', () => {
    const file = temp.path('loose.db');
    new Database(file).close();
    chmodSync(file, 0o644);
    const store = temp.open(file);
    expect(modeOf(file)).toBe(0o644);
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/has mode 0644: others may read it.*chmod 600 /);
    expect(store.warnings[0]).not.toMatch(/\n/);
    expect(store.read().instanceIds).toEqual([0]);
  });

  it('does not warn about a private existing database', () => {
    const file = temp.path('private.db');
    temp.open(file).close();
    expect(temp.open(file).warnings).toEqual([]);
  });

  it('with create: false refuses a missing database and creates nothing', () => {
    const file = temp.path('missing', 'glowkit.db');
    expect(() => ConfigStore.open(file, { create: false })).toThrow(StoreError);
    expect(() => ConfigStore.open(file, { create: false })).toThrow(
      /^there is no configuration database at .*missing\/glowkit\.db$/,
    );
    expect(existsSync(temp.path('missing'))).toBe(false);
  });

  it('with create: false opens an existing database', () => {
    const file = temp.path('there.db');
    temp.open(file).close();
    const store = ConfigStore.open(file, { create: false });
    expect(store.read().instanceIds).toEqual([0]);
    store.close();
  });

  it('still refuses a file that is not a database, in one line', () => {
    const file = temp.path('notes.db');
    writeFileSync(file, 'these are my notes, not a database'.repeat(50));
    expect(() => ConfigStore.open(file)).toThrow(
      /^cannot open the configuration database .*: [^\n]+$/,
    );
  });
});
