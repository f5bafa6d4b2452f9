// Benchmark: what `glowkit start` costs in memory and start time (issue 25 §1), against a bare
// `node -e` process measured in the same run. Each round:
// - bare node: `node -e` that writes one byte and waits; its start (spawn to that first output)
//   and its RSS half a second later;
// - Glowkit: the real command (apps/server/bin/glowkit.js start) in a fresh data directory with the
//   embedded defaults, its one instance given 300 LEDs (the defaults have 1), imported before the
//   clock starts; its start (spawn to the first successfully answered JSON request, polled every
//   5 ms over HTTP with the admin token it wrote), its RSS then ("ready"), then 20 WebSocket
//   clients with a token read `config getconfig` and `serverinfo` in turn for 8 s, and its RSS
//   10 s after they stopped ("after load").
// RSS is the server process's own (/proc/<pid>/status VmRSS), not its effect children's, as for
// Hyperion.ng's daemon. Prints each round, then medians, as MB and as ratios to bare node, with
// Hyperion.ng's figures from the issue beside them. It asserts nothing.
//
// Runs the built tree (npm run build first). Flags: --rounds N (default 3), --load S (default 8),
// --settle S (default 10), --node-args="…" (flags given to node before the command, to try V8
// flags), --clients N (default 20), --compare <another tree's apps/server/bin/glowkit.js> (built;
// measured in the same rounds, against the same bare node, to compare revisions).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ask,
  configurationWithLeds,
  openClient,
  rssOf,
  startGlowkit,
} from './support/glowkit-process.mjs';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    load: { type: 'string', default: '8' },
    settle: { type: 'string', default: '10' },
    clients: { type: 'string', default: '20' },
    'node-args': { type: 'string', default: '' },
    // Another tree's apps/server/bin/glowkit.js, built: measured too, in the same rounds.
    compare: { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(flags.rounds) || 3);
const LOAD_S = Number(flags.load);
const SETTLE_S = Number(flags.settle);
const CLIENTS = Number(flags.clients);
const NODE_ARGS = flags['node-args'].split(/\s+/).filter(Boolean);
const LEDS = 300;

const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function bareNode() {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', 'process.stdout.write("."); setTimeout(() => {}, 60000)'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout, 'data');
  const startMs = performance.now() - t0;
  await sleep(500);
  const rss = rssOf(child.pid);
  child.kill();
  await once(child, 'exit');
  return { startMs, rss };
}

async function glowkit(bin) {
  const server = await startGlowkit(configurationWithLeds(LEDS), { nodeArgs: NODE_ARGS, bin });
  try {
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => openClient(server.ports.http, server.token)),
    );
    const until = performance.now() + LOAD_S * 1000;
    let requests = 0;
    await Promise.all(
      clients.map(async (socket) => {
        while (performance.now() < until) {
          const config = await ask(socket, { command: 'config', subcommand: 'getconfig' });
          const info = await ask(socket, { command: 'serverinfo' });
          if (!config.success || !info.success) throw new Error('a request failed');
          requests += 2;
        }
      }),
    );
    const peakUnderLoad = rssOf(server.pid);
    for (const socket of clients) socket.close();
    await sleep(SETTLE_S * 1000);
    return {
      startMs: server.startMs,
      readyRss: server.readyRss,
      loadRss: peakUnderLoad,
      afterRss: rssOf(server.pid),
      requests,
    };
  } finally {
    await server.stop();
  }
}

console.log(
  `Footprint of glowkit start (fresh data directory, embedded defaults, one instance of ${LEDS} LEDs) against bare node -e, ${ROUNDS} round(s)${NODE_ARGS.length ? `, node ${NODE_ARGS.join(' ')}` : ''}.`,
);
console.log(
  `Load: ${CLIENTS} WebSocket clients with a token read config getconfig and serverinfo for ${LOAD_S} s; "after load" is ${SETTLE_S} s later.`,
);
const builds = [['glowkit', undefined]];
if (flags.compare) builds.push([`compared (${flags.compare})`, resolve(flags.compare)]);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const bare = await bareNode();
  const row = { bare };
  console.log(
    `round ${round}: bare node ${(bare.rss / MB).toFixed(1)} MB, start ${bare.startMs.toFixed(0)} ms`,
  );
  for (const [name, bin] of builds) {
    const gk = await glowkit(bin);
    row[name] = gk;
    console.log(
      `  ${name}: ready ${(gk.readyRss / MB).toFixed(1)} MB, under load ${(gk.loadRss / MB).toFixed(1)} MB, after load ${(gk.afterRss / MB).toFixed(1)} MB, start ${gk.startMs.toFixed(0)} ms (${gk.requests} requests answered)`,
    );
  }
  rows.push(row);
}

const med = (f) => median(rows.map(f));
const bareRss = med((r) => r.bare.rss);
const bareStart = med((r) => r.bare.startMs);
for (const [name] of builds) {
  const figures = [
    ['RSS when ready', med((r) => r[name].readyRss) / MB, bareRss / MB, 'MB', 1.6, '40 MB'],
    [
      'RSS 10 s after the load',
      med((r) => r[name].afterRss) / MB,
      bareRss / MB,
      'MB',
      2.3,
      '40 MB',
    ],
    ['start to first answer', med((r) => r[name].startMs), bareStart, 'ms', 10, 'not measured'],
  ];
  console.log(
    `\n${name}, medians of ${ROUNDS}\n${''.padEnd(24)}    glowkit    bare node   ratio   target   Hyperion.ng (issue 25)`,
  );
  for (const [label, value, base, unit, target, hyperion] of figures) {
    const ratio = value / base;
    console.log(
      `${label.padEnd(24)} ${`${value.toFixed(unit === 'MB' ? 1 : 0)} ${unit}`.padStart(10)} ${`${base.toFixed(unit === 'MB' ? 1 : 0)} ${unit}`.padStart(11)} ${`${ratio.toFixed(2)}×`.padStart(7)}  ≤ ${target}× ${ratio <= target ? 'met   ' : 'MISSED'}  ${hyperion}`,
    );
  }
  console.log(`(under load, median: ${(med((r) => r[name].loadRss) / MB).toFixed(1)} MB)`);
}
console.log(
  'Hyperion.ng 2.2.2, one 300-LED instance, from the issue: 40 MB after start and 40 MB after load; its start time was not measured.',
);
