import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../src/transport/security-headers.js';
import { get, post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

/** A build as Vite makes it: the page, and hashed assets the page loads. */
function fakeBuild(): { dir: string; page: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-web-'));
  mkdirSync(join(dir, 'assets'));
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Glowkit</title>' +
    '<script type="module" src="/assets/index-Bx7kQ2aZ.js"></script></head><body><gk-app></gk-app></body></html>\n';
  // Large and repetitive enough that compression shows.
  const script = `${'export const phrases = ["Glowkit", "LED", "effect"];\n'.repeat(200)}`;
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'assets', 'index-Bx7kQ2aZ.js'), script);
  writeFileSync(join(dir, 'assets', 'index-C1dY3pQw.css'), 'gk-app { display: block; }\n');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  writeFileSync(join(dir, '.env'), 'SECRET=1\n');
  return { dir, page, script };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The headers every response of the web UI carries. */
function expectSecured(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('the web UI on both ports', () => {
  let t: TestServer;
  let build: ReturnType<typeof fakeBuild>;

  beforeAll(async () => {
    build = fakeBuild();
    t = await startServer({ webDir: build.dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it('serves the page at / without caching, with its security headers, on HTTP and HTTPS', async () => {
    for (const base of [t.http, t.https]) {
      const page = await get(`${base}/`, { ca: t.ca });
      expect(page.status, base).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expectSecured(page.headers);
      expect(page.body.toString()).toBe(build.page);
    }
  });

  it('serves the page for every path the app routes, so that a reload works', async () => {
    for (const path of ['/effects', '/setup/0', '/tokens/', '/backup?from=menu', '/de/overview']) {
      const page = await get(`${t.http}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body.toString(), path).toBe(build.page);
    }
  });

  it('serves hashed assets for a year, and other files of the build without caching', async () => {
    const script = await get(`${t.http}/assets/index-Bx7kQ2aZ.js`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expectSecured(script.headers);
    expect(script.body.toString()).toBe(build.script);
    const style = await get(`${t.https}/assets/index-C1dY3pQw.css`, { ca: t.ca });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await get(`${t.http}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses with brotli or gzip when the request accepts it, and not otherwise', async () => {
    const url = `${t.http}/assets/index-Bx7kQ2aZ.js`;
    const br = await get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(build.script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(build.script);

    const gz = await get(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(build.script);

    const page = await get(`${t.http}/setup/0`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toBe(build.page);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(url, { headers: accept ? { 'Accept-Encoding': accept } : {} });
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.body.toString(), accept).toBe(build.script);
    }
  });

  it('revalidates the page with its ETag (304), and answers HEAD without a body', async () => {
    const first = await get(`${t.http}/`);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await get(`${t.http}/`, { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(`${t.http}/assets/index-Bx7kQ2aZ.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(build.script.length));
    expect(head.body.length).toBe(0);
  });

  it('serves a rebuilt page without a restart', async () => {
    const rebuilt = build.page.replace('Glowkit', 'Glowkit 2');
    writeFileSync(join(build.dir, 'index.html'), rebuilt);
    // A later modification time, whatever the file system's resolution.
    const later = new Date(Date.now() + 5000);
    utimesSync(join(build.dir, 'index.html'), later, later);
    expect((await get(`${t.http}/effects`)).body.toString()).toBe(rebuilt);
    writeFileSync(join(build.dir, 'index.html'), build.page);
  });

  it('answers 404 for a missing file, never the page in its place', async () => {
    for (const path of [
      '/assets/index-00000000.js',
      '/assets/gone',
      '/robots.txt',
      '/.env',
      '/assets/..%2F.env',
      '/x%2F..%2F..%2Fpasswd.txt',
      '/assets%2F..%2F.env.js',
      '/assets/%E0%A4%A',
    ]) {
      const response = await get(`${t.http}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
      expect(response.body.toString(), path).not.toContain('SECRET');
    }
  });

  it('leaves the API and discovery alone', async () => {
    const headers = { Authorization: `Bearer ${t.token}` };
    const reply = await post(`${t.http}/json-rpc`, { command: 'sysinfo', tan: 3 }, { headers });
    expect(reply.json).toMatchObject({ command: 'sysinfo', success: true, tan: 3 });
    const described = await get(`${t.http}/description.xml`);
    expect(described.headers['content-type']).toMatch(/^text\/xml/);
    // The web UI's files leave discovery's content alone; its headers are those of every response.
    expectSecured(described.headers);
    expect((await get(`${t.http}/cgi/cfg_jsonserver`)).body.toString()).toMatch(/^:\d+$/);
    for (const path of ['/json-rpc', '/json-rpc/confog/restore']) {
      const response = await get(`${t.http}${path}`);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString())).toMatchObject({ error: 'Not found' });
    }
  });
});

describe('the web UI before it is built', () => {
  let t: TestServer;
  let empty: string;

  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'glowkit-web-empty-'));
    t = await startServer({ webDir: empty });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers the app’s paths with a 503 page saying what to run, and logs it once', async () => {
    for (const path of ['/', '/effects']) {
      const page = await get(`${t.http}${path}`);
      expect(page.status, path).toBe(503);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expectSecured(page.headers);
      expect(page.body.toString()).toContain(`Glowkit's web UI is not built`);
      expect(page.body.toString()).toContain(empty);
    }
    expect((await get(`${t.http}/assets/index-Bx7kQ2aZ.js`)).status).toBe(404);
    const said = t.logs.filter((l) => String(l.msg).startsWith(`Glowkit's web UI is not built`));
    expect(said).toHaveLength(1);
    expect(said[0]?.level).toBe(40);
  });

  it('still answers JSON-RPC', async () => {
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'sysinfo' },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    expect(reply.json.success).toBe(true);
  });
});
