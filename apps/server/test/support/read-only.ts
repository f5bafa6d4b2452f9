/**
 * Read-only databases for tests: the file mode 0444 and, as root (for whom file modes do not stop
 * writes), immutable (`chattr +i`), which some filesystems (tmpfs, overlayfs) cannot do; the
 * first candidate folder whose filesystem can is used.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseFile } from '../../src/data-dir.js';

const CANDIDATES = [tmpdir(), '/var/tmp', dirname(dirname(fileURLToPath(import.meta.url)))];

/** What the read-only data directories of a test left behind, for {@link removeReadOnly}. */
export interface ReadOnlyDirs {
  /** Data directories made. */
  dirs: string[];
  /** Files made immutable. */
  immutable: string[];
}

/**
 * A fresh data directory whose database (made by `prepare`) this process cannot write; what it
 * made is recorded in `made`. Throws when no candidate folder allows it.
 */
export function readOnlyDataDir(prepare: (file: string) => void, made: ReadOnlyDirs): string {
  const tried: string[] = [];
  for (const parent of CANDIDATES) {
    const dataDir = mkdtempSync(join(parent, 'glowkit-read-only-'));
    made.dirs.push(dataDir);
    const file = databaseFile(dataDir);
    prepare(file);
    chmodSync(file, 0o444);
    if (process.getuid?.() === 0) {
      try {
        execFileSync('chattr', ['+i', file], { stdio: 'pipe' });
      } catch (error) {
        tried.push(`${parent}: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`);
        continue;
      }
      made.immutable.push(file);
    }
    // The test means nothing if the file can still be opened for writing.
    try {
      closeSync(openSync(file, 'r+'));
    } catch {
      return dataDir;
    }
    tried.push(`${parent}: still writable`);
  }
  throw new Error(`no folder lets this test make a read-only database: ${tried.join('; ')}`);
}

/** Makes the immutable files mutable again (before anything removes their directory). */
export function makeMutable(made: ReadOnlyDirs): void {
  for (const file of made.immutable.splice(0)) execFileSync('chattr', ['-i', file]);
}

/** Makes the files mutable again and removes the directories. */
export function removeReadOnly(made: ReadOnlyDirs): void {
  makeMutable(made);
  for (const dir of made.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
