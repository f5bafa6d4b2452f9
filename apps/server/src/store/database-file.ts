/**
 * Whether the path of an open database still names the file that was opened. SQLite keeps
 * writing to an open file after it was deleted or replaced (in WAL mode it does not notice), so
 * every change would be answered as saved and be gone at the next start: the store checks this
 * before each write and refuses instead.
 */
import { statSync } from 'node:fs';
import { StoreError } from './errors.js';

/** The file a store opened: its path, and its identity then (device and inode). */
export class DatabaseFile {
  /** Absolute path of the database file. */
  readonly path: string;
  readonly #dev: number;
  readonly #ino: number;
  readonly #report: (problem: string) => void;
  /** The problem last reported, so that each is reported once, not at every check. */
  #reported: string | undefined;

  /**
   * @param path - the database file's absolute path, just opened.
   * @param report - told of a problem the first time a check finds it (to log it).
   */
  constructor(path: string, report: (problem: string) => void = () => {}) {
    const { dev, ino } = statSync(path);
    this.path = path;
    this.#dev = dev;
    this.#ino = ino;
    this.#report = report;
  }

  /**
   * Why nothing may be written now, in one line (what happened, that nothing was saved, what to
   * do), or undefined while the path still names the opened file. Reports a new problem once.
   */
  problem(): string | undefined {
    const problem = this.#check();
    if (problem !== undefined && problem !== this.#reported) this.#report(problem);
    this.#reported = problem;
    return problem;
  }

  /** Throws a StoreError saying why, when nothing may be written (see {@link problem}). */
  assertWritable(): void {
    const problem = this.problem();
    if (problem !== undefined) throw new StoreError(problem);
  }

  #check(): string | undefined {
    let found: { dev: number; ino: number };
    try {
      found = statSync(this.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        return `the database file ${this.path} was deleted while the server was running: nothing was saved; restart the server (after putting the file back, or to start from a new database)`;
      }
      return `the database file ${this.path} cannot be checked (${code ?? String(error)}) while the server is running: nothing was saved; make it reachable again, or restart the server`;
    }
    if (found.dev === this.#dev && found.ino === this.#ino) return undefined;
    return `the database file ${this.path} was replaced while the server was running: nothing was saved; restart the server to use the file now there`;
  }
}
