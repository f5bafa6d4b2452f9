/**
 * A database as the store wrote it before the settings groups had schemas (the landed version of
 * issue 20): Hyperion.ng's tables and Glowkit's, a UUID, and one row per group holding its compact
 * JSON. Its defaults are the landed ones, kept in @glowkit/protocol's test fixtures; values the
 * landed store took but the schemas refuse can be written too, as it stored them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';

type Json = Record<string, unknown>;

/** The landed defaults of every group (`groups`) and device type (`devices`). */
export const LANDED: { groups: Json; devices: Json } = JSON.parse(
  readFileSync(
    new URL('../../../../packages/protocol/test/fixtures/landed-defaults.json', import.meta.url),
    'utf8',
  ),
);

/** One instance of a landed database. */
export interface LandedInstance {
  id: number;
  name: string;
  enabled: boolean;
  /** Group → value; groups left out take the landed default. */
  settings?: Json;
}

/** A landed configuration: global groups (left out: the landed default) and the instances. */
export interface LandedConfiguration {
  global?: Json;
  instances: LandedInstance[];
}

/** A landed database holding out-of-range values in four groups, as the landed store took them. */
export const OUT_OF_RANGE: LandedConfiguration = {
  global: { webConfig: { ...(LANDED.groups.webConfig as Json), port: 'abc' } },
  instances: [
    {
      id: 0,
      name: 'First LED instance',
      // Stopped: an adalight device would look for a serial port.
      enabled: false,
      settings: {
        smoothing: { ...(LANDED.groups.smoothing as Json), updateDelay: 5000, decay: 500 },
        device: { type: 'adalight', colorOrder: 'GRB', streamProtocol: 1, hardwareLedCount: 60 },
        backgroundEffect: { ...(LANDED.groups.backgroundEffect as Json), enable: 'yes' },
      },
    },
    {
      id: 3,
      name: 'Hyperion layout',
      enabled: false,
      settings: {
        color: { ...(LANDED.groups.color as Json), imageToLedMappingType: 3 },
        leds: [{ hscan: { minimum: 0, maximum: 0.5 }, vscan: { minimum: 0, maximum: 0.1 } }],
      },
    },
  ],
};

/** Every group of a level, the landed defaults with `given` in place. */
function groupsOf(names: readonly string[], given: Json = {}): Json {
  return Object.fromEntries(names.map((name) => [name, given[name] ?? LANDED.groups[name]]));
}

/** The configuration a landed database holds, as getconfig reads it (without the UUID). */
export function landedConfiguration(config: LandedConfiguration) {
  const instances = config.instances.map((i) => ({
    id: i.id,
    name: i.name,
    enabled: i.enabled,
    settings: groupsOf(INSTANCE_GROUPS, i.settings),
  }));
  return {
    global: { settings: groupsOf(GLOBAL_GROUPS, config.global) },
    instanceIds: instances.map((i) => i.id).filter((id) => id !== 255),
    instances,
  };
}

/**
 * Writes a new database file laid out, and filled, as the landed store did, with one API token
 * (an admin token, stored as Hyperion.ng stores tokens); returns the token.
 */
export function writeLandedDatabase(file: string, config: LandedConfiguration): string {
  const token = randomUUID();
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE settings (type TEXT, config TEXT, hyperion_inst INTEGER, updated_at TEXT);
      CREATE TABLE instances (instance INTEGER, friendly_name TEXT, enabled INTEGER DEFAULT 0, last_use TEXT);
      CREATE TABLE auth (user TEXT, password BLOB, token BLOB, salt BLOB, comment TEXT, id TEXT, created_at TEXT, last_use TEXT);
      CREATE TABLE meta (uuid TEXT, created_at TEXT);
      CREATE TABLE glowkit_snapshots (id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, reason TEXT NOT NULL, config TEXT NOT NULL);
      CREATE TABLE glowkit_token_roles (id TEXT PRIMARY KEY, admin INTEGER NOT NULL);
    `);
    const now = '2026-11-01T12:00:00.000Z';
    const stored = landedConfiguration(config);
    db.prepare('INSERT INTO meta (uuid, created_at) VALUES (?, ?)').run(randomUUID(), now);
    db.prepare('INSERT INTO auth (token, comment, id, created_at) VALUES (?, ?, ?, ?)').run(
      Buffer.from(createHash('sha512').update(token, 'utf8').digest('hex')),
      'the admin token',
      randomUUID().slice(0, 5),
      now,
    );
    const setting = db.prepare(
      'INSERT INTO settings (type, config, hyperion_inst, updated_at) VALUES (?, ?, ?, ?)',
    );
    const instance = db.prepare(
      'INSERT INTO instances (instance, friendly_name, enabled, last_use) VALUES (?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (const [type, value] of Object.entries(stored.global.settings)) {
        setting.run(type, JSON.stringify(value), null, now);
      }
      for (const i of stored.instances) {
        instance.run(i.id, i.name, i.enabled ? 1 : 0, now);
        for (const [type, value] of Object.entries(i.settings)) {
          setting.run(type, JSON.stringify(value), i.id, now);
        }
      }
    })();
  } finally {
    db.close();
  }
  return token;
}

/** Every settings row, as stored (to see that an open rewrote nothing, or what it rewrote). */
export function settingsRows(file: string): unknown[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT rowid, * FROM settings ORDER BY rowid').all();
  } finally {
    db.close();
  }
}
