import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999 by default): a port the kernel hands out for "any
// free port" (port 0) or for an outgoing connection never comes from here, so the many sockets
// the parallel test files open cannot take a port between the moment it is found free and the
// moment the server under test binds it.
const LOW = 20_000;
const HIGH = 32_000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now, for a test that binds a port of its own choosing. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free loopback port found between ${LOW} and ${HIGH}`);
}
