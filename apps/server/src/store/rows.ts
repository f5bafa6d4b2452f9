/**
 * Reading and writing a configuration as rows of Hyperion.ng's `settings` and `instances`
 * tables: one row per (group, instance) holding the group's compact JSON, `hyperion_inst` NULL
 * for the global groups.
 */
import { isJsonObject } from '@glowkit/protocol';
import type { Configuration, StoredInstance } from '../config/configuration.js';
import { StoreError } from './errors.js';
import type { Db } from './sql.js';

interface SettingRow {
  type: unknown;
  config: unknown;
  hyperion_inst: unknown;
}

interface InstanceRow {
  instance: unknown;
  friendly_name: unknown;
  enabled: unknown;
}

/** Sets an own property, even one named `__proto__`. */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A stored group value, or undefined when it is not JSON of an object or array (Hyperion's rule). */
function parseGroup(config: unknown): unknown {
  const text = Buffer.isBuffer(config) ? config.toString('utf8') : config;
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Reads the whole configuration. Instances come in the order they were created (rowid); rows of
 * groups whose instance does not exist, and rows whose `config` is not an object or array, are
 * left out. Call inside a transaction for a consistent picture.
 */
export function readConfiguration(db: Db): Configuration {
  const globalSettings: Record<string, unknown> = {};
  const globalRows = db
    .prepare('SELECT type, config FROM settings WHERE hyperion_inst IS NULL ORDER BY rowid')
    .all() as SettingRow[];
  for (const row of globalRows) {
    const value = parseGroup(row.config);
    if (value !== undefined && row.type !== null) setKey(globalSettings, text(row.type), value);
  }

  const instanceRows = db
    .prepare('SELECT instance, friendly_name, enabled FROM instances ORDER BY rowid')
    .all() as InstanceRow[];
  const instances: StoredInstance[] = instanceRows.map((row) => ({
    id: Number(row.instance),
    name: text(row.friendly_name),
    enabled: Number(row.enabled ?? 0) !== 0,
    settings: {},
  }));
  const settingsOf = new Map<number, Record<string, unknown>[]>();
  for (const instance of instances) {
    settingsOf.set(instance.id, [...(settingsOf.get(instance.id) ?? []), instance.settings]);
  }
  const instanceSettingRows = db
    .prepare(
      'SELECT type, config, hyperion_inst FROM settings WHERE hyperion_inst IS NOT NULL ORDER BY rowid',
    )
    .all() as SettingRow[];
  for (const row of instanceSettingRows) {
    const targets = settingsOf.get(Number(row.hyperion_inst));
    if (targets === undefined || row.type === null) continue;
    for (const target of targets) {
      const value = parseGroup(row.config);
      if (value !== undefined) setKey(target, text(row.type), value);
    }
  }

  const meta = db.prepare('SELECT uuid FROM meta ORDER BY rowid LIMIT 1').get() as
    | { uuid: unknown }
    | undefined;
  const global: Configuration['global'] = { settings: globalSettings };
  if (meta !== undefined && meta.uuid !== null && meta.uuid !== undefined) {
    global.uuid = text(meta.uuid);
  }
  return { global, instanceIds: instances.map((i) => i.id), instances };
}

/**
 * The JSON text of {@link readConfiguration}'s result, built from the stored JSON texts without
 * parsing them (SQLite checks that each is an object or array): a restore keeps the configuration
 * it replaces as a snapshot, and parsing and re-serialising 100 KB on every restore was a third
 * of the restore's time. Call inside a transaction.
 */
export function configurationText(db: Db): string {
  const valid = "json_valid(config) AND json_type(config) IN ('object', 'array')";
  const members = (rows: SettingRow[]) =>
    rows.map((row) => `${JSON.stringify(text(row.type))}:${text(row.config)}`).join(',');
  const globalRows = db
    .prepare(
      `SELECT type, config FROM settings WHERE hyperion_inst IS NULL AND type IS NOT NULL AND ${valid} ORDER BY rowid`,
    )
    .all() as SettingRow[];
  const instanceRows = db
    .prepare('SELECT instance, friendly_name, enabled FROM instances ORDER BY rowid')
    .all() as InstanceRow[];
  const groupsOf = new Map<number, SettingRow[]>();
  const settingRows = db
    .prepare(
      `SELECT type, config, hyperion_inst FROM settings WHERE hyperion_inst IS NOT NULL AND type IS NOT NULL AND ${valid} ORDER BY rowid`,
    )
    .all() as SettingRow[];
  for (const row of settingRows) {
    const id = Number(row.hyperion_inst);
    const list = groupsOf.get(id);
    if (list) list.push(row);
    else groupsOf.set(id, [row]);
  }
  const instances = instanceRows.map((row) => {
    const id = Number(row.instance);
    return `{"id":${JSON.stringify(id)},"name":${JSON.stringify(text(row.friendly_name))},"enabled":${Number(row.enabled ?? 0) !== 0},"settings":{${members(groupsOf.get(id) ?? [])}}}`;
  });
  const meta = db.prepare('SELECT uuid FROM meta ORDER BY rowid LIMIT 1').get() as
    | { uuid: unknown }
    | undefined;
  const uuid =
    meta !== undefined && meta.uuid !== null && meta.uuid !== undefined
      ? `,"uuid":${JSON.stringify(text(meta.uuid))}`
      : '';
  const ids = instanceRows.map((row) => JSON.stringify(Number(row.instance))).join(',');
  return `{"global":{"settings":{${members(globalRows)}}${uuid}},"instanceIds":[${ids}],"instances":[${instances.join(',')}]}`;
}

/**
 * Checks that `config` has the shape the store can hold. Group values are checked as they are
 * written. Throws a StoreError naming the first problem.
 */
export function checkConfiguration(config: unknown): asserts config is Configuration {
  if (!isJsonObject(config)) throw new StoreError('the configuration must be an object');
  if (!isJsonObject(config.global) || !isJsonObject(config.global.settings)) {
    throw new StoreError('global.settings must be an object');
  }
  if (!Array.isArray(config.instances)) throw new StoreError('instances must be an array');
  const seen = new Set<number>();
  config.instances.forEach((instance: unknown, index) => {
    const at = `instances[${index}]`;
    if (!isJsonObject(instance)) throw new StoreError(`${at} must be an object`);
    const { id, name, enabled, settings } = instance;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
      throw new StoreError(`${at}.id must be an integer of at least 0`);
    }
    if (seen.has(id)) throw new StoreError(`${at}.id ${id} is used by an earlier instance`);
    seen.add(id);
    if (typeof name !== 'string') throw new StoreError(`${at}.name must be a string`);
    if (typeof enabled !== 'boolean') throw new StoreError(`${at}.enabled must be true or false`);
    if (!isJsonObject(settings)) throw new StoreError(`${at}.settings must be an object`);
  });
}

/**
 * The compact JSON of a group value, or undefined for null or undefined (the group is left out).
 * Throws a StoreError for a value that would not read back as an object or array.
 */
function serialiseGroup(type: string, value: unknown, owner: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  let json: string | undefined;
  try {
    json = typeof value === 'object' ? JSON.stringify(value) : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError(`group "${type}" of ${owner} cannot be stored as JSON: ${reason}`);
  }
  if (json === undefined || !(json.startsWith('{') || json.startsWith('['))) {
    throw new StoreError(`group "${type}" of ${owner} must be an object or an array`);
  }
  return json;
}

/**
 * Inserts `config` into empty `settings` and `instances` tables: the global groups, then each
 * instance in array order with its groups. Call inside the transaction that emptied them.
 */
export function writeConfiguration(db: Db, config: Configuration, now: string): void {
  const insertSetting = db.prepare(
    'INSERT INTO settings (type, config, hyperion_inst, updated_at) VALUES (?, ?, ?, ?)',
  );
  const insertInstance = db.prepare(
    'INSERT INTO instances (instance, friendly_name, enabled, last_use) VALUES (?, ?, ?, ?)',
  );
  for (const [type, value] of Object.entries(config.global.settings)) {
    const json = serialiseGroup(type, value, 'the global settings');
    if (json !== undefined) insertSetting.run(type, json, null, now);
  }
  for (const instance of config.instances) {
    insertInstance.run(instance.id, instance.name, instance.enabled ? 1 : 0, now);
    for (const [type, value] of Object.entries(instance.settings)) {
      const json = serialiseGroup(type, value, `instance ${instance.id}`);
      if (json !== undefined) insertSetting.run(type, json, instance.id, now);
    }
  }
}
