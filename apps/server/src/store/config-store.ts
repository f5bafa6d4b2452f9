/**
 * The configuration store: one SQLite file laid out like Hyperion.ng's `hyperion.db`, so that
 * either program opens the other's database. All calls are synchronous.
 *
 * Every change is one SQLite transaction in WAL mode with synchronous=FULL: a process killed at
 * any moment leaves either the old or the new configuration, complete. Nothing is written
 * anywhere but the database.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorOnOneLine } from '@glowkit/protocol';
import Database from 'better-sqlite3';
import type { Configuration } from '../config/configuration.js';
import { defaultConfiguration, defaultGroup } from '../config/defaults.js';
import { checkConfiguration } from './check.js';
import { DatabaseFile } from './database-file.js';
import { guard, isReadOnlyError, StoreError } from './errors.js';
import { migrateConfiguration, type SettingMigration } from './migrate.js';
import { PasswordStore, type ScryptCost } from './password.js';
import {
  configurationText,
  type GroupOverlay,
  overlayKey,
  readConfiguration,
  replaceGroup,
  writeConfiguration,
} from './rows.js';
import {
  hasSnapshot,
  listSnapshots,
  readSnapshot,
  type SnapshotInfo,
  takeSnapshot,
} from './snapshots.js';
import { configureConnection, type Db, ensureTables, isoNow } from './sql.js';
import { TokenStore } from './tokens.js';

export type { Configuration, StoredInstance } from '../config/configuration.js';
export { StoreError } from './errors.js';
export { migrationLine, type SettingMigration } from './migrate.js';
export { DEFAULT_SCRYPT_COST, PasswordStore, type ScryptCost } from './password.js';
export { MAX_SNAPSHOTS, type SnapshotInfo } from './snapshots.js';
export { type TokenInfo, TokenStore } from './tokens.js';

/** What {@link ConfigStore.restoreSnapshot} did. */
export interface SnapshotRestored {
  /** The snapshot of the configuration it replaced. */
  snapshot: number;
  /** The values of the snapshot brought into line with the schemas on the way. */
  migrations: SettingMigration[];
}

/** What {@link ConfigStore.setGroups} did. */
export interface GroupsSaved {
  /** The snapshot of the configuration before; undefined when no group changed (nothing written). */
  snapshot: number | undefined;
  /** The groups whose stored value changed, in the order given. */
  changed: string[];
  /** The stored configuration afterwards. */
  configuration: Configuration;
}

/** How {@link ConfigStore.open} opens a database. */
export interface OpenOptions {
  /**
   * Whether a missing database (and its directory) is created; default true. Read-only commands
   * pass false, so that they never leave a data directory behind.
   */
  create?: boolean;
  /**
   * Told, once each, of the problems the store meets while it is open: its file deleted or
   * replaced (every write is refused then), a token's use it could not record. A server logs
   * them.
   */
  onProblem?: (problem: string) => void;
  /** The scrypt cost of new admin password hashes (tests pass a low one). */
  scryptCost?: ScryptCost | undefined;
}

// The database holds token hashes and the TLS key pass phrase: only its owner may read it. SQLite
// gives the -wal and -shm files the mode of the database file.
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Creates an empty (hence new) database file readable by its owner only, unless one exists. */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR });
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A warning when others may read or write the database file; it is left as it is. */
function permissionWarning(path: string): string | undefined {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  return `the configuration database ${path} has mode ${mode.toString(8).padStart(4, '0')}: others may read it, and it holds token hashes and the TLS key pass phrase; make it private with: chmod 600 ${path}`;
}

/**
 * Brings the stored configuration into line with the schemas (see migrate.ts), inside the open
 * transaction: changed groups are written back; a database SQLite may only read keeps them in
 * memory instead (an overlay of the rows), so that it reads as migrated all the same.
 */
function migrateStored(db: Db): { migrations: SettingMigration[]; overlay?: GroupOverlay } {
  const { migrations, rows } = migrateConfiguration(readConfiguration(db));
  if (rows.length === 0) return { migrations };
  try {
    const now = isoNow();
    db.transaction(() => {
      for (const row of rows) replaceGroup(db, row.group, row.value, row.instance, now);
    })();
    return { migrations };
  } catch (error) {
    if (!isReadOnlyError(error)) throw error;
    const overlay = new Map(
      rows.map((row) => [overlayKey(row.group, row.instance), JSON.stringify(row.value)]),
    );
    return { migrations, overlay };
  }
}

/** A configuration database. */
export class ConfigStore {
  /** Absolute path of the database file. */
  readonly file: string;
  /** The API tokens kept in this database. */
  readonly tokens: TokenStore;
  /** The admin password kept in this database (hashed). */
  readonly password: PasswordStore;
  /** What the caller should log: e.g. that the file is readable by others. */
  readonly warnings: readonly string[];
  /**
   * The stored values the open brought into line with the schemas, one log line each
   * ({@link migrationLine}); empty when everything stored was valid (as after any open but the
   * first of an older database).
   */
  readonly migrations: readonly SettingMigration[];
  readonly #db: Db;
  readonly #file: DatabaseFile;
  /** The migrated groups of a database SQLite may only read: read in place of their rows. */
  readonly #overlay: GroupOverlay | undefined;

