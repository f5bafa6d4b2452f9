/**
 * The admin password in `glowkit_password`: one row at most, holding an scrypt hash of the
 * password with its own random salt and the scrypt parameters it was made with (so that a later
 * Glowkit can raise the cost and still check older hashes). The password itself is never stored,
 * logged or exported: the configuration (`getconfig`, backups, snapshots) never reads this table.
 *
 * Hyperion.ng keeps a salted SHA-512 of its password in the user row of `auth`; a fast hash is
 * cheap to guess offline, so Glowkit keeps its own table and leaves Hyperion.ng's row alone.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { DatabaseFile } from './database-file.js';
import { guard, StoreError } from './errors.js';
import { type Db, isoNow, tableExists } from './sql.js';

/** The cost of the scrypt hash: N (a power of 2), r and p, and the key length in bytes. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/**
 * The cost a new password is hashed with: 2^15 × 8 × 128 bytes = 32 MiB and some 100 ms on a
 * small ARM board, OWASP's recommendation for scrypt. Tests pass a lower one.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

/** Random bytes of a salt. */
const SALT_BYTES = 16;

interface PasswordRow {
  algorithm: string;
  cost: number;
  block_size: number;
  parallelization: number;
  salt: Buffer;
  hash: Buffer;
}

/** scrypt as a promise: the hash runs on libuv's pool, not on the event loop. */
function hashOf(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const { N, r, p, keyLength } = cost;
  return new Promise((resolve, reject) => {
    // maxmem above the 128·N·r bytes the hash needs (Node's default is exactly 32 MiB).
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { N, r, p, maxmem: 256 * N * r },
      (e, key) => (e ? reject(e) : resolve(key)),
    );
  });
}

/** The admin password of a store. */
export class PasswordStore {
  readonly #db: Db;
  readonly #file: DatabaseFile;
  readonly #cost: ScryptCost;
  /**
   * Whether the table exists: a database of an earlier Glowkit that SQLite may only read has
   * none (it cannot be added): no password then, and none can be stored.
   */
  readonly #table: boolean;

  /**
   * @param db - the store's connection.
   * @param file - the database file: nothing is written once it is gone.
   * @param cost - the scrypt cost of new hashes (default {@link DEFAULT_SCRYPT_COST}).
   */
  constructor(db: Db, file: DatabaseFile, cost: ScryptCost = DEFAULT_SCRYPT_COST) {
    this.#db = db;
    this.#file = file;
    this.#cost = cost;
    this.#table = tableExists(db, 'glowkit_password');
  }

  /** Whether an admin password exists. */
  exists(): boolean {
    return guard('could not look up the admin password', () => this.#row() !== undefined);
  }

  /**
   * Whether `password` is the admin password (false when there is none). The hashes are compared
   * in constant time.
   */
  async verify(password: string): Promise<boolean> {
    const row = guard('could not look up the admin password', () => this.#row());
    if (row === undefined || row.algorithm !== 'scrypt') return false;
    const cost = {
      N: row.cost,
      r: row.block_size,
      p: row.parallelization,
      keyLength: row.hash.length,
    };
    const candidate = await hashOf(password, row.salt, cost);
    return candidate.length === row.hash.length && timingSafeEqual(candidate, row.hash);
  }

  /**
   * Sets the admin password when none exists yet. Returns false, and changes nothing, when one
   * exists (by the time the hash is made, another claim may have won: exactly one does).
   */
  async create(password: string): Promise<boolean> {
    const fields = await this.#fields(password);
    return this.#write('could not store the admin password', () => {
      const { changes } = this.#db
        .prepare(
          `INSERT INTO glowkit_password
             (id, algorithm, cost, block_size, parallelization, salt, hash, created_at, updated_at)
           VALUES (1, 'scrypt', @cost, @block_size, @parallelization, @salt, @hash, @now, @now)
           ON CONFLICT (id) DO NOTHING`,
        )
        .run(fields);
      return changes === 1;
    });
  }

  /**
   * Replaces the admin password with `next` when `current` is it. Returns false, and changes
   * nothing, when it is not (or when the password changed meanwhile).
   */
  async change(current: string, next: string): Promise<boolean> {
    const before = guard('could not look up the admin password', () => this.#row());
    if (before === undefined || !(await this.verify(current))) return false;
    const fields = await this.#fields(next);
    return this.#write('could not change the admin password', () => {
      // Only the hash that was checked is replaced: a change in between wins, this one does not.
      const { changes } = this.#db
        .prepare(
          `UPDATE glowkit_password SET algorithm = 'scrypt', cost = @cost, block_size = @block_size,
             parallelization = @parallelization, salt = @salt, hash = @hash, updated_at = @now
           WHERE id = 1 AND hash = @old`,
        )
        .run({ ...fields, old: before.hash });
      return changes === 1;
    });
  }

  /** Sets the admin password, whether or not one exists (`glowkit password set`). */
  async set(password: string): Promise<void> {
    const fields = await this.#fields(password);
    this.#write('could not store the admin password', () => {
      this.#db
        .prepare(
          `INSERT INTO glowkit_password
             (id, algorithm, cost, block_size, parallelization, salt, hash, created_at, updated_at)
           VALUES (1, 'scrypt', @cost, @block_size, @parallelization, @salt, @hash, @now, @now)
           ON CONFLICT (id) DO UPDATE SET algorithm = 'scrypt', cost = @cost,
             block_size = @block_size, parallelization = @parallelization, salt = @salt,
             hash = @hash, updated_at = @now`,
        )
        .run(fields);
    });
  }

  /** Removes the admin password (`glowkit password reset`). Returns false when there was none. */
  reset(): boolean {
    return this.#write(
      'could not remove the admin password',
      () => this.#db.prepare('DELETE FROM glowkit_password').run().changes > 0,
    );
  }

  #row(): PasswordRow | undefined {
    if (!this.#table) return undefined;
    return this.#db
      .prepare(
        'SELECT algorithm, cost, block_size, parallelization, salt, hash FROM glowkit_password WHERE id = 1',
      )
      .get() as PasswordRow | undefined;
  }

  async #fields(password: string) {
    const salt = randomBytes(SALT_BYTES);
    const hash = await hashOf(password, salt, this.#cost);
    return {
      cost: this.#cost.N,
      block_size: this.#cost.r,
      parallelization: this.#cost.p,
      salt,
      hash,
      now: isoNow(),
    };
  }

  #write<T>(what: string, write: () => T): T {
    return guard(
      what,
      () =>
        this.#db
          .transaction(() => {
            this.#file.assertWritable();
            if (!this.#table) {
              throw new StoreError(
                `the database is read-only: let the server's user write ${this.#file.path} and its folder, then restart the server`,
              );
            }
            return write();
          })
          .immediate(),
      this.#file.path,
    );
  }
}
