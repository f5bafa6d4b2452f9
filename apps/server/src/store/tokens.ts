/**
 * API tokens in Hyperion.ng's `auth` table: rows with `user` NULL, `token` the hex SHA-512 of the
 * token (stored, like Hyperion.ng does, as a BLOB of the hex digits), `id` a short public name,
 * `comment` what it is for. The plain token is shown once, at creation, and never stored.
 * Whether a token may use admin commands is kept in `glowkit_token_roles`; tokens without a row
 * there (those Hyperion.ng created) are admin tokens, as they are in Hyperion.ng.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { DatabaseFile } from './database-file.js';
import { guard, reasonOf, StoreError } from './errors.js';
import { type Db, isoNow } from './sql.js';

/** How fresh `last_use` is kept: it is written at most this often per token. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** A token's public description. */
export interface TokenInfo {
  /** Short public name of the token (5 hex digits), used to revoke it. */
  id: string;
  /** What the token is for, as given at creation. */
  comment: string;
  /** Whether the token may use admin commands (restore, token management …). */
  admin: boolean;
  /** When it was created (ISO-8601 UTC). */
  createdAt: string;
  /** When it was last verified (ISO-8601 UTC), or null if never. */
  lastUse: string | null;
}

/** Random bytes in a token: 256 bits, far beyond guessing. */
const TOKEN_BYTES = 32;
/** Length of a token id, as in Hyperion.ng. */
const ID_LENGTH = 5;
/** Length of a hex SHA-512. */
const HASH_LENGTH = 128;

/** The stored form of a token: its hex SHA-512, as the bytes of the hex digits. */
function hashToken(token: string): Buffer {
  return Buffer.from(createHash('sha512').update(token, 'utf8').digest('hex'), 'latin1');
}

function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, 'latin1');
  return Buffer.alloc(0);
}

interface TokenRow {
  rowid: number;
  id: string | null;
  comment: string | null;
  created_at: string | null;
  last_use: string | null;
  admin: number | null;
  token?: unknown;
}

function toInfo(row: TokenRow): TokenInfo {
  return {
    id: String(row.id ?? ''),
    comment: String(row.comment ?? ''),
    admin: row.admin === null ? true : Number(row.admin) !== 0,
    createdAt: String(row.created_at ?? ''),
    // Hyperion.ng may leave an empty string for "never used".
    lastUse: row.last_use === null || row.last_use === '' ? null : String(row.last_use),
  };
}

const SELECT_TOKENS = `SELECT a.rowid AS rowid, a.id, a.comment, a.created_at, a.last_use, a.token, r.admin
  FROM auth a LEFT JOIN glowkit_token_roles r ON r.id = a.id
  WHERE a.user IS NULL AND a.token IS NOT NULL`;

/** The API tokens of a store. */
export class TokenStore {
  readonly #db: Db;
  readonly #file: DatabaseFile;
  readonly #report: (problem: string) => void;
  /** Whether a use that could not be recorded was reported (once is enough). */
  #useNotRecorded = false;
  // Statements run on every request, prepared once.
  readonly #selectTokens: Statement<[], TokenRow>;
  readonly #updateLastUse: Statement<[string, number]>;
  readonly #hasToken: Statement<[string], unknown>;

