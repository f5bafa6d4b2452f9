/**
 * The admin password in the store: an scrypt hash with its own salt and parameters, one claim
 * wins when two race, a change needs the current password, a reset removes it, and neither the
 * password nor its hash ever reaches the configuration a backup exports. A database of the
 * landed version (no password table) gets the table at its next open.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore, DEFAULT_SCRYPT_COST, type ScryptCost } from '../../src/store/config-store.js';
import { exportConfiguration } from '../../src/store/export.js';
import { withoutUuid } from './fixtures.js';
import { landedConfiguration, writeLandedDatabase } from './landed-db.js';
import { useTempStores } from './temp.js';

/** A cheap cost, so that the tests hash fast; the default is tested once on its own. */
const CHEAP: ScryptCost = { N: 1024, r: 8, p: 1, keyLength: 32 };

interface StoredRow {
  algorithm: string;
  cost: number;
  block_size: number;
  parallelization: number;
  salt: Buffer;
  hash: Buffer;
}

function storedRow(file: string): StoredRow | undefined {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM glowkit_password').get() as StoredRow | undefined;
  } finally {
    db.close();
  }
}

describe('the admin password in the store', () => {
  const temp = useTempStores();
  const opened: ConfigStore[] = [];
  const open = (file = temp.path('config.db'), cost: ScryptCost = CHEAP) => {
    const store = ConfigStore.open(file, { scryptCost: cost });
    opened.push(store);
    return store;
  };
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  it('is missing in a new database, then created once and checked', async () => {
    const store = open();
    expect(store.password.exists()).toBe(false);
    expect(await store.password.verify('correct horse')).toBe(false);
    expect(await store.password.create('correct horse')).toBe(true);
    expect(store.password.exists()).toBe(true);
    expect(await store.password.verify('correct horse')).toBe(true);
    expect(await store.password.verify('correct horsE')).toBe(false);
    // A second claim changes nothing.
    expect(await store.password.create('battery staple')).toBe(false);
    expect(await store.password.verify('correct horse')).toBe(true);
    expect(await store.password.verify('battery staple')).toBe(false);
  });

  it('lets exactly one of two racing claims win', async () => {
    const store = open();
    const results = await Promise.all([
      store.password.create('first claimant'),
      store.password.create('second claimant'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 'first claimant' : 'second claimant';
    const loser = results[0] ? 'second claimant' : 'first claimant';
    expect(await store.password.verify(winner)).toBe(true);
    expect(await store.password.verify(loser)).toBe(false);
  });

  it('keeps an scrypt hash with its own salt and parameters, never the password', async () => {
    const a = open(temp.path('a.db'));
    const b = open(temp.path('b.db'), DEFAULT_SCRYPT_COST);
    await a.password.create('correct horse');
    await b.password.create('correct horse');
    const rowA = storedRow(a.file);
    const rowB = storedRow(b.file);
    expect(rowA).toMatchObject({ algorithm: 'scrypt', cost: 1024, block_size: 8 });
    expect(rowB).toMatchObject({
      algorithm: 'scrypt',
      cost: 2 ** 15,
      block_size: 8,
      parallelization: 1,
    });
    expect(rowA?.salt.length).toBe(16);
    expect(rowA?.salt.equals(rowB?.salt as Buffer)).toBe(false);
    // The default cost works (its memory is within scrypt's limit) and checks as the cheap one.
    expect(await b.password.verify('correct horse')).toBe(true);
    expect(await b.password.verify('wrong horse')).toBe(false);
    // A hash made with another cost still checks after the cost changed: it keeps its own.
    b.close();
    opened.splice(opened.indexOf(b), 1);
    const reopened = open(b.file, CHEAP);
    expect(await reopened.password.verify('correct horse')).toBe(true);
    for (const store of [a, reopened]) {
      store.close();
      opened.splice(opened.indexOf(store), 1);
      for (const suffix of ['', '-wal']) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(store.file + suffix);
        } catch {
          continue;
        }
        expect(bytes.includes(Buffer.from('correct horse'))).toBe(false);
      }
    }
  });

  it('changes only with the current password', async () => {
    const store = open();
    expect(await store.password.change('correct horse', 'battery staple')).toBe(false);
    await store.password.create('correct horse');
    expect(await store.password.change('wrong horse!', 'battery staple')).toBe(false);
    expect(await store.password.verify('correct horse')).toBe(true);
    expect(await store.password.change('correct horse', 'battery staple')).toBe(true);
    expect(await store.password.verify('battery staple')).toBe(true);
    expect(await store.password.verify('correct horse')).toBe(false);
  });

  it('is removed by a reset and set again by set', async () => {
    const store = open();
    expect(store.password.reset()).toBe(false);
    await store.password.create('correct horse');
    expect(store.password.reset()).toBe(true);
    expect(store.password.exists()).toBe(false);
    await store.password.set('battery staple');
    await store.password.set('tr0ub4dor&3');
    expect(await store.password.verify('tr0ub4dor&3')).toBe(true);
  });

  it('never reaches the configuration, its text or an export', async () => {
    const store = open();
    await store.password.create('correct horse');
    const row = storedRow(store.file) as StoredRow;
    const secrets = [
      'correct horse',
      'scrypt',
      'glowkit_password',
      row.hash.toString('hex'),
      row.hash.toString('base64'),
      row.salt.toString('hex'),
      row.salt.toString('base64'),
    ];
    const texts = [
      store.readText(),
      JSON.stringify(store.read()),
      JSON.stringify(exportConfiguration(store.file)),
    ];
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('survives a restore of the configuration', async () => {
    const store = open();
    await store.password.create('correct horse');
    store.replace(store.read(), 'test restore');
    expect(await store.password.verify('correct horse')).toBe(true);
  });
});

describe('a database of the landed version', () => {
  const temp = useTempStores();

  it('gets the password table at its next open, with no password and its settings unchanged', async () => {
    const file = temp.path('landed.db');
    const config = { instances: [{ id: 0, name: 'First LED instance', enabled: true }] };
    writeLandedDatabase(file, config);
    const store = ConfigStore.open(file, { scryptCost: CHEAP });
    try {
      expect(store.password.exists()).toBe(false);
      expect(withoutUuid(store.read())).toEqual(landedConfiguration(config));
      expect(await store.password.create('correct horse')).toBe(true);
    } finally {
      store.close();
    }
    const again = ConfigStore.open(file, { scryptCost: CHEAP });
    try {
      expect(await again.password.verify('correct horse')).toBe(true);
    } finally {
      again.close();
    }
  });
});
