import { existsSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../src/config/configuration.js';
import { defaultConfiguration, defaultInstanceSettings } from '../../src/config/defaults.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';
import { ConfigStore, MAX_SNAPSHOTS, StoreError } from '../../src/store/config-store.js';
import { markedConfiguration, must, simpleConfiguration, withoutUuid } from './fixtures.js';
import { useTempStores } from './temp.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** `config` with the store's UUID, as read() gives it back. */
function withUuid(config: Configuration, store: ConfigStore): Configuration {
  return { ...config, global: { ...config.global, uuid: store.read().global.uuid } };
}

/** Rows of a table, read through a connection of its own. */
function rows(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

function expectStoreError(fn: () => unknown, pattern: RegExp): StoreError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(StoreError);
  const error = caught as StoreError;
  expect(error.message).toMatch(pattern);
  expect(error.message).not.toMatch(/\n/);
  return error;
}

describe('ConfigStore: creation', () => {
  const temp = useTempStores();

  it('creates the file and its directories with the default configuration and a UUID', () => {
    const file = temp.path('a', 'b', 'hyperion.db');
    const store = temp.open(file);
    expect(store.file).toBe(file);
    expect(existsSync(file)).toBe(true);
    const config = store.read();
    expect(config.global.uuid).toMatch(UUID);
    expect(withoutUuid(config)).toEqual(defaultConfiguration());
    expect(store.snapshots()).toEqual([]);
    expect(store.tokens.count()).toBe(0);
  });

  it('stores one compact row per group and instance, global groups with hyperion_inst NULL', () => {
    const store = temp.open();
    const settings = rows(store.file, 'SELECT * FROM settings ORDER BY rowid');
    expect(settings).toHaveLength(GLOBAL_GROUPS.length + INSTANCE_GROUPS.length);
    const defaults = defaultConfiguration();
    for (const row of settings) {
      const global = row.hyperion_inst === null;
      const type = row.type as string;
      expect(global ? GLOBAL_GROUPS : INSTANCE_GROUPS).toContain(type);
      if (!global) expect(row.hyperion_inst).toBe(0);
      const groups = (global ? defaults.global.settings : defaults.instances[0]?.settings) as
        | Record<string, unknown>
        | undefined;
      const expected = groups?.[type];
      expect(row.config).toBe(JSON.stringify(expected));
      expect(row.updated_at).toMatch(ISO);
    }
    expect(rows(store.file, 'SELECT * FROM instances')).toEqual([
      {
        instance: 0,
        friendly_name: 'First LED instance',
        enabled: 1,
        last_use: expect.stringMatching(ISO),
      },
    ]);
    expect(rows(store.file, 'SELECT * FROM meta')).toEqual([
      { uuid: store.read().global.uuid, created_at: expect.stringMatching(ISO) },
    ]);
  });

  it('uses WAL journaling', () => {
    const store = temp.open();
    expect(rows(store.file, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
  });

  it('opens an existing store as it is: same configuration, same UUID, no new defaults', () => {
    const first = temp.open();
    first.replace(simpleConfiguration([5]), 'test');
    const before = first.read();
    first.close();
    const again = ConfigStore.open(first.file);
    try {
      expect(again.read()).toEqual(before);
      expect(again.snapshots()).toHaveLength(1);
    } finally {
      again.close();
    }
  });

  it('throws a one-line StoreError for a file that is not a database', () => {
    const file = temp.path('garbage.db');
    writeFileSync(file, 'this is not a SQLite database, it is plain text\n'.repeat(100));
    expectStoreError(
      () => ConfigStore.open(file),
      /cannot open the configuration database .*garbage\.db/,
    );
  });

  it('throws a StoreError when the directory cannot be created', () => {
    const blocker = temp.path('file');
    writeFileSync(blocker, 'x');
    expectStoreError(() => ConfigStore.open(temp.path('file', 'sub', 'config.db')), /cannot open/);
  });

  it('throws a StoreError once closed', () => {
    const store = ConfigStore.open(temp.path('closed.db'));
    store.close();
    expectStoreError(() => store.read(), /could not read the configuration/);
  });
});

describe('ConfigStore: read and replace', () => {
  const temp = useTempStores();

  it('round-trips every group of the global settings and of each instance', () => {
    const store = temp.open();
    const config = markedConfiguration('round trip', [0, 1]);
    const uuid = store.read().global.uuid;
    store.replace(config, 'round trip');
    const read = store.read();
    expect(read).toEqual({ ...config, global: { ...config.global, uuid } });
    expect(Object.keys(read.global.settings)).toEqual([...GLOBAL_GROUPS]);
    expect(Object.keys(read.instances[1]?.settings ?? {})).toEqual([...INSTANCE_GROUPS]);
  });

  it('keeps instance order and ids, and derives instanceIds from the instances', () => {
    const store = temp.open();
    const config = simpleConfiguration([3, 0, 7]);
    config.instanceIds = [9];
    must(config.instances[1]).enabled = false;
    must(config.instances[2]).settings = { device: { type: 'wled', host: '10.0.0.7' } };
    store.replace(config, 'order');
    const read = store.read();
    expect(read.instanceIds).toEqual([3, 0, 7]);
    expect(read.instances.map((i) => [i.id, i.name, i.enabled])).toEqual([
      [3, 'Living room 3', true],
      [0, 'Living room 0', false],
      [7, 'Living room 7', true],
    ]);
    expect(read.instances[2]?.settings).toEqual({ device: { type: 'wled', host: '10.0.0.7' } });
    expect(read.instances[0]?.settings).toEqual(defaultInstanceSettings());
    expect(rows(store.file, 'SELECT instance FROM instances ORDER BY rowid')).toEqual([
      { instance: 3 },
      { instance: 0 },
      { instance: 7 },
    ]);
  });

  it('stores an empty configuration', () => {
    const store = temp.open();
    store.replace({ global: { settings: {} }, instanceIds: [], instances: [] }, 'empty');
    expect(withoutUuid(store.read())).toEqual({
      global: { settings: {} },
      instanceIds: [],
      instances: [],
    });
  });

  it('leaves out null and undefined groups', () => {
    const store = temp.open();
    const config = simpleConfiguration([0]);
    // A caller that passes null anyway (a restore's null means the default, and is left out).
    (config.global.settings as Record<string, unknown>).webConfig = null;
    must(config.instances[0]).settings.leds = undefined;
    store.replace(config, 'nulls');
    const read = store.read();
    expect(read.global.settings).not.toHaveProperty('webConfig');
    expect(read.instances[0]?.settings).not.toHaveProperty('leds');
    expect(Object.keys(read.global.settings)).toHaveLength(GLOBAL_GROUPS.length - 1);
  });

  it('reads a stored row named __proto__ as no group, leaving the prototype alone', () => {
    const store = temp.open();
    store.replace(simpleConfiguration([0]), 'base');
    const db = new Database(store.file);
    db.prepare('INSERT INTO settings (type, config, hyperion_inst) VALUES (?, ?, ?)').run(
      '__proto__',
      '{"polluted":1}',
      null,
    );
    db.close();
    const read = store.read();
    expect(Object.keys(read.global.settings)).toEqual([...GLOBAL_GROUPS]);
    expect(Object.getPrototypeOf(read.global.settings)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores the given UUID', () => {
    const store = temp.open();
    const uuid = store.read().global.uuid;
    const config = simpleConfiguration([0]);
    config.global.uuid = '00000000-0000-4000-8000-000000000000';
    store.replace(config, 'uuid');
    expect(store.read().global.uuid).toBe(uuid);
  });

  it('is seen at once by another connection to the same file', () => {
    const store = temp.open();
    const other = temp.open(store.file);
    store.replace(simpleConfiguration([4]), 'shared');
    expect(other.read().instanceIds).toEqual([4]);
  });

  it.each<[string, (c: Configuration) => unknown, RegExp]>([
    ['not an object', () => null, /the configuration must be an object/],
    ['no settings', (c) => ({ ...c, global: {} }), /global\.settings must be an object/],
    ['no instances', (c) => ({ ...c, instances: {} }), /instances must be an array/],
    [
      'a negative id',
      (c) => ({ ...c, instances: [{ ...c.instances[0], id: -1 }] }),
      /instances\[0\]\.id/,
    ],
    [
      'a fractional id',
      (c) => ({ ...c, instances: [{ ...c.instances[0], id: 1.5 }] }),
      /id must be an integer/,
    ],
    [
      'a duplicate id',
      (c) => ({ ...c, instances: [c.instances[0], { ...c.instances[0], name: 'other' }] }),
      /instances\[1\]\.id 0 is used by an earlier instance/,
    ],
    [
      'no name',
      (c) => ({ ...c, instances: [{ ...c.instances[0], name: 5 }] }),
      /name must be a string/,
    ],
    [
      'enabled not boolean',
      (c) => ({ ...c, instances: [{ ...c.instances[0], enabled: 1 }] }),
      /enabled/,
    ],
    [
      'no settings object',
      (c) => ({ ...c, instances: [{ ...c.instances[0], settings: [] }] }),
      /settings must be an object/,
    ],
    [
      'a group that is a string',
      (c) => ({ ...c, global: { settings: { ...c.global.settings, logger: 'warn' } } }),
      /group "logger" of the global settings must be an object or an array/,
    ],
    [
      'an id beyond 255',
      (c) => ({ ...c, instances: [{ ...c.instances[0], id: 256 }] }),
      /instances\[0\]\.id must be an integer from 0 to 255/,
    ],
    [
      'a name of 4 characters',
      (c) => ({ ...c, instances: [{ ...c.instances[0], name: 'Desk' }] }),
      /instances\[0\]\.name must be a string of at least 5 characters/,
    ],
    [
      'an unknown global group',
      (c) => ({ ...c, global: { settings: { ...c.global.settings, colour: {} } } }),
      /the global settings hold "colour", which is not a global group/,
    ],
    [
      'an instance group among the global ones',
      (c) => ({ ...c, global: { settings: { ...c.global.settings, leds: [] } } }),
      /"leds", which is not a global group/,
    ],
    [
      'a group whose JSON is not an object',
      (c) => ({
        ...c,
        instances: [{ ...c.instances[0], settings: { device: new Date(0) } }],
      }),
      /group "device" of instance 0 must be an object or an array/,
    ],
  ])('rejects a configuration with %s and changes nothing', (_name, make, pattern) => {
    const store = temp.open();
    const before = store.read();
    expectStoreError(
      () => store.replace(make(simpleConfiguration([0])) as Configuration, 'bad'),
      pattern,
    );
    expect(store.read()).toEqual(before);
    expect(store.snapshots()).toEqual([]);
  });

  it('rolls back a replace that fails mid-way: old configuration intact, no snapshot', () => {
    const store = temp.open();
    store.replace(markedConfiguration('old', [1, 2]), 'first');
    const before = store.read();
    const snapshotsBefore = store.snapshots();
    const config = markedConfiguration('new', [3, 4, 5]);
    // The global rows and instances 3 and 4 are written before the BigInt of instance 5 fails
    // (in a field the schema does not know, so that only serialising finds it).
    const smoothing = must(config.instances[2]).settings.smoothing as Record<string, unknown>;
    smoothing.vendorField = 10n;
    const error = expectStoreError(
      () => store.replace(config, 'fails'),
      /could not replace the configuration: group "smoothing" of instance 5 cannot be stored as JSON: .*BigInt/,
    );
    expect(error.cause).toBeDefined();
    expect(store.read()).toEqual(before);
    expect(store.snapshots()).toEqual(snapshotsBefore);
    expect(rows(store.file, 'SELECT count(*) AS n FROM settings')).toEqual([
      { n: GLOBAL_GROUPS.length + 2 * INSTANCE_GROUPS.length },
    ]);
    // And the store still works.
    store.replace(markedConfiguration('after', [6]), 'works');
    expect(store.read().instanceIds).toEqual([6]);
  });

  it('reads stored rows as restore takes them: bad rows, unknown groups and instances left out', () => {
    const store = temp.open();
    store.replace(simpleConfiguration([0]), 'base');
    const db = new Database(store.file);
    const insert = db.prepare(
      'INSERT INTO settings (type, config, hyperion_inst, updated_at) VALUES (?, ?, ?, ?)',
    );
    insert.run('general', '"just text"', null, 'now');
    insert.run('network', 'null', null, 'now');
    insert.run('logger', '{not json', null, 'now');
    insert.run('textGroup', '{"a":1}', null, 'now');
    insert.run('leds', '42', 0, 'now');
    insert.run('orphan', '{"a":1}', 255, 'now');
    insert.run('device', '{"a":1}', null, 'now');
    insert.run('blobGroup', Buffer.from('{"b":2}'), 0, 'now');
    db.close();
    const read = store.read();
    expect(Object.keys(read.global.settings)).toEqual([...GLOBAL_GROUPS]);
    expect(Object.keys(read.instances[0]?.settings ?? {})).toEqual([...INSTANCE_GROUPS]);
    expect(read).toEqual(withUuid(simpleConfiguration([0]), store));
    expect(JSON.parse(store.readText())).toEqual(read);
  });

  it('reads a group stored as JSON text (a JSON string holding it) as its value', () => {
    const store = temp.open();
    store.replace(simpleConfiguration([0]), 'base');
    const db = new Database(store.file);
    db.prepare("UPDATE settings SET config = ? WHERE type = 'logger'").run(
      JSON.stringify('{"level":"debug"}'),
    );
    db.prepare("UPDATE settings SET config = ? WHERE type = 'leds'").run(
      JSON.stringify('[{"hmin":0,"hmax":1,"vmin":0,"vmax":1}]'),
    );
    db.close();
    const read = store.read();
    expect(read.global.settings.logger).toEqual({ level: 'debug' });
    expect(read.instances[0]?.settings.leds).toEqual([{ hmin: 0, hmax: 1, vmin: 0, vmax: 1 }]);
    expect(JSON.parse(store.readText())).toEqual(read);
  });

  it('reads instances restore would refuse as restore takes them', () => {
    const store = temp.open();
    store.replace(simpleConfiguration([0]), 'base');
    const db = new Database(store.file);
    const add = db.prepare(
      'INSERT INTO instances (instance, friendly_name, enabled) VALUES (?, ?, 1)',
    );
    const group = db.prepare(
      "INSERT INTO settings (type, config, hyperion_inst) VALUES ('device', ?, ?)",
    );
    add.run(255, 'The no-instance id'); // Hyperion.ng's NO_INSTANCE_ID, allowed as an id
    group.run('{"type":"file"}', 255);
    add.run(0, 'A second instance 0');
    add.run(256, 'Beyond the ids');
    add.run(-1, 'Negative instance');
    add.run(null, 'No id at all');
    add.run(1.5, 'Half an instance');
    add.run(7, 'TV');
    add.run(8, null);
    db.prepare("UPDATE meta SET uuid = 'not a uuid'").run();
    db.close();
    const read = store.read();
    expect(read.instances.map((i) => [i.id, i.name])).toEqual([
      [0, 'Living room 0'],
      [255, 'The no-instance id'],
      [7, 'Instance 7'],
      [8, 'Instance 8'],
    ]);
    expect(read.instances[1]?.settings).toEqual({ device: { type: 'file' } });
    // instanceIds lists 0 to 254 (the specification): every instance but 255.
    expect(read.instanceIds).toEqual([0, 7, 8]);
    expect(read.global).not.toHaveProperty('uuid');
    expect(JSON.parse(store.readText())).toEqual(read);
  });
});

describe('ConfigStore: snapshots', () => {
  const temp = useTempStores();

  it('keeps the replaced configuration, lists snapshots newest first', () => {
    const store = temp.open();
    const initial = store.read();
    const a = markedConfiguration('a', [0, 1, 2]);
    const first = store.replace(a, 'restore over HTTP');
    const second = store.replace(simpleConfiguration([9]), 'import of backup.json');
    expect(second.snapshot).toBeGreaterThan(first.snapshot);
    const list = store.snapshots();
    expect(list).toEqual([
      {
        id: second.snapshot,
        createdAt: expect.stringMatching(ISO),
        reason: 'import of backup.json',
        reasonCode: 'imported',
        reasonParams: { file: 'backup.json' },
        instances: 3,
        bytes: expect.any(Number),
      },
      {
        id: first.snapshot,
        createdAt: expect.stringMatching(ISO),
        reason: 'restore over HTTP',
        reasonCode: 'other',
        instances: 1,
        bytes: expect.any(Number),
      },
    ]);
    expect(list[0]?.bytes).toBe(Buffer.byteLength(JSON.stringify(store.snapshot(second.snapshot))));
    expect(store.snapshot(first.snapshot)).toEqual(initial);
    expect(withoutUuid(store.snapshot(second.snapshot) as Configuration)).toEqual(a);
    expect(store.snapshot(12345)).toBeUndefined();
  });

  it('undoes a replace with restoreSnapshot, which is itself undoable', () => {
    const store = temp.open();
    const original = store.read();
    const { snapshot } = store.replace(markedConfiguration('mistake', [4, 2]), 'restore');
    const mistake = store.read();
    const undo = store.restoreSnapshot(snapshot);
    expect(store.read()).toEqual(original);
    expect(store.snapshots()[0]).toMatchObject({
      id: undo.snapshot,
      reason: `undo to snapshot ${snapshot}`,
      instances: 2,
    });
    expect(store.snapshot(undo.snapshot)).toEqual(mistake);
    store.restoreSnapshot(undo.snapshot);
    expect(store.read()).toEqual(mistake);
  });

  it('keeps instance 255 (the specification allows it) in the store and in its snapshots', () => {
    const store = temp.open();
    const config = simpleConfiguration([255, 3]);
    const { snapshot } = store.replace(config, 'restore');
    const read = store.read();
    expect(read.instances.map((i) => i.id)).toEqual([255, 3]);
    expect(read.instanceIds).toEqual([3]);
    expect(JSON.parse(store.readText())).toEqual(read);
    store.replace(simpleConfiguration([0]), 'another');
    const undo = store.restoreSnapshot(snapshot + 1);
    expect(store.read()).toEqual(read);
    expect(store.snapshot(undo.snapshot)?.instances.map((i) => i.id)).toEqual([0]);
    expect(
      store.setGroups(255, { smoothing: null }, 'setconfig').configuration.instanceIds,
    ).toEqual([3]);
    expect(store.setInstanceEnabled(255, false)).toBe(true);
  });

  it('throws a StoreError for an unknown snapshot', () => {
    const store = temp.open();
    expectStoreError(() => store.restoreSnapshot(77), /there is no snapshot 77/);
  });

  it(`keeps only the newest ${MAX_SNAPSHOTS} snapshots`, () => {
    const store = temp.open();
    const ids: number[] = [];
    for (let i = 0; i < MAX_SNAPSHOTS + 5; i++) {
      ids.push(store.replace(simpleConfiguration([i % 5]), `replace ${i}`).snapshot);
    }
    const list = store.snapshots();
    expect(list).toHaveLength(MAX_SNAPSHOTS);
    expect(list.map((s) => s.id)).toEqual(ids.slice(-MAX_SNAPSHOTS).reverse());
    expect(list.at(-1)?.reason).toBe('replace 5');
    expect(store.snapshot(ids[0] ?? -1)).toBeUndefined();
  });

  it('does not touch tokens or the UUID', () => {
    const store = temp.open();
    const { token } = store.tokens.create('kept');
    const uuid = store.read().global.uuid;
    const { snapshot } = store.replace(simpleConfiguration([1]), 'x');
    store.restoreSnapshot(snapshot);
    expect(store.tokens.verify(token)).toBeDefined();
    expect(store.read().global.uuid).toBe(uuid);
  });
});