  /**
   * @param db - the store's connection.
   * @param file - the database file: no token is created or revoked once it is gone.
   * @param report - told (once) that a token's use could not be recorded.
   */
  constructor(db: Db, file: DatabaseFile, report: (problem: string) => void = () => {}) {
    this.#db = db;
    this.#file = file;
    this.#report = report;
    this.#selectTokens = db.prepare<[], TokenRow>(SELECT_TOKENS);
    this.#updateLastUse = db.prepare<[string, number]>(
      'UPDATE auth SET last_use = ? WHERE rowid = ?',
    );
    // The rows list() reads, matched by the id list() shows (an id of NULL shows as '').
    this.#hasToken = db.prepare<[string], unknown>(
      "SELECT 1 FROM auth WHERE coalesce(id, '') = ? AND user IS NULL AND token IS NOT NULL LIMIT 1",
    );
  }

  /**
   * Creates a token: 32 random bytes, base64url. Returns it with its description; the token itself
   * cannot be read again later.
   */
  create(comment: string, admin = true): { info: TokenInfo; token: string } {
    if (typeof comment !== 'string') throw new StoreError('a token comment must be a string');
    return guard(
      'could not create a token',
      () =>
        this.#db
          .transaction(() => {
            this.#file.assertWritable();
            const token = randomBytes(TOKEN_BYTES).toString('base64url');
            const id = this.#newId();
            const createdAt = isoNow();
            this.#db
              .prepare(
                'INSERT INTO auth (user, token, comment, id, created_at, last_use) VALUES (NULL, ?, ?, ?, ?, NULL)',
              )
              .run(hashToken(token), comment, id, createdAt);
            this.#db
              .prepare('INSERT OR REPLACE INTO glowkit_token_roles (id, admin) VALUES (?, ?)')
              .run(id, admin ? 1 : 0);
            return { info: { id, comment, admin, createdAt, lastUse: null }, token };
          })
          .immediate(),
      this.#file.path,
    );
  }

  /** The tokens, oldest first. */
  list(): TokenInfo[] {
    return guard('could not list the tokens', () =>
      (this.#db.prepare(`${SELECT_TOKENS} ORDER BY a.rowid`).all() as TokenRow[]).map(toInfo),
    );
  }

  /** Whether there is a token with id `id`: one that {@link TokenStore.list} shows. */
  has(id: string): boolean {
    return guard('could not look up the token', () => this.#hasToken.get(id) !== undefined);
  }

  /** Number of tokens. */
  count(): number {
    return guard('could not count the tokens', () => {
      const row = this.#db
        .prepare('SELECT count(*) AS n FROM auth WHERE user IS NULL AND token IS NOT NULL')
        .get() as { n: number };
      return Number(row.n);
    });
  }

  /** Deletes token `id`. Returns false when there is no such token. */
  revoke(id: string): boolean {
    return guard(
      'could not revoke the token',
      () =>
        this.#db
          .transaction(() => {
            this.#file.assertWritable();
            const { changes } = this.#db
              .prepare('DELETE FROM auth WHERE id = ? AND user IS NULL AND token IS NOT NULL')
              .run(id);
            this.#db.prepare('DELETE FROM glowkit_token_roles WHERE id = ?').run(id);
            return changes > 0;
          })
          .immediate(),
      this.#file.path,
    );
  }

  /**
   * The token's description when `token` is a stored token, else undefined; records the use.
   * The hash of `token` is compared with every stored hash in constant time, and the loop never
   * stops early, so the time taken does not tell which row (if any) matched.
   */
  verify(token: string): TokenInfo | undefined {
    if (typeof token !== 'string') return undefined;
    return guard('could not verify the token', () => {
      const candidate = hashToken(token);
      const filler = Buffer.alloc(HASH_LENGTH);
      let match: TokenRow | undefined;
      for (const row of this.#selectTokens.all()) {
        const stored = asBuffer(row.token);
        // A stored value of another length is compared against filler (never equal) instead,
        // so every row costs the same.
        const same = timingSafeEqual(stored.length === HASH_LENGTH ? stored : filler, candidate);
        if (same && match === undefined) match = row;
      }
      if (match === undefined) return undefined;
      // last_use is written at most once a minute per token: a write (and its fsync) on every
      // request would bound how many requests the server answers.
      const previous = match.last_use ? Date.parse(String(match.last_use)) : Number.NaN;
      if (!(Date.now() - previous < LAST_USE_RESOLUTION_MS)) {
        const lastUse = isoNow();
        if (this.#recordUse(match, lastUse)) return toInfo({ ...match, last_use: lastUse });
      }
      return toInfo(match);
    });
  }

  /**
   * Writes a token's `last_use`; returns false when it cannot be written (the database file gone
   * or read-only). That never fails the authentication: the use is only a record.
   */
  #recordUse(row: TokenRow, lastUse: string): boolean {
    // The file's own problem is reported by the file (once).
    if (this.#file.problem() !== undefined) return false;
    try {
      this.#updateLastUse.run(lastUse, row.rowid);
      return true;
    } catch (error) {
      if (!this.#useNotRecorded) {
        this.#useNotRecorded = true;
        this.#report(
          `could not record when token ${String(row.id ?? '')} was last used: ${reasonOf(error, this.#file.path)}; signing in goes on`,
        );
      }
      return false;
    }
  }

  /** A token id not used by any row of `auth`. */
  #newId(): string {
    const taken = this.#db.prepare('SELECT 1 FROM auth WHERE id = ?');
    for (let attempt = 0; attempt < 100; attempt++) {
      const id = randomBytes(4).toString('hex').slice(0, ID_LENGTH);
      if (taken.get(id) === undefined) return id;
    }
    throw new StoreError('no free token id was found');
  }
}
