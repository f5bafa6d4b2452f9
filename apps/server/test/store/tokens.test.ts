import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/store/config-store.js';
import { must } from './fixtures.js';
import { useTempStores } from './temp.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

function authRows(file: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM auth ORDER BY rowid').all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('TokenStore', () => {
  const temp = useTempStores();

  it('creates a token shown once: 32 random bytes in base64url, a 5-character id', () => {
    const store = temp.open();
    const { info, token } = store.tokens.create('phone app');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(info).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{5}$/),
      comment: 'phone app',
      admin: true,
      createdAt: expect.stringMatching(ISO),
      lastUse: null,
    });
    expect(store.tokens.list()).toEqual([info]);
    expect(JSON.stringify(store.tokens.list())).not.toContain(token);
    expect(store.tokens.count()).toBe(1);
    expect(store.tokens.create('second').token).not.toBe(token);
  });

  it('stores only the hex SHA-512 of the token, in a Hyperion.ng auth row', () => {
    const store = temp.open();
    const { info, token } = store.tokens.create('only the hash');
    const rows = authRows(store.file);
    expect(rows).toEqual([
      {
        user: null,
        password: null,
        token: Buffer.from(sha512(token), 'latin1'),
        salt: null,
        comment: 'only the hash',
        id: info.id,
        created_at: info.createdAt,
        last_use: null,
      },
    ]);
    store.close();
    // Closing checkpoints the WAL into the file; look at every byte SQLite left behind.
    const files = [store.file, `${store.file}-wal`, `${store.file}-shm`].filter(existsSync);
    const bytes = Buffer.concat(files.map((f) => readFileSync(f)));
    expect(bytes.includes(Buffer.from(sha512(token)))).toBe(true);
    expect(bytes.includes(Buffer.from(token))).toBe(false);
    expect(bytes.includes(Buffer.from(token, 'base64url'))).toBe(false);
  });

  it('verifies a token, records its use, and rejects anything else', () => {
    const store = temp.open();
    const phone = store.tokens.create('phone');
    const tv = store.tokens.create('tv', false);
    const verified = store.tokens.verify(tv.token);
    expect(verified).toEqual({ ...tv.info, lastUse: expect.stringMatching(ISO) });
    expect(store.tokens.list()).toEqual([phone.info, verified]);
    expect(store.tokens.verify(phone.token)?.id).toBe(phone.info.id);

    const flipped = `${phone.token.slice(0, -1)}${phone.token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      flipped,
      '',
      `${phone.token} `,
      phone.token.slice(1),
      sha512(phone.token),
    ]) {
      expect(store.tokens.verify(wrong)).toBeUndefined();
    }
    expect(store.tokens.verify(undefined as unknown as string)).toBeUndefined();
  });

  it('records the first use, then at most once a minute (no write on every request)', async () => {
    const store = temp.open();
    const { token } = store.tokens.create('clock');
    expect(store.tokens.list()[0]?.lastUse).toBeNull();
    const first = store.tokens.verify(token)?.lastUse;
    expect(first).toMatch(ISO);
    expect(authRows(store.file)[0]?.last_use).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.tokens.verify(token)?.lastUse).toBe(first);
    expect(authRows(store.file)[0]?.last_use).toBe(first);
  });

  it('keeps the admin flag', () => {
    const store = temp.open();
    const admin = store.tokens.create('admin');
    const viewer = store.tokens.create('viewer', false);
    expect(store.tokens.list().map((t) => [t.comment, t.admin])).toEqual([
      ['admin', true],
      ['viewer', false],
    ]);
    expect(store.tokens.verify(viewer.token)?.admin).toBe(false);
    expect(store.tokens.verify(admin.token)?.admin).toBe(true);
  });

  it('revokes a token by id', () => {
    const store = temp.open();
    const keep = store.tokens.create('keep');
    const drop = store.tokens.create('drop', false);
    expect(store.tokens.revoke(drop.info.id)).toBe(true);
    expect(store.tokens.revoke(drop.info.id)).toBe(false);
    expect(store.tokens.revoke('nope!')).toBe(false);
    expect(store.tokens.verify(drop.token)).toBeUndefined();
    expect(store.tokens.verify(keep.token)).toBeDefined();
    expect(store.tokens.list().map((t) => t.id)).toEqual([keep.info.id]);
    expect(store.tokens.count()).toBe(1);
    const db = new Database(store.file, { readonly: true });
    expect(db.prepare('SELECT * FROM glowkit_token_roles').all()).toEqual([
      { id: keep.info.id, admin: 1 },
    ]);
    db.close();
  });

  it('gives every token its own id and finds the right one among many', () => {
    const store = temp.open();
    const made = Array.from({ length: 200 }, (_, i) => store.tokens.create(`token ${i}`));
    expect(new Set(made.map((m) => m.info.id)).size).toBe(200);
    expect(store.tokens.count()).toBe(200);
    for (const index of [0, 99, 199]) {
      expect(store.tokens.verify(must(made[index]).token)?.comment).toBe(`token ${index}`);
    }
  });

  it('survives reopening, and is seen by another connection', () => {
    const store = temp.open();
    const { info, token } = store.tokens.create('persistent');
    const other = temp.open(store.file);
    expect(other.tokens.verify(token)?.id).toBe(info.id);
    store.close();
    const again = ConfigStore.open(store.file);
    try {
      expect(again.tokens.list().map((t) => t.id)).toEqual([info.id]);
    } finally {
      again.close();
    }
  });

  it('ignores user rows and rows with a hash of another length', () => {
    const store = temp.open();
    const db = new Database(store.file);
    db.prepare(
      'INSERT INTO auth (user, password, token, salt, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run('Hyperion', Buffer.from('aa'), Buffer.from(sha512('session')), Buffer.from('bb'), 'now');
    db.prepare('INSERT INTO auth (token, comment, id, created_at) VALUES (?, ?, ?, ?)').run(
      Buffer.from('short'),
      'odd',
      'odd01',
      'then',
    );
    db.close();
    expect(store.tokens.verify('session')).toBeUndefined();
    expect(store.tokens.verify('short')).toBeUndefined();
    expect(store.tokens.list().map((t) => t.id)).toEqual(['odd01']);
  });
});
