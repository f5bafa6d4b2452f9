import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DENIED, TokenRequests } from '../src/auth/token-requests.js';
import { createLogger } from '../src/logger.js';
import type { Push, Session, SessionState } from '../src/rpc/session.js';
import { ConfigStore } from '../src/store/config-store.js';

// The pending token requests alone, with sessions that record their pushes; the flow between
// real WebSocket and TCP sessions is in token-requests.test.ts.

type Message = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TokenRequests (in memory)', () => {
  let dir: string;
  let store: ConfigStore;
  const logger = createLogger({ level: 'silent', pretty: false });

  const session = (address: string, admin: boolean): Session & { pushes: Push[] } => {
    const pushes: Push[] = [];
    const state: SessionState = {
      instance: undefined,
      subscriptions: new Set(),
      ledstream: false,
      push: (message) => pushes.push(message),
    };
    return {
      address,
      transport: 'ws',
      auth: admin
        ? {
            ok: true,
            token: { id: 'adm1n', comment: 'admin', admin: true, createdAt: '', lastUse: null },
          }
        : undefined,
      state,
      pushes,
    };
  };
  const requests = (options: Partial<ConstructorParameters<typeof TokenRequests>[0]> = {}) =>
    new TokenRequests({
      tokens: store.tokens,
      isAdmin: (s) => s.auth?.ok === true,
      logger,
      ...options,
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'glowkit-token-requests-'));
    store = ConfigStore.open(join(dir, 'glowkit.db'));
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells admin sessions only, and grants a non-admin token once', () => {
    const pending = requests();
    const admin = session('10.0.0.2', true);
    const other = session('10.0.0.3', false);
    const requester = session('10.0.0.4', false);
    pending.track(admin);
    pending.track(other);
    expect(pending.request(requester, { comment: 'Home Assistant', id: 'ab1C2', tan: 7 })).toEqual({
      ok: true,
    });
    expect(admin.pushes).toEqual([
      {
        command: 'authorize-tokenRequest',
        info: { comment: 'Home Assistant', id: 'ab1C2', timeout: 180_000 },
      },
    ]);
    expect(other.pushes).toEqual([]);
    expect(requester.pushes).toEqual([]);
    const [listed] = pending.pending();
    expect(listed).toMatchObject({ comment: 'Home Assistant', id: 'ab1C2', tan: 7 });
    expect(listed?.timeout).toBeGreaterThan(170_000);

    expect(pending.answer('ab1C2', true, 'adm1n')).toBe(true);
    expect(pending.answer('ab1C2', true, 'adm1n')).toBe(false);
    expect(requester.pushes).toHaveLength(1);
    const reply = requester.pushes[0] as Message;
    expect(reply).toMatchObject({ command: 'authorize-requestToken', success: true, tan: 7 });
    const info = reply.info as { comment: string; id: string; token: string };
    expect(info.comment).toBe('Home Assistant');
    expect(info.id).toBe('ab1C2');
    expect(store.tokens.verify(info.token)).toMatchObject({
      comment: 'Home Assistant',
      admin: false,
    });
    expect(pending.pending()).toEqual([]);
  });

  it('denies every request at once, telling each requester and the admin sessions only', () => {
    const pending = requests();
    const admin = session('10.0.0.2', true);
    const other = session('10.0.0.3', false);
    pending.track(admin);
    pending.track(other);
    const first = session('10.0.0.4', false);
    const second = session('10.0.0.5', false);
    pending.request(first, { comment: 'Kitchen tablet', id: 'kit01', tan: 1 });
    pending.request(second, { comment: 'Home Assistant', id: 'ha001', tan: 2 });
    admin.pushes.length = 0;

    expect(pending.denyAll('adm1n')).toEqual([
      { id: 'kit01', comment: 'Kitchen tablet' },
      { id: 'ha001', comment: 'Home Assistant' },
    ]);
    for (const [requester, tan] of [
      [first, 1],
      [second, 2],
    ] as const) {
      expect(requester.pushes).toEqual([
        {
          command: 'authorize-requestToken',
          error: DENIED,
          errorCode: 'token-request-denied-all',
          errorData: [{ description: 'an admin denied every pending request' }],
          success: false,
          tan,
        },
      ]);
    }
    expect(admin.pushes).toEqual([
      {
        command: 'authorize-event',
        data: { event: 'tokenRequestsDenied', ids: ['kit01', 'ha001'] },
      },
    ]);
    expect(other.pushes).toEqual([]);
    expect(pending.pending()).toEqual([]);
    // Nothing pending: nothing denied, nobody told.
    expect(pending.denyAll('adm1n')).toEqual([]);
    expect(admin.pushes).toHaveLength(1);
    expect(store.tokens.count()).toBe(0);
  });

  it('answers a denied, a cancelled and a timed-out request with the denial', async () => {
    const pending = requests({ timeoutMs: 40 });
    const requester = session('10.0.0.4', false);
    pending.request(requester, { comment: 'Home Assistant', id: 'deny1', tan: 1 });
    pending.request(requester, { comment: 'Home Assistant', id: 'canc1', tan: 2 });
    pending.request(requester, { comment: 'Home Assistant', id: 'late1', tan: 3 });
    expect(pending.answer('deny1', false, 'adm1n')).toBe(true);
    expect(pending.cancel(session('10.0.0.4', false), 'canc1')).toBe(false); // another session's
    expect(pending.cancel(requester, 'canc1')).toBe(true);
    await sleep(120);
    expect(requester.pushes).toEqual([
      expect.objectContaining({
        command: 'authorize-requestToken',
        error: DENIED,
        errorCode: 'token-request-denied',
        success: false,
        tan: 1,
      }),
      expect.objectContaining({
        command: 'authorize-requestToken',
        error: DENIED,
        errorCode: 'token-request-cancelled',
        success: false,
        tan: 2,
      }),
      expect.objectContaining({
        command: 'authorize-requestToken',
        error: DENIED,
        errorCode: 'token-request-timeout',
        success: false,
        tan: 3,
      }),
    ]);
    expect(pending.pending()).toEqual([]);
    expect(store.tokens.count()).toBe(0);
  });

  it('tells admin sessions when a request is no longer pending, whatever ended it', async () => {
    const pending = requests({ timeoutMs: 200 });
    const admin = session('10.0.0.2', true);
    const other = session('10.0.0.3', false);
    pending.track(admin);
    pending.track(other);
    const requester = session('10.0.0.4', false);
    const leaving = session('10.0.0.5', false);
    for (const [id, tan] of [
      ['gran1', 1],
      ['deny1', 2],
      ['canc1', 3],
      ['late1', 4],
    ] as const) {
      pending.request(requester, { comment: 'Home Assistant', id, tan });
    }
    pending.request(leaving, { comment: 'Kitchen tablet', id: 'gone1', tan: 1 });
    admin.pushes.length = 0;
    const ended = (id: string) => ({
      command: 'authorize-event',
      data: { event: 'tokenRequestEnded', id },
    });

    pending.answer('gran1', true, 'adm1n');
    pending.answer('deny1', false, 'adm1n');
    pending.cancel(requester, 'canc1');
    pending.sessionClosed(leaving.state as SessionState);
    expect(admin.pushes).toEqual([ended('gran1'), ended('deny1'), ended('canc1'), ended('gone1')]);
    // The last one times out: its end is told too (waited for by count, not by the clock).
    for (let i = 0; i < 500 && admin.pushes.length < 5; i++) await sleep(20);
    expect(admin.pushes.at(-1)).toEqual(ended('late1'));
    expect(admin.pushes).toHaveLength(5);
    expect(other.pushes).toEqual([]);
    expect(pending.pending()).toEqual([]);
  });

  it('refuses duplicate ids and floods, and forgets a closed requester', () => {
    const pending = requests({ maxPerAddress: 2, maxPending: 3 });
    const requester = session('10.0.0.4', false);
    expect(pending.request(requester, { comment: 'one request', id: 'aaaaa', tan: 1 }).ok).toBe(
      true,
    );
    expect(pending.request(requester, { comment: 'same id', id: 'aaaaa', tan: 2 })).toEqual({
      ok: false,
      detail: '/id: a token request with id "aaaaa" is pending already: choose another id',
      code: 'token-request-id-taken',
    });
    expect(pending.request(requester, { comment: 'two requests', id: 'bbbbb', tan: 3 }).ok).toBe(
      true,
    );
    const flood = pending.request(requester, { comment: 'three requests', id: 'ccccc', tan: 4 });
    expect(flood.ok).toBe(false);
    expect(flood.ok === false && flood.detail).toMatch(
      /2 token requests pending already \(at most 2\)/,
    );
    const elsewhere = session('10.0.0.5', false);
    expect(pending.request(elsewhere, { comment: 'from elsewhere', id: 'ddddd', tan: 1 }).ok).toBe(
      true,
    );
    const full = pending.request(session('10.0.0.6', false), {
      comment: 'full',
      id: 'eeeee',
      tan: 1,
    });
    expect(full.ok === false && full.detail).toMatch(/3 token requests are pending already/);
    expect(full.ok === false && full.code).toBe('token-requests-full');

    pending.sessionClosed(requester.state as SessionState);
    expect(pending.pending().map((r) => r.id)).toEqual(['ddddd']);
    expect(pending.answer('aaaaa', true, 'adm1n')).toBe(false);
    expect(requester.pushes).toEqual([]);
    pending.close();
    expect(pending.pending()).toEqual([]);
    expect(store.tokens.count()).toBe(0);
  });

  it('refuses a request from a session that cannot be answered later (HTTP)', () => {
    const pending = requests();
    const http: Session = { address: '10.0.0.4', transport: 'http', auth: undefined };
    expect(pending.request(http, { comment: 'Home Assistant', id: 'abcde', tan: 1 }).ok).toBe(
      false,
    );
  });
});
