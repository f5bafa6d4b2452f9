/**
 * Builds a database the way Hyperion.ng lays it out (`libsrc/db/DBManager.cpp`): each table is
 * created with its first column, the others are added with ALTER TABLE; no keys, no constraints.
 */
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

export const HYPERION_COLUMNS: Record<string, string[]> = {
  settings: ['type TEXT', 'config TEXT', 'hyperion_inst INTEGER', 'updated_at TEXT'],
  instances: [
    'instance INTEGER',
    'friendly_name TEXT',
    'enabled INTEGER DEFAULT 0',
    'last_use TEXT',
  ],
  auth: [
    'user TEXT',
    'password BLOB',
    'token BLOB',
    'salt BLOB',
    'comment TEXT',
    'id TEXT',
    'created_at TEXT',
    'last_use TEXT',
  ],
  meta: ['uuid TEXT', 'created_at TEXT'],
};

const hexSha512 = (data: string) => createHash('sha512').update(data, 'utf8').digest('hex');
/** Qt's `toString(Qt::ISODate)` of a UTC time: no milliseconds. */
const qtNow = () => `${new Date().toISOString().slice(0, 19)}Z`;

export interface HyperionDatabase {
  uuid: string;
  /** A plain API token whose hash is stored, as Hyperion.ng's `createToken` stores it. */
  apiToken: string;
  apiTokenId: string;
}

/** Creates the four tables, the Hyperion way, in a new database file. */
export function createHyperionTables(db: Database.Database): void {
  for (const [table, columns] of Object.entries(HYPERION_COLUMNS)) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} ( ${columns[0]} )`);
    for (const column of columns.slice(1)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  }
}

/**
 * A Hyperion.ng database holding `global` and `instance` (the corpus default settings) for
 * instance 0 "First LED Hardware instance", the user "Hyperion" and one API token.
 */
export function createHyperionDatabase(
  file: string,
  global: Record<string, unknown>,
  instance: Record<string, unknown>,
): HyperionDatabase {
  const db = new Database(file);
  try {
    createHyperionTables(db);
    const now = qtNow();
    const setting = db.prepare(
      'INSERT INTO settings (type, config, hyperion_inst, updated_at) VALUES (?, ?, ?, ?)',
    );
    for (const [type, value] of Object.entries(global))
      setting.run(type, JSON.stringify(value), null, now);
    db.prepare(
      'INSERT INTO instances (instance, friendly_name, enabled, last_use) VALUES (?, ?, ?, ?)',
    ).run(0, 'First LED Hardware instance', 1, now);
    for (const [type, value] of Object.entries(instance))
      setting.run(type, JSON.stringify(value), 0, now);

    const salt = hexSha512(`{${randomUUID()}}`);
    db.prepare('INSERT INTO auth (user, salt, password, created_at) VALUES (?, ?, ?, ?)').run(
      'Hyperion',
      Buffer.from(salt),
      Buffer.from(hexSha512(`hyperion${salt}`)),
      now,
    );
    db.prepare('UPDATE auth SET token = ? WHERE user = ?').run(
      Buffer.from(hexSha512(`{${randomUUID()}}`)),
      'Hyperion',
    );
    const apiToken = randomUUID();
    const apiTokenId = randomUUID().slice(0, 5);
    db.prepare('INSERT INTO auth (token, comment, id, created_at) VALUES (?, ?, ?, ?)').run(
      Buffer.from(hexSha512(apiToken)),
      'Hyperion app token',
      apiTokenId,
      now,
    );
    const uuid = randomUUID();
    db.prepare('INSERT INTO meta (uuid, created_at) VALUES (?, ?)').run(uuid, now);
    return { uuid, apiToken, apiTokenId };
  } finally {
    db.close();
  }
}

/** Every row of the four Hyperion tables, for before/after comparisons. */
export function dumpHyperionTables(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      Object.keys(HYPERION_COLUMNS).map((t) => [
        t,
        db.prepare(`SELECT rowid, * FROM ${t} ORDER BY rowid`).all(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** `PRAGMA table_info` of each of the four Hyperion tables. */
export function tableInfo(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      Object.keys(HYPERION_COLUMNS).map((t) => [t, db.prepare(`PRAGMA table_info(${t})`).all()]),
    );
  } finally {
    db.close();
  }
}
