import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureThrottle } from '../src/auth/throttle.js';
import { post, RpcSocket } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const getconfig = { command: 'config', subcommand: 'getconfig', tan: 3 };

describe('authorization over HTTP and HTTPS', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ throttle: { freeFailures: 100, maxFailures: 200 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const refusals: Array<[string, () => { url: string; headers: Record<string, string> }]> = [
    ['no header', () => ({ url: '/json-rpc', headers: {} })],
    [
      'the Basic scheme',
      () => ({ url: '/json-rpc', headers: { Authorization: `Basic ${t.token}` } }),
    ],
    [
      'a wrong token',
      () => ({ url: '/json-rpc', headers: { Authorization: 'Bearer not-the-token' } }),
    ],
    ['an empty bearer', () => ({ url: '/json-rpc', headers: { Authorization: 'Bearer ' } })],
    ['the token in the query string', () => ({ url: `/json-rpc?token=${t.token}`, headers: {} })],
  ];

  for (const base of ['http', 'https'] as const) {
    it.each(refusals)(
      `${base}: refuses %s with 401, WWW-Authenticate and a JSON body`,
      async (_case, make) => {
        const { url, headers } = make();
        const result = await post(`${t[base]}${url}`, getconfig, { ca: t.ca, headers });
        expect(result.status).toBe(401);
        expect(String(result.headers['www-authenticate'])).toMatch(/^Bearer/);
        expect(result.json).toMatchObject({
          success: false,
          error: 'No Authorization',
          tan: 3,
        });
        expect(typeof result.json.command).toBe('string');
        expect(result.text).not.toContain(t.token);
      },
    );

    it(`${base}: accepts "Bearer", "bearer" and the "token" form`, async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'token']) {
        const result = await post(`${t[base]}/json-rpc`, getconfig, {
          ca: t.ca,
          headers: { Authorization: `${scheme} ${t.token}` },
        });
        expect(result.status, scheme).toBe(200);
        expect(result.json).toMatchObject({ success: true, command: 'config-getconfig', tan: 3 });
      }
    });
  }

  it('refuses a revoked token', async () => {
    const { info, token } = t.server.store.tokens.create('soon revoked');
    const headers = { Authorization: `Bearer ${token}` };
    expect((await post(`${t.http}/json-rpc`, getconfig, { headers })).status).toBe(200);
    t.server.store.tokens.revoke(info.id);
    const result = await post(`${t.http}/json-rpc`, getconfig, { headers });
    expect(result.status).toBe(401);
    expect(result.json.error).toBe('No Authorization');
  });

  it('manages tokens with authorize createToken, getTokenList and deleteToken', async () => {
    const headers = { Authorization: `Bearer ${t.token}` };
    const created = await post(
      `${t.http}/json-rpc`,
      { command: 'authorize', subcommand: 'createToken', comment: 'kitchen display', tan: 9 },
      { headers },
    );
    expect(created.json).toMatchObject({ success: true, command: 'authorize-createToken', tan: 9 });
    const info = created.json.info as { id: string; token: string; comment: string };
    expect(info.comment).toBe('kitchen display');
    expect(Buffer.from(info.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const list = await post(
      `${t.http}/json-rpc`,
      { command: 'authorize', subcommand: 'getTokenList' },
      { headers: { Authorization: `Bearer ${info.token}` } },
    );
    const ids = (list.json.info as { id: string }[]).map((x) => x.id);
    expect(ids).toContain(info.id);
    expect(list.text).not.toContain(info.token);
    const deleted = await post(
      `${t.http}/json-rpc`,
      { command: 'authorize', subcommand: 'deleteToken', id: info.id },
      { headers },
    );
    expect(deleted.json.success).toBe(true);
    const after = await post(`${t.http}/json-rpc`, getconfig, {
      headers: { Authorization: `Bearer ${info.token}` },
    });
    expect(after.status).toBe(401);
  });

  it('never writes a token into its log', async () => {
    await post(`${t.http}/json-rpc?token=${t.token}`, getconfig);
    await post(`${t.http}/json-rpc`, getconfig, {
      headers: { Authorization: `Bearer ${t.token}x` },
    });
    await post(
      `${t.http}/json-rpc`,
      { command: 'authorize', subcommand: 'createToken', comment: 'in the log?' },
      {
        headers: { Authorization: `Bearer ${t.token}` },
      },
    );
    expect(t.logText()).not.toContain(t.token);
  });
});

