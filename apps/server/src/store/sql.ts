/**
 * The database layout: Hyperion.ng's four tables, with exactly its column lists, and Glowkit's own
 * tables, all prefixed `glowkit_`. Hyperion.ng declares no keys or constraints; neither do we on
 * its tables, so that either program can open the other's database.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { isReadOnlyError } from './errors.js';

export type Db = BetterSqlite3.Database;

/** Hyperion.ng's tables and their columns, in its order (`libsrc/db/*Table`). */
const HYPERION_TABLES = {
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
} as const;

/** Glowkit's own tables. */
const GLOWKIT_TABLES = [
  `CREATE TABLE IF NOT EXISTS glowkit_snapshots (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at TEXT NOT NULL,
     reason TEXT NOT NULL,
     config TEXT NOT NULL
   )`,
  // Hyperion.ng's tokens are all admin tokens; a token without a row here is one.
  `CREATE TABLE IF NOT EXISTS glowkit_token_roles (
     id TEXT PRIMARY KEY,
     admin INTEGER NOT NULL
   )`,
];

/**
 * Glowkit's tables added since databases were first written: a database of an earlier Glowkit
 * gets them at its next open. One SQLite may only read goes without them (each store copes).
 */
const LATER_TABLES = [
  // The admin password (store/password.ts): one row at most, an scrypt hash with its salt and
  // parameters.
  `CREATE TABLE IF NOT EXISTS glowkit_password (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     algorithm TEXT NOT NULL,
     cost INTEGER NOT NULL,
     block_size INTEGER NOT NULL,
     parallelization INTEGER NOT NULL,
     salt BLOB NOT NULL,
     hash BLOB NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   )`,
];

/** Milliseconds a statement waits for another connection's lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Connection settings. WAL keeps readers and the writer apart; synchronous=FULL syncs the WAL at
 * every commit, so a committed transaction survives a power cut, not only a killed process.
 */
export function configureConnection(db: Db): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
}

/** Whether the database has table `name`. */
export function tableExists(db: Db, name: string): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

/**
 * Creates the tables that are missing and, like Hyperion.ng, adds the columns an existing table of
 * its lacks. Returns true when the database held no configuration tables: it is new. Call inside
 * a write transaction.
 */
export function ensureTables(db: Db): boolean {
  const isNew = !tableExists(db, 'settings') && !tableExists(db, 'instances');
  for (const [table, columns] of Object.entries(HYPERION_TABLES)) {
    if (!tableExists(db, table)) {
      db.exec(`CREATE TABLE ${table} (${columns.join(', ')})`);
      continue;
    }
    const present = new Set(
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
    );
    for (const column of columns) {
      const name = column.split(' ')[0] ?? column;
      if (!present.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
    }
  }
  for (const statement of GLOWKIT_TABLES) db.exec(statement);
  for (const statement of LATER_TABLES) {
    try {
      db.exec(statement);
    } catch (error) {
      if (!isReadOnlyError(error)) throw error;
    }
  }
  return isNew;
}

/** The current time as an ISO-8601 UTC string, the format of every timestamp column. */
export function isoNow(): string {
  return new Date().toISOString();
}