  private constructor(
    file: DatabaseFile,
    db: Db,
    opened: { warnings: readonly string[]; migrations: SettingMigration[]; overlay?: GroupOverlay },
    onProblem: ((problem: string) => void) | undefined,
    scryptCost?: ScryptCost,
  ) {
    this.file = file.path;
    this.#file = file;
    this.#db = db;
    this.tokens = new TokenStore(db, file, onProblem);
    this.password = new PasswordStore(db, file, scryptCost);
    this.warnings = opened.warnings;
    this.migrations = opened.migrations;
    this.#overlay = opened.overlay;
  }

  /**
   * Opens the database at `file`. A missing file (and its directory) is created, readable by its
   * owner only, with the tables, a random UUID and `defaultConfiguration()`; with
   * `{ create: false }` a missing file is a StoreError instead. An existing Glowkit or Hyperion.ng
   * database is opened as it is: only missing tables and columns are added, and its permissions
   * are left alone (looser ones are reported in `warnings`). Its settings are brought into line
   * with the groups' schemas in the same transaction, each change in `migrations` (a valid
   * database is left as it is). Throws a StoreError when the file cannot be opened or is not a
   * SQLite database. A file SQLite may only read opens read-only: its migrated settings are kept
   * in memory, and every write is refused with a StoreError saying so.
   */
  static open(file: string, options: OpenOptions = {}): ConfigStore {
    const path = resolve(file);
    if (options.create === false && !existsSync(path)) {
      throw new StoreError(`there is no configuration database at ${path}`);
    }
    let db: Db | undefined;
    try {
      createPrivateFile(path);
      const warning = permissionWarning(path);
      db = new Database(path, { fileMustExist: true });
      configureConnection(db);
      const opened = db;
      const migrated = opened
        .transaction((): ReturnType<typeof migrateStored> => {
          if (!ensureTables(opened)) return migrateStored(opened);
          const now = isoNow();
          opened
            .prepare('INSERT INTO meta (uuid, created_at) VALUES (?, ?)')
            .run(randomUUID(), now);
          writeConfiguration(opened, defaultConfiguration(), now);
          return { migrations: [] };
        })
        .immediate();
      return new ConfigStore(
        new DatabaseFile(path, options.onProblem),
        opened,
        { warnings: warning === undefined ? [] : [warning], ...migrated },
        options.onProblem,
        options.scryptCost,
      );
    } catch (error) {
      db?.close();
      throw new StoreError(
        `cannot open the configuration database ${path}: ${errorOnOneLine(error)}`,
        { cause: error },
      );
    }
  }

  /**
   * The stored configuration: one key per stored global group, the instances in the order they
   * were created with their groups, `instanceIds` in the same order, and the database's UUID.
   */
  read(): Configuration {
    return guard('could not read the configuration', () =>
      this.#db.transaction(() => readConfiguration(this.#db, this.#overlay))(),
    );
  }

  /** {@link ConfigStore.read} as compact JSON text, built without parsing the stored groups. */
  readText(): string {
    return guard('could not read the configuration', () =>
      this.#db.transaction(() => configurationText(this.#db, this.#overlay))(),
    );
  }

  /** Whether an instance `id` is stored (as {@link ConfigStore.read} would list it). */
  hasInstance(id: number): boolean {
    return guard(
      `could not look up instance ${id}`,
      () =>
        this.#db.prepare('SELECT 1 FROM instances WHERE instance = ? LIMIT 1').get(id) !==
        undefined,
    );
  }

  /**
   * Replaces the whole configuration in one transaction: the current one is kept as a snapshot
   * (`reason` says why it was replaced), then every settings and instance row is replaced by
   * `config`'s, instances in array order with their ids. `instanceIds` and `global.uuid` are
   * ignored; tokens and the UUID are not touched. Group values that are null or undefined are
   * left out. A configuration restore would refuse (see check.ts) is refused, so that what is
   * stored always exports as a backup that restores. On any error nothing changes and a
   * StoreError is thrown.
   */
  replace(config: Configuration, reason: string): { snapshot: number } {
    return this.#guard('could not replace the configuration', () => {
      checkConfiguration(config);
      if (typeof reason !== 'string') throw new StoreError('the reason must be a string');
      return this.#db
        .transaction(() => {
          this.#file.assertWritable();
          const now = isoNow();
          const snapshot = takeSnapshot(
            this.#db,
            configurationText(this.#db, this.#overlay),
            reason,
            now,
          );
          this.#db.prepare('DELETE FROM settings').run();
          this.#db.prepare('DELETE FROM instances').run();
          writeConfiguration(this.#db, config, now);
          return { snapshot };
        })
        .immediate();
    });
  }

