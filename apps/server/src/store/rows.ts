/**
 * Reading and writing a configuration as rows of Hyperion.ng's `settings` and `instances`
 * tables: one row per (group, instance) holding the group's compact JSON, `hyperion_inst` NULL
 * for the global groups.
 */

import { defaultInstanceName, isInstanceName } from '@glowkit/protocol';
import {
  type Configuration,
  listedInstanceIds,
  type StoredInstance,
} from '../config/configuration.js';
import { isInstanceId } from '../config/defaults.js';
import { isGlobalGroup, isInstanceGroup } from '../config/groups.js';
import { StoreError } from './errors.js';
import type { Db } from './sql.js';

/** A settings row that reads as a group: its type, its JSON text, its instance (null: global). */
interface GroupRow {
  type: string;
  config: string;
}

interface InstanceRow {
  id: number;
  name: string;
  enabled: boolean;
}

/**
 * Group values that replace what the rows hold, by {@link overlayKey}: the migration of a database
 * the store may not write, kept in memory (JSON text, as a row holds it).
 */
export type GroupOverlay = ReadonlyMap<string, string>;

/** The key of a group in a {@link GroupOverlay}: its type and instance (none: global). */
export function overlayKey(type: string, instance: number | undefined): string {
  return `${instance ?? ''}/${type}`;
}

