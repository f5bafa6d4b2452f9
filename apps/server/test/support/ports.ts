import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port nothing listens on now (taken, then given back). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