  /**
   * Saves some groups of one level in one transaction (`config setconfig`): global groups when
   * `instance` is undefined, else groups of that instance. Each group replaces the stored one
   * whole; null resets it to its default. Groups whose value is what is stored already are left
   * alone, and when none changes nothing is written and no snapshot is taken. Otherwise the
   * current configuration is kept as a snapshot (`reason` says why it was replaced) and only the
   * changed groups' rows are rewritten. A result restore would refuse (see check.ts) is refused.
   * On any error nothing changes and a StoreError is thrown (also when there is no such instance).
   */
  setGroups(
    instance: number | undefined,
    groups: Readonly<Record<string, unknown>>,
    reason: string,
  ): GroupsSaved {
    const owner = instance === undefined ? 'the global settings' : `instance ${instance}`;
    return this.#guard(`could not save the groups of ${owner}`, () =>
      this.#db
        .transaction((): GroupsSaved => {
          // Refused even when nothing changed: a client is never told its settings are stored
          // while nothing could be.
          this.#file.assertWritable();
          const configuration = readConfiguration(this.#db, this.#overlay);
          // Groups are replaced here by name, whatever their type: a record of groups.
          const settings = (
            instance === undefined
              ? configuration.global.settings
              : configuration.instances.find((i) => i.id === instance)?.settings
          ) as Record<string, unknown> | undefined;
          if (settings === undefined) throw new StoreError(`there is no instance ${instance}`);
          const changed: string[] = [];
          for (const [group, given] of Object.entries(groups)) {
            const value = given === null ? defaultGroup(group) : given;
            // Compared as stored: compact JSON (so the same value in another key order counts
            // as a change, and is written again).
            if (JSON.stringify(settings[group]) === JSON.stringify(value)) continue;
            Object.defineProperty(settings, group, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
            changed.push(group);
          }
          if (changed.length === 0) return { snapshot: undefined, changed, configuration };
          checkConfiguration(configuration);
          const now = isoNow();
          const snapshot = takeSnapshot(
            this.#db,
            configurationText(this.#db, this.#overlay),
            reason,
            now,
          );
          for (const group of changed) {
            replaceGroup(this.#db, group, settings[group], instance, now);
          }
          return { snapshot, changed, configuration };
        })
        .immediate(),
    );
  }

  /**
   * Records whether an instance runs when the service starts (`startInstance`/`stopInstance`,
   * as Hyperion.ng sets `enabled`). Not a configuration change: no snapshot is taken. Returns
   * false when there is no such instance.
   */
  setInstanceEnabled(id: number, enabled: boolean): boolean {
    return this.#guard(`could not update instance ${id}`, () => {
      this.#file.assertWritable();
      const result = this.#db
        .prepare('UPDATE instances SET enabled = ?, last_use = ? WHERE instance = ?')
        .run(enabled ? 1 : 0, isoNow(), id);
      return result.changes > 0;
    });
  }

  /** The kept snapshots, newest first. */
  snapshots(): SnapshotInfo[] {
    return guard('could not list the snapshots', () => listSnapshots(this.#db));
  }

  /** The configuration kept in snapshot `id`, or undefined when there is no such snapshot. */
  snapshot(id: number): Configuration | undefined {
    return guard(`could not read snapshot ${id}`, () => readSnapshot(this.#db, id));
  }

  /** Whether there is a snapshot `id` (its configuration is not read). */
  hasSnapshot(id: number): boolean {
    return guard(`could not look up snapshot ${id}`, () => hasSnapshot(this.#db, id));
  }

  /**
   * Undoes a replace: makes snapshot `id`'s configuration the current one. The current one becomes
   * a snapshot too, so this can be undone as well. A snapshot taken before the groups had schemas
   * may hold values they refuse: those are brought into line on the way, as at open, and listed
   * in `migrations`. Throws a StoreError for an unknown id.
   */
  restoreSnapshot(id: number): SnapshotRestored {
    const config = this.snapshot(id);
    if (config === undefined) throw new StoreError(`there is no snapshot ${id}`);
    const { migrations } = this.#guard(`could not restore snapshot ${id}`, () =>
      migrateConfiguration(config),
    );
    return { ...this.replace(config, `undo to snapshot ${id}`), migrations };
  }

  /**
   * Why nothing may be written now (the file was deleted or replaced since it was opened), in one
   * line, or undefined; a new problem is told to `onProblem` too. Cheap (one `stat`): a server
   * asks now and then, so that the log says it before a write is refused.
   */
  fileProblem(): string | undefined {
    return this.#file.problem();
  }

  /** {@link guard} naming this store's file in what to do. */
  #guard<T>(what: string, fn: () => T): T {
    return guard(what, fn, this.file);
  }

  /** Closes the database. The store cannot be used afterwards. */
  close(): void {
    this.#db.close();
  }
}
