// The dispatcher is one table: every request kind has exactly one entry with its permission,
// parser and handler, and the permissions are those the server always had.
import { COMMANDS, REQUEST_KEYS, readEnvelope, requestKeyOf } from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../src/rpc/dispatcher.js';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

/** What anyone may send without a token (Hyperion.ng's "No" level). */
const ANONYMOUS = [
  'authorize-tokenRequired',
  'authorize-adminRequired',
  'authorize-newPasswordRequired',
  'authorize-newPassword',
  'authorize-login',
  'authorize-logout',
  'authorize-requestToken',
  'serverinfo-getSubscriptionCommands',
];

/** What needs an admin token (Hyperion.ng's "Admin" level and Glowkit's configuration). */
const ADMIN = [
  'config-restoreconfig',
  'config-getconfig',
  'config-setconfig',
  'config-getsnapshots',
  'config-restoresnapshot',
  'authorize-createToken',
  'authorize-deleteToken',
  'authorize-getTokenList',
  'authorize-answerRequest',
  'authorize-getPendingTokenRequests',
  'authorize-denyPendingTokenRequests',
  'instance-createInstance',
  'instance-deleteInstance',
  'instance-saveName',
  'leddevice-discover',
  'inputsource-discover',
  'inputsource-getProperties',
  'system-restart',
  'logging-start',
  'logging-stop',
  'diagnostics-getBundle',
];

/** The request of a key, with a bad tan: answered "Invalid params" once it is let through. */
function requestOf(key: string): Record<string, unknown> {
  // `create-effect` is a command; `ledcolors-ledstream-start` is ledcolors' ledstream-start.
  if (Object.hasOwn(COMMANDS, key)) return { command: key, tan: -1 };
  const at = key.indexOf('-');
  return { command: key.slice(0, at), subcommand: key.slice(at + 1), tan: -1 };
}

describe('the dispatcher table', () => {
  it('has one entry per request kind, each with a parser, a handler and a permission', () => {
    expect(Object.keys(COMMAND_TABLE).sort()).toEqual([...REQUEST_KEYS].sort());
    for (const [key, entry] of Object.entries(COMMAND_TABLE)) {
      expect(['anonymous', 'signed-in', 'admin'], key).toContain(entry.permission);
      expect(typeof entry.parse, key).toBe('function');
      expect(typeof entry.handle, key).toBe('function');
    }
  });

  it('keeps the permissions the server always had (config-getschema needs a token, any token)', () => {
    const of = (permission: string) =>
      Object.entries(COMMAND_TABLE)
        .filter(([, entry]) => entry.permission === permission)
        .map(([key]) => key)
        .sort();
    expect(of('anonymous')).toEqual([...ANONYMOUS].sort());
    expect(of('admin')).toEqual([...ADMIN].sort());
    expect(of('signed-in')).toContain('config-getschema');
    expect(of('signed-in')).toHaveLength(REQUEST_KEYS.length - ANONYMOUS.length - ADMIN.length);
  });

  it('builds each test request for its own key', () => {
    for (const key of REQUEST_KEYS) {
      const envelope = readEnvelope(requestOf(key));
      expect(envelope.ok && requestKeyOf(envelope), key).toBe(key);
    }
  });
});

describe('permissions over HTTP', () => {
  let t: TestServer;
  let viewer: string;
  beforeAll(async () => {
    t = await startServer();
    viewer = t.server.store.tokens.create('a viewer token', false).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (key: string, token?: string) =>
    post(
      `${t.http}/json-rpc`,
      requestOf(key),
      token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } },
    );

  it('lets anonymous requests through without a token, and refuses every other one', async () => {
    for (const key of REQUEST_KEYS) {
      const reply = await send(key);
      if (ANONYMOUS.includes(key)) {
        expect(reply.json, key).toMatchObject({ error: 'Invalid params' });
      } else {
        expect(reply.status, key).toBe(401);
        expect(reply.json, key).toMatchObject({ error: 'No Authorization' });
      }
    }
  });

  it('refuses admin requests to a token granted through a token request, and only those', async () => {
    for (const key of REQUEST_KEYS) {
      const reply = await send(key, viewer);
      if (ADMIN.includes(key)) {
        expect(reply.status, key).toBe(403);
        expect(reply.json, key).toMatchObject({ error: 'No Authorization' });
      } else {
        expect(reply.json, key).toMatchObject({ error: 'Invalid params' });
        expect(reply.json.errorData, key).toContainEqual({
          description: '/tan: must be an integer of 0 or more',
        });
      }
    }
  });

  it('lets an admin token send everything', async () => {
    for (const key of REQUEST_KEYS) {
      const reply = await send(key, t.token);
      expect(reply.json, key).toMatchObject({ error: 'Invalid params' });
    }
  });
});
