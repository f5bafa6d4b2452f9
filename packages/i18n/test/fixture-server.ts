import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 serving test/fixtures/ (and 404 for anything else). */
export interface FixtureServer {
  /** Base URL ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  readonly baseUrl: string;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

const fixtures = new URL('./fixtures/', import.meta.url);

export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const name = path.slice(1);
    if (!/^[\w.-]+\.json$/.test(name)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    readFile(new URL(name, fixtures)).then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
