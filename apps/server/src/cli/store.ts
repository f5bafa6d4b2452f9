/** Opening a data directory's store for a command, and saying what went wrong in one line. */
import { dirname, resolve } from 'node:path';
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

/** A file that could not be read or written, in one line: which, and what to do. */
export function fileProblem(error: unknown, path: string, doing: 'read' | 'write'): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = resolve(path);
  const text =
    code === 'ENOENT' && doing === 'read'
      ? `${where}: no such file`
      : code === 'ENOENT'
        ? `cannot write ${where}: there is no directory ${dirname(where)}; create it first`
        : code === 'EISDIR'
          ? `${where} is a directory; name a file`
          : code === 'ENOTDIR'
            ? `cannot ${doing} ${where}: a part of the path is not a directory`
            : code === 'EACCES' || code === 'EPERM'
              ? `cannot ${doing} ${where}: permission denied`
              : `cannot ${doing} ${where}: ${error instanceof Error ? error.message : String(error)}`;
  return new Error(text);
}
