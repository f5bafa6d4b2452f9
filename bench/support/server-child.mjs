// A Glowkit server in a child process of its own, for benchmarks that measure the server's CPU
// or load it with many connections without measuring themselves. The child imports the server
// module given (the working tree's apps/server/dist by default, or another build to compare
// revisions), starts it on loopback ephemeral ports in a fresh data directory, and answers
// `cpu` messages with its process.cpuUsage() in ms.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The working tree's build. */
export const DEFAULT_SERVER = resolve(import.meta.dirname, '../../apps/server/dist/index.js');

const CHILD = `
const [modulePath, dataDir, optionsJson] = process.argv.slice(2);
const { createServer, createLogger } = await import(modulePath);
const server = createServer({
  dataDir, host: '127.0.0.1', port: 0, sslPort: 0, tcpPort: 0,
  logger: createLogger({ level: 'silent' }),
  ...JSON.parse(optionsJson),
});
const { token } = server.store.tokens.create('benchmark client');
const { http, https, tcp } = await server.start();
process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpuMs: (user + system) / 1000 });
  } else if (message === 'stop') {
    await server.stop();
    process.exit(0);
  }
});
process.send({ ready: true, token, http: http.port, https: https.port, tcp: tcp?.port });
`;

/**
 * Starts a server child. `options` are server options (JSON-able); options the build does not
 * know are ignored by it, so one bench runs against older builds too.
 */
export async function startServerChild(modulePath = DEFAULT_SERVER, options = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-'));
  const script = join(dataDir, 'child.mjs');
  writeFileSync(script, CHILD);
  const child = fork(script, [pathToFileURL(modulePath).href, dataDir, JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = await once(child, 'message');
  return {
    ...ready,
    pid: child.pid,
    /** The child's CPU time so far (user + system, every thread), ms. */
    async cpuMs() {
      const reply = once(child, 'message');
      child.send('cpu');
      return (await reply)[0].cpuMs;
    },
    async stop() {
      const exited = once(child, 'exit');
      child.send('stop');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
