// A Glowkit server started the way its users start it: `glowkit start` (apps/server/bin/glowkit.js),
// so that what bin sets (V8 flags) and what `start` adds (the heap trim, the admin token, signal
// handling) are part of what is measured; server-child.mjs instead imports the server module
// into a process of its own. The data directory is fresh and holds the configuration given,
// stored with `glowkit config import` before the start (so nothing the defaults enable, such as
// SSDP and mDNS, runs for a moment). Ports are loopback ephemeral ones, read from the line
// `start` prints; the token is the admin token it prints on a first start. A probe module may be
// preloaded (`node --import`) to measure the process from inside: it answers the bench's IPC
// messages (see soak-probe.mjs).
import { execFile, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** The working tree's command. */
export const DEFAULT_BIN = resolve(import.meta.dirname, '../../apps/server/bin/glowkit.js');

const PORTS = /web UI on port (\d+) \(HTTPS (\d+)\)(?:, JSON on TCP (\d+))?/;
const TOKEN = /^\s+(\S{20,})\s*$/;

/**
 * Starts `glowkit start` with `configuration` stored first. `bin`: another build's
 * bin/glowkit.js, to compare revisions. `probe`: a module path preloaded into the server.
 * `nodeArgs`: more of node's options for the server (e.g. --cpu-prof, to see its long tasks).
 * `env`: variables set for the server beside this process's own (e.g. its allocator's:
 * MALLOC_ARENA_MAX, LD_PRELOAD). Log lines (JSON on standard output) are counted, and the first
 * few printed.
 */
export async function startServerCommand({
  configuration,
  bin = DEFAULT_BIN,
  probe,
  nodeArgs = [],
  env = {},
  showLogs = 3,
}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-bench-'));
  const file = join(dataDir, 'configuration.json');
  writeFileSync(file, JSON.stringify(configuration));
  await promisify(execFile)(process.execPath, [
    bin,
    'config',
    'import',
    file,
    '--data-dir',
    dataDir,
  ]);
  const args = ['start', '--data-dir', dataDir, '--host', '127.0.0.1'];
  for (const port of ['port', 'ssl-port', 'tcp-port', 'flatbuf-port', 'proto-port']) {
    args.push(`--${port}`, '0');
  }
  const child = fork(bin, args, {
    execArgv: [...nodeArgs, ...(probe ? ['--import', pathToFileURL(resolve(probe)).href] : [])],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const logs = { lines: 0 };
  let ports;
  let token;
  let tokenNext = false;
  const ready = new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`glowkit start exited (${code}) before it ran`)));
    // Read to the end: a server whose standard output is not drained stops at its next log line.
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) {
        logs.lines += 1;
        if (logs.lines <= showLogs) console.log(`  (server log: ${line.slice(0, 300)})`);
        return;
      }
      const matched = PORTS.exec(line);
      if (matched) ports = matched.slice(1).map((p) => (p === undefined ? undefined : Number(p)));
      if (line.startsWith('Admin token')) tokenNext = true;
      else if (tokenNext && TOKEN.test(line)) {
        token = TOKEN.exec(line)[1];
        tokenNext = false;
      }
      if (ports && token) resolvePromise();
    });
  });
  await ready;
  let asking = Promise.resolve();
  return {
    pid: child.pid,
    http: ports[0],
    https: ports[1],
    tcp: ports[2],
    token,
    dataDir,
    logs,
    /** Sends a message to the probe and waits for its answer (one question at a time). */
    ask(message) {
      const reply = asking.then(async () => {
        const answer = once(child, 'message');
        child.send(message);
        return (await answer)[0];
      });
      asking = reply.catch(() => {});
      return reply;
    },
    /** Stops it as a service manager does (SIGTERM), SIGKILL after 10 s; removes its data. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
