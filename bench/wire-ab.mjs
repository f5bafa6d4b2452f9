// A/B benchmark of the JSON-RPC paths a settings change touches: the working tree's server (A)
// against another build (B, e.g. the landed commit's), both in child processes on loopback, in one
// run, measured round by round with the order alternating. Per round and side, one WebSocket
// client sends each request when the last reply came:
//
//   restore     `config restoreconfig` of a 4-instance, ~100 KB configuration (then waits until
//               the server answers again after its restart; only the reply is timed)
//   setconfig   `config setconfig` of one instance's `smoothing` group, two values alternating
//   getconfig   `config getconfig` of the whole configuration
//   serverinfo  `serverinfo`
//
// It prints, per request, the median over rounds of the mean reply time and requests/s (one
// client, so the rate is 1 / latency), and the ratio A/B. It asserts nothing.
//
// Usage: node bench/wire-ab.mjs --base <path to another build's apps/server/dist/index.js>
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
    base: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    count: { type: 'string', default: '200' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help || !flags.base) {
  console.log(
    'Usage: node bench/wire-ab.mjs --base <other build>/apps/server/dist/index.js [--rounds R] [--count N]',
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
  result.getconfig = await timed(client, COUNT, () => ({
    command: 'config',
    subcommand: 'getconfig',
  }));
  result.serverinfo = await timed(client, COUNT, () => ({ command: 'serverinfo' }));
  client.close();
  return result;
}

const sides = {
  A: await startServerChild(DEFAULT_SERVER),
  B: await startServerChild(resolve(flags.base)),
};
const results = { A: [], B: [] };
try {
  // Warm-up: one round each, not counted.
  await round(sides.A);
  await round(sides.B);
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 ? ['B', 'A'] : ['A', 'B'];
    for (const side of order) results[side].push(await round(sides[side]));
  }
} finally {
  await sides.A.stop();
  await sides.B.stop();
}

const fmt = (ms) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
console.log(
  `A: ${DEFAULT_SERVER}\nB: ${resolve(flags.base)}\n${ROUNDS} rounds; per round ${RESTORES} restores, ${COUNT} of each other request; one WebSocket client each\n`,
);
console.log('request      A ms/reply  A req/s   B ms/reply  B req/s   A/B time');
for (const kind of ['restore', 'setconfig', 'getconfig', 'serverinfo']) {
  const a = median(results.A.map((x) => x[kind]));
  const b = median(results.B.map((x) => x[kind]));
  console.log(
    `${kind.padEnd(12)} ${fmt(a).padStart(10)} ${(1000 / a).toFixed(0).padStart(8)}   ${fmt(b).padStart(10)} ${(1000 / b).toFixed(0).padStart(8)}   ${(a / b).toFixed(2).padStart(7)}×`,
  );
}
