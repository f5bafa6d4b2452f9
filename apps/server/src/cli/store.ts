/** Opening a data directory's store for a command, and saying what went wrong in one line. */
import { databaseFile } from '../data-dir.js';
import { ConfigStore, migrationLine } from '../store/config-store.js';
import type { CommandIo } from './command.js';

/**
 * Opens the store of a data directory for a command that only reads it, or changes what must
 * already be there: a missing database is an error, never created (no data directory is left
 * behind by `token list` or `config export`).
 */
export function openExisting(dataDir: string, io: CommandIo): ConfigStore {
  const file = databaseFile(dataDir);
  try {
    return warned(ConfigStore.open(file, { create: false }), io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${message} (glowkit start creates it; or name another data directory with --data-dir)`,
    );
  }
}

/** Opens (or creates) the store of a data directory. */
export function openOrCreate(dataDir: string, io: CommandIo): ConfigStore {
  return warned(ConfigStore.open(databaseFile(dataDir)), io);
}

/**
 * Prints a store's warnings (e.g. a database others can read) and the settings its open brought
 * into range on standard error.
 */
function warned(store: ConfigStore, io: CommandIo): ConfigStore {
  for (const warning of store.warnings) io.stderr.write(`glowkit: warning: ${warning}\n`);
  for (const migration of store.migrations) {
    io.stderr.write(`glowkit: warning: ${migrationLine(migration)}\n`);
  }
  return store;
}
