import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/store/config-store.js';
import { corpusDefaults, hasCorpus } from '../config/corpus.js';
import { simpleConfiguration } from './fixtures.js';
import {
  createHyperionDatabase,
  createHyperionTables,
  dumpHyperionTables,
  HYPERION_COLUMNS,
  tableInfo,
} from './hyperion-db.js';
import { useTempStores } from './temp.js';

describe('Hyperion.ng layout', () => {
  const temp = useTempStores();

  it('creates the four tables with exactly Hyperion.ng column lists', () => {
    const store = temp.open();
    const hyperionFile = temp.path('hyperion.db');
    const db = new Database(hyperionFile);
    createHyperionTables(db);
    db.close();
    const ours = tableInfo(store.file);
    expect(ours).toEqual(tableInfo(hyperionFile));
    for (const [table, columns] of Object.entries(HYPERION_COLUMNS)) {
      expect(
        (ours[table] as { name: string; type: string; dflt_value: string | null }[]).map((c) =>
          [c.name, c.type, ...(c.dflt_value === null ? [] : ['DEFAULT', c.dflt_value])].join(' '),
        ),
      ).toEqual(columns);
    }
  });

  it('adds only glowkit_ tables of its own', () => {
    const store = temp.open();
    const db = new Database(store.file, { readonly: true });
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[]
    )
      .map((t) => t.name)
      .sort();
    const indexes = db
      .prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'")
      .all();
    db.close();
    expect(tables).toEqual(
      [
        'auth',
        'glowkit_password',
        'glowkit_snapshots',
        'glowkit_token_roles',
        'instances',
        'meta',
        'settings',
      ].sort(),
    );
    // Only the automatic index of glowkit_token_roles' primary key.
    expect(indexes).toEqual([
      { name: 'sqlite_autoindex_glowkit_token_roles_1', tbl_name: 'glowkit_token_roles' },
    ]);
  });

  it('adds the columns an old database lacks, as Hyperion.ng does, and keeps its rows', () => {
    const file = temp.path('old.db');
    const db = new Database(file);
    db.exec('CREATE TABLE settings (type TEXT, config TEXT, hyperion_inst INTEGER)');
    db.exec(
      'CREATE TABLE instances (instance INTEGER, friendly_name TEXT, enabled INTEGER DEFAULT 0)',
    );
    db.prepare('INSERT INTO settings VALUES (?, ?, ?)').run('logger', '{"level":"debug"}', null);
    db.prepare('INSERT INTO instances VALUES (?, ?, ?)').run(2, 'Old instance', 0);
    db.close();
    const store = temp.open(file);
    expect(tableInfo(file)).toEqual(tableInfo(temp.open(temp.path('new.db')).file));
    expect(store.read()).toEqual({
      global: { settings: { logger: { level: 'debug' } } },
      instanceIds: [2],
      instances: [{ id: 2, name: 'Old instance', enabled: false, settings: {} }],
    });
  });
});

describe.skipIf(!hasCorpus)('a Hyperion.ng database with the corpus default settings', () => {
  const temp = useTempStores();
  const corpus = hasCorpus ? corpusDefaults() : { global: {}, instance: {} };

  it('reads every group unchanged', () => {
    const file = temp.path('hyperion.db');
    const { uuid } = createHyperionDatabase(file, corpus.global, corpus.instance);
    const store = temp.open(file);
    expect(store.read()).toEqual({
      global: { settings: corpus.global, uuid },
      instanceIds: [0],
      instances: [
        { id: 0, name: 'First LED Hardware instance', enabled: true, settings: corpus.instance },
      ],
    });
    expect(Object.keys(store.read().global.settings)).toEqual(Object.keys(corpus.global));
  });

  it('opens it as it is: no row of its four tables changes', () => {
    const file = temp.path('hyperion.db');
    createHyperionDatabase(file, corpus.global, corpus.instance);
    const before = dumpHyperionTables(file);
    const infoBefore = tableInfo(file);
    const store = ConfigStore.open(file);
    store.read();
    store.snapshots();
    store.tokens.list();
    store.close();
    expect(dumpHyperionTables(file)).toEqual(before);
    expect(tableInfo(file)).toEqual(infoBefore);
  });

  it('accepts the API tokens Hyperion.ng made, as admin tokens, and not its user row', () => {
    const file = temp.path('hyperion.db');
    const { apiToken, apiTokenId } = createHyperionDatabase(file, corpus.global, corpus.instance);
    const store = temp.open(file);
    expect(store.tokens.list()).toEqual([
      {
        id: apiTokenId,
        comment: 'Hyperion app token',
        admin: true,
        createdAt: expect.any(String),
        lastUse: null,
      },
    ]);
    expect(store.tokens.verify(apiToken)).toMatchObject({ id: apiTokenId, admin: true });
    expect(store.tokens.count()).toBe(1);
  });

  it('replaces its configuration in its layout, keeping the user, tokens and UUID', () => {
    const file = temp.path('hyperion.db');
    const { uuid, apiToken } = createHyperionDatabase(file, corpus.global, corpus.instance);
    const before = dumpHyperionTables(file);
    const store = temp.open(file);
    const { snapshot } = store.replace(simpleConfiguration([0, 1]), 'restore');
    const after = dumpHyperionTables(file);
    expect(after.auth).toEqual(before.auth);
    expect(after.meta).toEqual(before.meta);
    expect(store.read().global.uuid).toBe(uuid);
    expect(store.tokens.verify(apiToken)).toBeDefined();
    expect(
      (after.settings as { hyperion_inst: number | null }[]).filter(
        (r) => r.hyperion_inst === null,
      ),
    ).toHaveLength(Object.keys(corpus.global).length);
    expect(tableInfo(file)).toEqual(tableInfo(temp.open(temp.path('ours.db')).file));
    // The Hyperion configuration is the first snapshot, unchanged.
    expect(store.snapshot(snapshot)?.global.settings).toEqual(corpus.global);
    expect(store.snapshot(snapshot)?.instances[0]?.settings).toEqual(corpus.instance);
  });
});
