// Vitest global set-up (runs in Node): serves dist/browser/ from a static HTTP server on loopback,
// as a page without a bundler would get the bundle. Vite's dev server would rewrite the bundle's
// dynamic import() on the way, so the browser-bundle test must not load it through Vite.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '..', '..', 'dist', 'browser');

export default async function serveBrowserBundle(
  project: TestProject,
): Promise<() => Promise<void>> {
  const server = createServer(async (request, response) => {
    // Module scripts from another origin need CORS; the test page is Vite's origin.
    response.setHeader('Access-Control-Allow-Origin', '*');
    const path = resolve(
      join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
    );
    if (!path.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(path);
      const type = path.endsWith('.js') ? 'text/javascript' : 'application/json';
      response.writeHead(200, { 'Content-Type': type }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  project.provide('browserBundleOrigin', `http://127.0.0.1:${port}`);
  return () => new Promise<void>((closed) => server.close(() => closed()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the static server holding dist/browser/. */
    browserBundleOrigin: string;
  }
}
