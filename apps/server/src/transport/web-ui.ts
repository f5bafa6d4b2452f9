/**
 * The web UI's static files (the Vite build of `apps/web`), served at `/` on both ports: hashed
 * assets with a year's cache, the page without one, compressed when the client accepts it, and
 * the page for every path the app routes itself (`/effects`, `/setup/0`), so a reload works.
 */
import { type Stats, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  acceptsEncoding,
  contentTypeOf,
  type HttpHandler,
  pathOf,
  sendBody,
} from './http-reply.js';

/** Hashed file names never change content: browsers may keep them for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths of the API and of discovery: never the web UI's, whatever their method. */
const API_PATH = /^\/(?:json-rpc(?:\/|$)|cgi\/|description\.xml$)/;

/** What compresses well; pictures and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.wasm',
  '.webmanifest',
]);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** One file of the build as last read, with its compressed forms once made. */
interface CachedFile {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  /** Each compressed form once asked for; undefined when compressing failed (sent as it is). */
  encoded: Partial<Record<Encoding, Promise<Buffer | undefined>>>;
}

/** How the web UI is served. */
export interface WebUiOptions {
  /** The build: `index.html` and `assets/`. */
  dir: string;
  /** Whether `dir` was given (`--web-dir`), rather than the repository's `apps/web/dist`. */
  custom?: boolean;
}

/** The web UI handler, and whether there is a build to serve. */
export interface WebUi {
  /** The handler of GET and HEAD; anything it does not serve goes to `next()`. */
  handler: HttpHandler;
  /** Why the web UI cannot be served (no build), or undefined when it can. */
  problem(): string | undefined;
}

/** The one line said (and shown) when there is no build. */
export function notBuiltText(dir: string, custom = false): string {
  return custom
    ? `Glowkit's web UI is not built: there is no index.html in ${dir} (set by --web-dir or GLOWKIT_WEB_DIR)`
    : "Glowkit's web UI is not built: run `npm run build` (or `npm run build -w @glowkit/web`)";
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
  );

/** The page shown instead of the app while there is no build: what to run, in words. */
function notBuiltPage(text: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Glowkit</title></head>
<body>
<h1>Glowkit</h1>
<p>${escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')}.</p>
<p>The JSON API works meanwhile: <code>POST /json-rpc</code>, or a WebSocket on this port.</p>
</body>
</html>
`;
}

function encode(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipped(raw, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * The request's path as a file path inside `root`, or undefined when it cannot be one (bad
 * percent-encoding, a NUL, a segment starting with a dot: `..`, `.env`).
 */
function fileOf(root: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : undefined;
}

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the web UI's build from `options.dir`:
 *
 * - `/` and every GET of a path without a file extension that is not an API path (`/json-rpc…`,
 *   `/cgi/…`, `/description.xml`) nor under `/assets/`: `index.html`, `Cache-Control: no-cache`
 *   (the app routes by URL, so `/setup/0` survives a reload);
 * - `/assets/…`: the file, `Cache-Control: public, max-age=31536000, immutable` (Vite puts the
 *   content's hash in each name); other files of the build: `no-cache`;
 * - a file that is not there goes to `next()` (the JSON 404): never `index.html` in its place,
 *   which a browser would keep for a year as a script;
 * - brotli or gzip when the request accepts it, compressed once per file version and kept in
 *   memory (the build is a few hundred KB); a weak ETag from size and time, so `no-cache`
 *   revalidates with a 304;
 * - the security headers come from the app's first middleware (security-headers.ts);
 * - without a build, the app's paths get a 503 page saying what to run.
 *
 * Files are looked up on each request, so a rebuild is served without a restart.
 */
export function createWebUi(options: WebUiOptions): WebUi {
  const root = resolve(options.dir);
  const custom = options.custom === true;
  const index = resolve(root, 'index.html');
  const cache = new Map<string, CachedFile>();

  const read = async (file: string, stats: Stats): Promise<CachedFile> => {
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const entry: CachedFile = {
      mtimeMs: stats.mtimeMs,
      size: stats.size,
      raw: await readFile(file),
      encoded: {},
    };
    cache.set(file, entry);
    return entry;
  };

  const send = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    file: string,
    stats: Stats,
  ) => {
    const entry = await read(file, stats);
    const extension = extname(file).toLowerCase();
    res.setHeader('Content-Type', contentTypeOf(extension));
    res.setHeader('Cache-Control', path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    let body = entry.raw;
    let tag = `${entry.size.toString(36)}-${Math.floor(entry.mtimeMs).toString(36)}`;
    if (COMPRESSIBLE.has(extension)) {
      res.setHeader('Vary', 'Accept-Encoding');
      // Brotli whenever it is acceptable at all: smaller than gzip, and browsers list it last.
      const accepted: Encoding | undefined = acceptsEncoding(req, 'br')
        ? 'br'
        : acceptsEncoding(req, 'gzip')
          ? 'gzip'
          : undefined;
      if (accepted) {
        entry.encoded[accepted] ??= encode(entry.raw, accepted).catch(() => undefined);
        const encoded = await entry.encoded[accepted];
        if (encoded) {
          body = encoded;
          res.setHeader('Content-Encoding', accepted);
          tag += `-${accepted}`;
        }
      }
    }
    // sendBody answers 304 to a matching If-None-Match, and sends no body to a HEAD.
    res.setHeader('ETag', `W/"${tag}"`);
    sendBody(req, res, body);
  };

  const handler: HttpHandler = (req, res, next) => {
    const path = pathOf(req);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PATH.test(path)) {
      next();
      return;
    }
    // Dot files (`.env`, `..`) are never served, nor taken for a route of the app.
    if (path.split('/').some((segment) => segment.startsWith('.'))) {
      next();
      return;
    }
    const isAsset = path.startsWith('/assets/');
    const routed = !isAsset && extname(path) === '';
    const file = routed ? index : fileOf(root, path);
    if (file === undefined) {
      next();
      return;
    }
    void (async () => {
      const stats = await fileStats(file);
      if (stats) {
        await send(req, res, path, file, stats);
      } else if (routed) {
        res.statusCode = 503;
        res.setHeader('Cache-Control', 'no-store');
        sendBody(req, res, notBuiltPage(notBuiltText(root, custom)), 'text/html; charset=utf-8');
      } else {
        next();
      }
    })().catch(next);
  };

  return {
    handler,
    problem: () => {
      try {
        return statSync(index).isFile() ? undefined : notBuiltText(root, custom);
      } catch {
        return notBuiltText(root, custom);
      }
    },
  };
}
