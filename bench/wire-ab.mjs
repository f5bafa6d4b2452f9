// A/B benchmark of the JSON-RPC paths a settings change touches: the working tree's server (A)
// against one or more other builds (B, C, …; e.g. the landed commit's), each in a child process on
// loopback, in one run, measured round by round with the order rotating. Per round and side, one WebSocket
// client sends each request when the last reply came:
//
//   restore     `config restoreconfig` of a 4-instance, ~100 KB configuration (then waits until
//               the server answers again after its restart; only the reply is timed)
//   setconfig   `config setconfig` of one instance's `smoothing` group, two values alternating
//   getconfig   `config getconfig` of the whole configuration
//   serverinfo  `serverinfo`
//
// It prints, per request, the median over rounds of the mean reply time and requests/s (one
// client, so the rate is 1 / latency), the server's CPU time per request (`…Cpu` rows, ms; the
// rate column is then requests per CPU second), and the ratio of A to each other side. It asserts
// nothing.
//
// Usage: node bench/wire-ab.mjs --base <another build's apps/server/dist/index.js> [--base …]
//        [--rounds R (5)] [--count N (requests per round and kind, 200; restores: N / 20)]
// Build a revision to compare with, e.g.: git worktree add /tmp/landed <rev> && (cd /tmp/landed &&
// npm ci && npx turbo run build --filter=@glowkit/server).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { configuration } from './support/configuration.mjs';
import { DEFAULT_SERVER, startServerChild } from './support/server-child.mjs';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    base: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '5' },
    count: { type: 'string', default: '200' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help || !flags.base?.length) {
  console.log(
    'Usage: node bench/wire-ab.mjs --base <other build>/apps/server/dist/index.js [--base …] [--rounds R] [--count N]',
  );
  process.exit(flags.help ? 0 : 2);
}
const ROUNDS = Math.max(1, Number.parseInt(flags.rounds, 10) || 5);
const COUNT = Math.max(20, Number.parseInt(flags.count, 10) || 200);
const RESTORES = Math.max(2, Math.round(COUNT / 20));

/** One WebSocket client that sends a request and resolves with its reply. */
async function connect(port, token) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/json-rpc`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  let tan = 0;
  const waiting = new Map();
  ws.on('message', (data) => {
    const reply = JSON.parse(String(data));
    const resolveReply = waiting.get(reply.tan);
    if (resolveReply) {
      waiting.delete(reply.tan);
      resolveReply(reply);
    }
  });
  return {
    send(request) {
      tan += 1;
      const reply = new Promise((ok) => waiting.set(tan, ok));
      ws.send(JSON.stringify({ ...request, tan }));
      return reply;
    },
    close: () => ws.close(),
  };
}

/** Sends `count` requests one after another; the mean time per reply, ms. */
async function timed(client, count, request) {
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const reply = await client.send(request(i));
    if (reply.success !== true) throw new Error(`${request(i).command}: ${JSON.stringify(reply)}`);
  }
  return (performance.now() - start) / count;
}

async function untilAnswering(port, token) {
  for (;;) {
    try {
      const client = await connect(port, token);
      const reply = await client.send({ command: 'serverinfo' });
      client.close();
      if (reply.success) return;
    } catch {
      // Restarting: the upgrade is refused until the restart completes.
    }
    await new Promise((ok) => setTimeout(ok, 20));
  }
}

async function round(server) {
  const result = {};
  let client = await connect(server.http, server.token);
  const restores = [];
  for (let i = 0; i < RESTORES; i += 1) {
    const text = { command: 'config', subcommand: 'restoreconfig', config: configuration(i) };
    restores.push(await timed(client, 1, () => text));
    client.close();
    await untilAnswering(server.http, server.token);
    client = await connect(server.http, server.token);
  }
  result.restore = median(restores);
  let cpu = await server.cpuMs();
  // The server's own CPU per request beside the wall time: on a busy machine a side that needs
  // more CPU loses more wall time to the other processes, and the CPU figure shows why.
  const cpuPer = async (count) => {
    const now = await server.cpuMs();
    const per = (now - cpu) / count;
    cpu = now;
    return per;
  };
  result.setconfig = await timed(client, COUNT, (i) => ({
    command: 'config',
    subcommand: 'setconfig',
    instance: 0,
    config: {
      smoothing: {
        enable: true,
        type: 'linear',
        time_ms: i % 2 ? 150 : 200,
        updateFrequency: 25,
        interpolationRate: 25,
        decay: 1,
        dithering: false,
        updateDelay: 0,
      },
    },
  }));
  result.setconfigCpu = await cpuPer(COUNT);
  result.getconfig = await timed(client, COUNT, () => ({
    command: 'config',
    subcommand: 'getconfig',
  }));
  result.getconfigCpu = await cpuPer(COUNT);
  result.serverinfo = await timed(client, COUNT, () => ({ command: 'serverinfo' }));
  result.serverinfoCpu = await cpuPer(COUNT);
  client.close();
  return result;
}

const paths = [DEFAULT_SERVER, ...flags.base.map((path) => resolve(path))];
const names = paths.map((_, i) => String.fromCharCode(65 + i));
const servers = [];
for (const path of paths) servers.push(await startServerChild(path));
const results = servers.map(() => []);
try {
  // Warm-up: one round each, not counted.
  for (const server of servers) await round(server);
  for (let r = 0; r < ROUNDS; r += 1) {
    // Each side goes first in turn, so that a slower stretch of the run is shared out.
    for (let k = 0; k < servers.length; k += 1) {
      const i = (r + k) % servers.length;
      results[i].push(await round(servers[i]));
    }
  }
} finally {
  for (const server of servers) await server.stop();
}

const fmt = (ms) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
console.log(
  `${paths.map((path, i) => `${names[i]}: ${path}`).join('\n')}\n${ROUNDS} rounds; per round ${RESTORES} restores, ${COUNT} of each other request; one WebSocket client each; ms per reply (requests/s)\n`,
);
console.log(
  [
    'request'.padEnd(11),
    ...names.map((n) => n.padStart(16)),
    ...names.slice(1).map((n) => `A/${n}`.padStart(7)),
  ].join(' '),
);
for (const kind of [
  'restore',
  'setconfig',
  'getconfig',
  'serverinfo',
  'setconfigCpu',
  'getconfigCpu',
  'serverinfoCpu',
]) {
  const medians = results.map((rows) => median(rows.map((x) => x[kind])));
  console.log(
    [
      kind.padEnd(11),
      ...medians.map((ms) => `${fmt(ms)} (${(1000 / ms).toFixed(0)})`.padStart(16)),
      ...medians.slice(1).map((ms) => `${(medians[0] / ms).toFixed(2)}×`.padStart(7)),
    ].join(' '),
  );
}
