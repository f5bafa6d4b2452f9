// Every response the server sends over HTTP(S) carries the same security headers: the page's
// policy (which forbids framing it), X-Frame-Options for older browsers, nosniff and no referrer.
// Replies the HTTP handler never sees (a refused WebSocket upgrade, a restart's 503, a malformed request)
// included.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { rawRequest } from './support/raw-http.js';
import { startServer, type TestServer } from './support/server.js';

type Headers = Record<string, string | string[] | undefined>;

function expectSecured(headers: Headers, what: string): void {
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  expect(String(headers['content-security-policy']), what).toContain("default-src 'self'");
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

/** The upgrade refusal's status and headers, from the client's `unexpected-response`. */
async function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers }> {
  const error = (await RpcSocket.open(url, { headers }).then(
    () => {
      throw new Error('the upgrade was accepted');
    },
    (e: unknown) => e,
  )) as { status: number; headers: Headers };
  return { status: error.status, headers: error.headers };
}

describe('security headers on every response', () => {
  let t: TestServer;
  let webDir: string;
  const auth = () => ({ headers: { Authorization: `Bearer ${t.token}` } });
  const getconfig = { command: 'config', subcommand: 'getconfig', tan: 1 };

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'glowkit-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Glowkit</title>\n');
    writeFileSync(join(webDir, 'assets', 'index-Bx7kQ2aZ.js'), 'export {};\n');
    t = await startServer({
      webDir,
      bodyLimit: 16 * 1024,
      // Two failures block an address: the 429 row needs no long loop.
      throttle: { freeFailures: 0, maxFailures: 2, maxDelayMs: 1 },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const table: Array<[string, () => Promise<{ status: number; headers: Headers }>, number]> = [
    ['GET / (the page)', () => get(`${t.http}/`), 200],
    ['GET / over HTTPS', () => get(`${t.https}/`, { ca: t.ca }), 200],
    ['GET an asset', () => get(`${t.http}/assets/index-Bx7kQ2aZ.js`), 200],
    ['POST /json-rpc', () => post(`${t.http}/json-rpc`, getconfig, auth()), 200],
    ['POST /json-rpc without a token', () => post(`${t.http}/json-rpc`, getconfig), 401],
    [
      'POST /json-rpc over the body limit',
      () => post(`${t.http}/json-rpc`, { pad: 'x'.repeat(32 * 1024) }, auth()),
      413,
    ],
    ['GET a file that is not there (JSON 404)', () => get(`${t.http}/missing.txt`), 404],
    ['GET /json-rpc (JSON 404)', () => get(`${t.http}/json-rpc`), 404],
    [
      'OPTIONS preflight',
      async () => {
        const response = await fetch(`${t.http}/json-rpc`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'POST' },
        });
        return { status: response.status, headers: Object.fromEntries(response.headers) };
      },
      204,
    ],
    ['GET /cgi/cfg_jsonserver', () => get(`${t.http}/cgi/cfg_jsonserver`), 200],
    ['GET /description.xml', () => get(`${t.http}/description.xml`), 200],
    [
      'a WebSocket upgrade with a token in the URL',
      () => refusedUpgrade(`${t.ws}/?token=${t.token}`),
      401,
    ],
    [
      'a malformed request (400 from the HTTP parser)',
      () =>
        rawRequest(Number(new URL(t.http).port), 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      400,
    ],
  ];

  it.each(table)('%s', async (what, request, status) => {
    const response = await request();
    expect(response.status, what).toBe(status);
    expectSecured(response.headers, what);
  });

  it('the 503 of a restart, over HTTP and at a WebSocket upgrade', async () => {
    const begun = once(t.server, 'restart-begin');
    const complete = once(t.server, 'restart-complete');
    // Hold the restart until both requests were answered.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stop = t.server.runtime.stop.bind(t.server.runtime);
    t.server.runtime.stop = async () => {
      await stop();
      await held;
    };
    try {
      await post(`${t.http}/json-rpc`, restoreRequest(configuration([0])), auth());
      await begun;
      const during = await post(`${t.http}/json-rpc`, getconfig, auth());
      expect(during.status).toBe(503);
      expectSecured(during.headers, 'HTTP 503');
      const upgrade = await refusedUpgrade(t.ws, { Authorization: `Bearer ${t.token}` });
      expect(upgrade.status).toBe(503);
      expectSecured(upgrade.headers, 'upgrade 503');
    } finally {
      release();
      await complete;
      t.server.runtime.stop = stop;
    }
  });

  it('a refused WebSocket upgrade with a wrong token, and the 429 once the address is blocked', async () => {
    const wrong = await refusedUpgrade(t.ws, { Authorization: 'Bearer wrong' });
    expect(wrong.status).toBe(401);
    expectSecured(wrong.headers, 'upgrade 401');
    const blocked = await post(`${t.http}/json-rpc`, getconfig, {
      headers: { Authorization: 'Bearer wrong-again' },
    });
    expect(blocked.status).toBe(429);
    expectSecured(blocked.headers, 'HTTP 429');
    const upgrade = await refusedUpgrade(t.ws, { Authorization: 'Bearer wrong' });
    expect(upgrade.status).toBe(429);
    expectSecured(upgrade.headers, 'upgrade 429');
  });
});
