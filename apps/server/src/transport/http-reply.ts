/**
 * What the HTTP side needs of a web framework, on node:http alone: the request's path, the
 * content type of a file extension, content negotiation of the encoding, and one reply with its
 * length, conditional GET (304) and HEAD. express did this before; with its router, body
 * parsers, mime database and their dependencies it cost about 4.5 MB of the server's resident
 * memory at start (issue 25), for a handful of routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request handler; `next` passes the request on (the JSON 404), `next(error)` to the 500. */
export type HttpHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The path of the request's URL, without its query; as it was sent (percent-encoded). An
 * absolute-form URL (`GET http://host/path`, which proxies send) gives its path.
 */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!url.startsWith('/')) {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  }
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * The content types of the files a web build holds (the mime database's, with its charset), by
 * extension with its dot; anything else is application/octet-stream.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** The content type of a file with `extension` (with its dot, any case). */
export function contentTypeOf(extension: string): string {
  return CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Whether the request's Accept-Encoding accepts `encoding`: named, or matched by `*`, with a
 * quality above 0. Without the header only the identity is acceptable.
 */
export function acceptsEncoding(req: IncomingMessage, encoding: string): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  let named: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (name !== encoding && name !== '*') continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((text) => text.trim());
      if (key?.toLowerCase() === 'q') quality = Number(value) || 0;
    }
    if (name === encoding) named = quality;
    else any = quality;
  }
  return (named ?? any ?? 0) > 0;
}

/** Whether the client's copy is current: its If-None-Match names `etag` (weak comparison). */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const match = req.headers['if-none-match'];
  if (!match) return false;
  // A request that asks not to be answered from a cache gets the whole reply.
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return match.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Ends the reply with `body`: its Content-Type (when given), its Content-Length, and no body to
 * a HEAD. A successful GET or HEAD whose ETag (set before) the client already holds is answered
 * 304 without a body.
 */
export function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: string | Buffer,
  contentType?: string,
): void {
  if (contentType) res.setHeader('Content-Type', contentType);
  const etag = res.getHeader('ETag');
  if (
    (req.method === 'GET' || req.method === 'HEAD') &&
    res.statusCode >= 200 &&
    res.statusCode < 300 &&
    typeof etag === 'string' &&
    isFresh(req, etag)
  ) {
    res.statusCode = 304;
  }
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    res.end();
    return;
  }
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
