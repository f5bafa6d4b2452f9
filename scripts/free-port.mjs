// A loopback port for a test that binds a port of its own choosing (a server started with
// --port <n>, a settings group naming a port), shared by the server's tests and the web UI's
// end-to-end tests; a plain module beside its declarations (free-port.d.mts), imported without a
// build.
//
// Below Linux's ephemeral range (32768–60999 by default): a port the kernel hands out for "any
// free port" (port 0) or for an outgoing connection never comes from here, so the many sockets
// the parallel test files open cannot take a port between the moment it is found free and the
// moment the server under test binds it. Asking the kernel for port 0 and releasing it would
// hand out exactly such a port.
import { createServer } from 'node:net';

const LOW = 20_000;
const HIGH = 32_000;

// The ports handed out in this process: a test asking for two ports before binding either
// never gets the same one twice.
const given = new Set();

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on now, not handed out before in this process. */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (given.has(port)) continue;
    if (await isFree(port)) {
      given.add(port);
      return port;
    }
  }
  throw new Error(`no free loopback port found between ${LOW} and ${HIGH}`);
}
