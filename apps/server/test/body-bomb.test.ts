// A compressed body is inflated only as far as the body limit: a decompression bomb (a small
// gzip, deflate or brotli body that inflates to gigabytes) is answered 413 as soon as its output
// passes the limit, before any token is checked, and its connection is closed. The log says how
// much was inflated, so the test sees the server stopped (not how fast it was).
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

const LIMIT = 64 * 1024;
/** 64 MB of JSON text once inflated: a restore request whose padding is zeros. */
const INFLATED = Buffer.concat([
  Buffer.from('{"command":"config","subcommand":"restoreconfig","tan":42,"pad":"'),
  Buffer.alloc(64 * 1024 * 1024, '0'),
  Buffer.from('"}'),
]);

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** POSTs raw bytes with a Content-Encoding, without a token. */
function postEncoded(url: string, body: Buffer, encoding: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Encoding': encoding, 'Content-Length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed request bodies', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ bodyLimit: LIMIT });
  });
  afterAll(async () => {
    await t?.close();
  });

  const bombs: Array<[string, () => Buffer]> = [
    ['gzip', () => gzipSync(INFLATED)],
    ['deflate', () => deflateSync(INFLATED)],
    ['br', () => brotliCompressSync(INFLATED)],
  ];

  it.each(bombs)(
    'stops inflating a %s bomb at the limit and answers 413, closing the connection',
    async (encoding, make) => {
      const body = make();
      expect(body.length).toBeLessThan(INFLATED.length / 100);
      const logged = t.logs.length;
      const reply = await postEncoded(`${t.http}/json-rpc`, body, encoding);
      expect(reply.status).toBe(413);
      expect(reply.headers.connection).toBe('close');
      expect(reply.json).toMatchObject({
        success: false,
        error: 'Request too large',
        command: 'config-restoreconfig',
        tan: 42,
      });
      const description = String(
        (reply.json.errorData as { description: string }[])[0]?.description,
      );
      expect(description).toContain('64 KB');
      expect(description).toContain('--body-limit');
      // What the server inflated before it stopped: the limit and at most a few chunks more.
      const line = t.logs.slice(logged).find((l) => l.status === 413);
      expect(line?.inflated).toBeGreaterThan(LIMIT);
      expect(line?.inflated).toBeLessThanOrEqual(LIMIT + 256 * 1024);
      expect(line?.encoding).toBe(encoding);
    },
  );

  it('still inflates a body within the limit', async () => {
    const text = JSON.stringify({ command: 'authorize', subcommand: 'tokenRequired', tan: 9 });
    const reply = await postEncoded(`${t.http}/json-rpc`, gzipSync(text), 'gzip');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ success: true, tan: 9, info: { required: true } });
  });
});
