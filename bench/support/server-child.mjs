// A Glowkit server in a child process of its own, for benchmarks that measure the server's CPU
// or load it with many connections without measuring themselves. The child imports the server
// module given (the working tree's apps/server/dist by default, or another build to compare
// revisions), starts it on loopback ephemeral ports in a fresh data directory, and answers
// `cpu` messages with its process.cpuUsage() in ms and `rss` messages with its resident memory.
// A bench may change groups of the stored configuration before the server starts, and load a
// probe module into the child (before the server, so that it can wrap what it measures).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The working tree's build. */
export const DEFAULT_SERVER = resolve(import.meta.dirname, '../../apps/server/dist/index.js');

const CHILD = `
const [modulePath, dataDir, optionsJson, setupJson] = process.argv.slice(2);
const { globalSettings = {}, instanceSettings = {}, probe } = JSON.parse(setupJson);
const probed = probe ? await import(probe) : undefined;
const { createServer, createLogger } = await import(modulePath);
const server = createServer({
  dataDir, host: '127.0.0.1', port: 0, sslPort: 0, tcpPort: 0,
  logger: createLogger({ level: 'silent' }),
  ...JSON.parse(optionsJson),
});
if (Object.keys(globalSettings).length + Object.keys(instanceSettings).length > 0) {
  const config = server.store.read();
  Object.assign(config.global.settings, globalSettings);
  for (const instance of config.instances) Object.assign(instance.settings, instanceSettings);
  server.store.replace(config, 'benchmark set-up');
}
const { token } = server.store.tokens.create('benchmark client');
const { http, https, tcp, flatbuf } = await server.start();
const extra = (await probed?.start?.(server)) ?? {};
process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpuMs: (user + system) / 1000 });
  } else if (message === 'rss') {
    process.send({ rssBytes: process.memoryUsage.rss() });
  } else if (message === 'stop') {
    await server.stop();
    await probed?.stop?.();
    process.exit(0);
  } else if (probed?.message) {
    process.send(await probed.message(message));
  }
});
process.send({ ready: true, token, http: http.port, https: https.port, tcp: tcp?.port, flatbuf: flatbuf?.port, ...extra });
`;

/**
 * Starts a server child. `options` are server options (JSON-able); options the build does not
 * know are ignored by it, so one bench runs against older builds too. `setup`:
 * - `globalSettings`, `instanceSettings`: groups that replace the stored ones (in every
 *   instance) before the server starts;
 * - `probe`: the path of a module the child imports before the server module. Its optional
 *   `start(server)` runs once the server listens and returns fields added to the ready message;
 *   its `message(m)` answers the bench's other messages; its `stop()` runs at the end.
 */
export async function startServerChild(modulePath = DEFAULT_SERVER, options = {}, setup = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-'));
  const script = join(dataDir, 'child.mjs');
  writeFileSync(script, CHILD);
  const probe = setup.probe ? pathToFileURL(resolve(setup.probe)).href : undefined;
  const setupJson = JSON.stringify({ ...setup, probe });
  const args = [pathToFileURL(modulePath).href, dataDir, JSON.stringify(options), setupJson];
  const child = fork(script, args, {
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
    /** The child's resident set size now, bytes. */
    async rssBytes() {
      const reply = once(child, 'message');
      child.send('rss');
      return (await reply)[0].rssBytes;
    },
    /** Sends a message to the probe module and waits for its answer. */
    async ask(message) {
      const reply = once(child, 'message');
      child.send(message);
      return (await reply)[0];
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
