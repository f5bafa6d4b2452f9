import { errorOnOneLine } from '@glowkit/protocol';

/** A store operation failed. The message is one line, meant for people. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * Why a store operation failed, for people: SQLite's own words, and what to do where SQLite
 * does not say it (a read-only database: the file, its folder, or the file system).
 */
export function reasonOf(error: unknown, file: string | undefined): string {
  const message = errorOnOneLine(error);
  if (isReadOnlyError(error)) {
    // SQLite opens a file it may not write read-only, and stays so: a restart is needed.
    return `the database is read-only (${message}): let the server's user write ${file ?? 'the database file'} and its folder, then restart the server`;
  }
  return message;
}

/** Whether SQLite refused to write because it opened the database read-only. */
export function isReadOnlyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_READONLY');
}

/**
 * Runs `fn`; turns anything it throws into a StoreError whose message starts with `what`.
 * `file`, the database's path, is named where the reason asks for something to be done to it.
 */
export function guard<T>(what: string, fn: () => T, file?: string): T {
  try {
    return fn();
  } catch (error) {
    throw new StoreError(`${what}: ${reasonOf(error, file)}`, { cause: error });
  }
}