describe('authorization over WebSocket', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ throttle: { freeFailures: 100, maxFailures: 200 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts the header at upgrade', async () => {
    const socket = await RpcSocket.open(t.ws, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(await socket.call(getconfig)).toMatchObject({ success: true, tan: 3 });
    socket.close();
  });

  it('stops serving a session whose token is revoked', async () => {
    const { info, token } = t.server.store.tokens.create('revoked while connected');
    const socket = await RpcSocket.open(t.ws, { headers: { Authorization: `Bearer ${token}` } });
    expect(await socket.call(getconfig)).toMatchObject({ success: true });
    t.server.store.tokens.revoke(info.id);
    expect(await socket.call(getconfig)).toMatchObject({
      success: false,
      error: 'No Authorization',
    });
    socket.close();
  });

  it('refuses a wrong token at upgrade with 401', async () => {
    await expect(
      RpcSocket.open(t.ws, { headers: { Authorization: 'Bearer wrong' } }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token in the URL', async () => {
    await expect(RpcSocket.open(`${t.ws}/?token=${t.token}`)).rejects.toMatchObject({
      status: 401,
    });
  });

  it('needs an authorize login before anything else, and takes a token that way', async () => {
    const socket = await RpcSocket.open(t.wss, { ca: t.ca });
    expect(await socket.call(getconfig)).toMatchObject({
      success: false,
      error: 'No Authorization',
    });
    expect(
      await socket.call({ command: 'authorize', subcommand: 'login', token: 'wrong', tan: 1 }),
    ).toMatchObject({ success: false, error: 'No Authorization', tan: 1 });
    expect(
      await socket.call({ command: 'authorize', subcommand: 'login', token: t.token, tan: 2 }),
    ).toMatchObject({ success: true, command: 'authorize-login', tan: 2 });
    expect(await socket.call(getconfig)).toMatchObject({ success: true });
    expect(await socket.call({ command: 'authorize', subcommand: 'logout' })).toMatchObject({
      success: true,
    });
    expect(await socket.call(getconfig)).toMatchObject({
      success: false,
      error: 'No Authorization',
    });
    socket.close();
  });
});

describe('repeated failures', () => {
  it('slow one address down, then refuse it for a while, without touching other addresses', () => {
    let now = 0;
    const throttle = new FailureThrottle({
      freeFailures: 3,
      maxFailures: 6,
      windowMs: 1000,
      now: () => now,
    });
    for (let i = 0; i < 3; i++) throttle.fail('10.0.0.1');
    expect(throttle.check('10.0.0.1')).toEqual({ blocked: false, delayMs: 100 });
    throttle.fail('10.0.0.1');
    expect(throttle.check('10.0.0.1')).toEqual({ blocked: false, delayMs: 200 });
    throttle.fail('10.0.0.1');
    throttle.fail('10.0.0.1');
    expect(throttle.check('10.0.0.1')).toMatchObject({ blocked: true });
    expect(throttle.check('10.0.0.2')).toEqual({ blocked: false, delayMs: 0 });
    now = 1001;
    expect(throttle.check('10.0.0.1')).toEqual({ blocked: false, delayMs: 0 });
  });

  it('over HTTP: delayed replies, then 429 with Retry-After, but never for the right token', async () => {
    const t = await startServer({ throttle: { freeFailures: 2, maxFailures: 4, maxDelayMs: 50 } });
    try {
      const wrong = { headers: { Authorization: 'Bearer wrong' } };
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post(`${t.http}/json-rpc`, getconfig, wrong)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await post(`${t.http}/json-rpc`, getconfig, wrong);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json.error).toBe('No Authorization');
      const right = await post(`${t.http}/json-rpc`, getconfig, {
        headers: { Authorization: `Bearer ${t.token}` },
      });
      expect(right.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
