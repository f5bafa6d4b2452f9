// The server's flatbuffers input switched on for a test file, the way a user would (a `setconfig`
// of `flatbufServer` through the JSON API), on a free port of its own.
import { connect } from 'node:net';
import { freePort, type Glowkit } from './glowkit.js';
import { jsonRpc } from './leds.js';

/** Whether something accepts connections on loopback `port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Resolves once `check` resolves true, asking every 100 ms for 20 s at most (usable in hooks,
 * where `expect.poll` is not); rejects saying `what` did not happen.
 */
export async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Switches the server's flatbuffers input on, on a free port, with a timeout longer than any test,
 * and resolves with the port once the server answers again: it answers the `setconfig`, then
 * restarts its listeners (the new port listens once the restart is under way; the server answers
 * when it is done).
 */
export async function enableFlatbuffers(glowkit: Glowkit): Promise<number> {
  const port = await freePort();
  await jsonRpc(glowkit, {
    command: 'config',
    subcommand: 'setconfig',
    config: { flatbufServer: { enable: true, port, timeout: 600, pixelDecimation: 1 } },
  });
  await waitUntil(() => listening(port), `the flatbuffers input did not listen on ${port}`);
  await waitUntil(
    () =>
      jsonRpc(glowkit, { command: 'serverinfo' }).then(
        () => true,
        () => false,
      ),
    'the server did not answer after switching the flatbuffers input on',
  );
  return port;
}
