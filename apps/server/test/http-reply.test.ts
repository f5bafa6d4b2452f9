import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptsEncoding, contentTypeOf, pathOf, sendBody } from '../src/transport/http-reply.js';

const requestOf = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers }) as unknown as IncomingMessage;

describe('pathOf', () => {
  it('is the path without the query, as sent', () => {
    expect(pathOf(requestOf('/json-rpc?token=x'))).toBe('/json-rpc');
    expect(pathOf(requestOf('/a%20b/'))).toBe('/a%20b/');
    expect(pathOf(requestOf('http://host:8090/effects?x=1'))).toBe('/effects');
  });
});

describe('contentTypeOf', () => {
  it('gives the mime database type with its charset, any case, else octet-stream', () => {
    expect(contentTypeOf('.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('.unknown')).toBe('application/octet-stream');
    expect(contentTypeOf('')).toBe('application/octet-stream');
  });
});

describe('acceptsEncoding', () => {
  it('follows Accept-Encoding: named or *, with a quality above 0', () => {
    const accepts = (header: string | undefined, encoding: string) =>
      acceptsEncoding(
        requestOf('/', header === undefined ? {} : { 'accept-encoding': header }),
        encoding,
      );
    expect(accepts(undefined, 'gzip')).toBe(false);
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(accepts('gzip;q=0.5', 'gzip')).toBe(true);
    expect(accepts('gzip;q=0', 'gzip')).toBe(false);
    expect(accepts('*', 'br')).toBe(true);
    expect(accepts('*;q=1, br;q=0', 'br')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
  });
});

describe('sendBody', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.close();
    server = undefined;
  });

  async function ask(method: string, headers: Record<string, string> = {}) {
    if (!server) {
      server = createServer((req, res) => {
        res.setHeader('ETag', 'W/"abc"');
        sendBody(req, res, 'héllo', 'text/plain; charset=utf-8');
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
    }
    const { port } = server.address() as AddressInfo;
    const req = request({ host: '127.0.0.1', port, method, headers, agent: false });
    req.end();
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    let body = '';
    for await (const chunk of res) body += String(chunk);
    return { status: res.statusCode, headers: res.headers, body };
  }

  it('sends the body with its type and byte length', async () => {
    const reply = await ask('GET');
    expect(reply.status).toBe(200);
    expect(reply.body).toBe('héllo');
    expect(reply.headers['content-length']).toBe('6');
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers a HEAD without the body, and 304 to the ETag the client holds', async () => {
    const head = await ask('HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('6');
    expect(head.body).toBe('');
    const again = await ask('GET', { 'If-None-Match': 'W/"abc"' });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const other = await ask('GET', { 'If-None-Match': 'W/"other"' });
    expect(other.status).toBe(200);
    const uncached = await ask('GET', { 'If-None-Match': 'W/"abc"', 'Cache-Control': 'no-cache' });
    expect(uncached.status).toBe(200);
    // Not for a POST: its reply is never a cached copy.
    expect((await ask('POST', { 'If-None-Match': 'W/"abc"' })).status).toBe(200);
  });
});