/** What the tables hold, as restore would take it. */
interface StoredRows {
  global: GroupRow[];
  instances: InstanceRow[];
  groupsOf: Map<number, GroupRow[]>;
  uuid: string | undefined;
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

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return value === null || value === undefined ? '' : String(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Each row's JSON text as a group: an object or array as it is; a JSON string holding an object or
// array (a group stored "as JSON text", the spec's form of a group) as the text it holds, since
// restore stores such a group as its value; anything else (null, scalars, broken JSON) reads as
// no row, Hyperion.ng's rule. The same SQL serves read() and readText(), so both see the same.
const GROUP_ROWS = `
  WITH raw AS (
    SELECT rowid AS r, type, hyperion_inst AS inst, CAST(config AS TEXT) AS c
      FROM settings WHERE type IS NOT NULL AND config IS NOT NULL),
  checked AS (
    SELECT r, type, inst, c, json_valid(c) AS ok FROM raw),
  held AS (
    SELECT r, type, inst, c, ok,
           CASE WHEN ok AND json_type(c) = 'text' THEN json_extract(c, '$') END AS inside
      FROM checked)
  SELECT type, inst,
         CASE WHEN ok AND json_type(c) IN ('object', 'array') THEN c ELSE inside END AS config
    FROM held
   WHERE (ok AND json_type(c) IN ('object', 'array'))
      OR (inside IS NOT NULL AND json_valid(inside) AND json_type(inside) IN ('object', 'array'))
   ORDER BY r`;

/**
 * The rows as restore would take them, so that getconfig's output always restores: instances
 * whose id is not an integer from 0 to 255, or repeats an earlier row's, are left out with their
 * groups (a foreign or hand-edited database); a name restore
 * would refuse reads as the name restore gives a nameless instance; groups of a type not known
 * at their level are left out (restore would refuse them); a UUID that is not one is left out.
 * Call inside a transaction for a consistent picture.
 */
function storedRows(db: Db, overlay: GroupOverlay | undefined): StoredRows {
  const instances: InstanceRow[] = [];
  const seen = new Set<number>();
  const instanceRows = db
    .prepare('SELECT instance, friendly_name, enabled FROM instances ORDER BY rowid')
    .all() as { instance: unknown; friendly_name: unknown; enabled: unknown }[];
  for (const row of instanceRows) {
    const id = row.instance === null ? Number.NaN : Number(row.instance);
    if (!isInstanceId(id) || seen.has(id)) continue;
    seen.add(id);
    const name = text(row.friendly_name);
    instances.push({
      id,
      name: isInstanceName(name) ? name : defaultInstanceName(id),
      enabled: Number(row.enabled ?? 0) !== 0,
    });
  }
  const global: GroupRow[] = [];
  const groupsOf = new Map<number, GroupRow[]>();
  const groupRows = db.prepare(GROUP_ROWS).all() as {
    type: unknown;
    inst: unknown;
    config: string;
  }[];
  for (const row of groupRows) {
    const type = text(row.type);
    const inst = row.inst === null ? undefined : Number(row.inst);
    const group = { type, config: overlay?.get(overlayKey(type, inst)) ?? row.config };
    if (inst === undefined) {
      if (isGlobalGroup(type)) global.push(group);
      continue;
    }
    if (!seen.has(inst) || !isInstanceGroup(type)) continue;
    const list = groupsOf.get(inst);
    if (list) list.push(group);
    else groupsOf.set(inst, [group]);
  }
  const meta = db.prepare('SELECT uuid FROM meta ORDER BY rowid LIMIT 1').get() as
    | { uuid: unknown }
    | undefined;
  const uuid = meta === undefined ? undefined : text(meta.uuid);
  return { global, instances, groupsOf, uuid: uuid && UUID.test(uuid) ? uuid : undefined };
}

/** The settings object of group rows; a later row of the same type wins, as in JSON text. */
function settingsOf(rows: readonly GroupRow[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const row of rows) setKey(settings, row.type, JSON.parse(row.config));
  return settings;
}

/**
 * Reads the whole configuration as restore takes it (see the rules of the rows above), with the
 * groups of `overlay` in place of their rows. Instances come in the order they were created
 * (rowid). Call inside a transaction.
 */
export function readConfiguration(db: Db, overlay?: GroupOverlay): Configuration {
  const rows = storedRows(db, overlay);
  const global: Configuration['global'] = { settings: settingsOf(rows.global) };
  if (rows.uuid !== undefined) global.uuid = rows.uuid;
  const instances: StoredInstance[] = rows.instances.map((i) => ({
    ...i,
    settings: settingsOf(rows.groupsOf.get(i.id) ?? []),
  }));
  return { global, instanceIds: listedInstanceIds(instances), instances };
}

/**
 * The JSON text of {@link readConfiguration}'s result, built from the stored JSON texts without
 * parsing them (SQLite checks that each is an object or array): a restore keeps the configuration
 * it replaces as a snapshot, and parsing and re-serialising 100 KB on every restore was a third
 * of the restore's time. The groups of `overlay` replace their rows. Call inside a transaction.
 */
export function configurationText(db: Db, overlay?: GroupOverlay): string {
  const rows = storedRows(db, overlay);
  const members = (groups: readonly GroupRow[]) =>
    groups.map((row) => `${JSON.stringify(row.type)}:${row.config}`).join(',');
  const instances = rows.instances.map(
    (i) =>
      `{"id":${i.id},"name":${JSON.stringify(i.name)},"enabled":${i.enabled},"settings":{${members(rows.groupsOf.get(i.id) ?? [])}}}`,
  );
  const uuid = rows.uuid === undefined ? '' : `,"uuid":${JSON.stringify(rows.uuid)}`;
  const ids = listedInstanceIds(rows.instances).join(',');
  return `{"global":{"settings":{${members(rows.global)}}${uuid}},"instanceIds":[${ids}],"instances":[${instances.join(',')}]}`;
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

/**
 * Replaces the rows of one group, global when `instance` is undefined, by `value`'s compact JSON
 * (every row of that type and instance goes, duplicates a foreign database may hold included).
 * Call inside a transaction.
 */
export function replaceGroup(
  db: Db,
  type: string,
  value: unknown,
  instance: number | undefined,
  now: string,
): void {
  const owner = instance === undefined ? 'the global settings' : `instance ${instance}`;
  const json = serialiseGroup(type, value, owner);
  const inst = instance ?? null;
  db.prepare('DELETE FROM settings WHERE type = ? AND hyperion_inst IS ?').run(type, inst);
  if (json !== undefined) {
    db.prepare(
      'INSERT INTO settings (type, config, hyperion_inst, updated_at) VALUES (?, ?, ?, ?)',
    ).run(type, json, inst, now);
  }
}
