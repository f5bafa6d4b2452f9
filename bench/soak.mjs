// Soak (issue 25 §2): the built server started as its users start it (`glowkit start`, through
// apps/server/bin/glowkit.js: see support/server-command.mjs), under the load of a busy home for
// N minutes, sampled every 30 s; it fails when the server grows.
//
// Load, every loop bounded and stopped at the end:
// - 4 instances of 300 LEDs on `file` devices writing to /dev/null, each running its background
//   effect (a bundled Python effect, so 4 effect children);
// - 30 WebSocket clients, each subscribed to every push topic and streaming one instance's LED
//   colours (`ledcolors ledstream-start`, the live stream the web UI shows); they reconnect when
//   a restore restarts the server (it closes WebSockets with 1012);
// - 5 clients sending random valid control commands (color, effect, clear, adjustment,
//   componentstate, sourceselect), each at most 4 a second, the next after the last reply;
// - one restore a minute (POST /json-rpc `config restoreconfig` with a valid configuration);
// - a token created, used by a WebSocket of its own, and revoked every 15 s;
// - the web UI open on the overview in Debian's Chromium (playwright-core).
//
// Sampled every 30 s: the server's RSS and heap used (as held, and after a full GC: the slope
// that judges a leak is the latter's, see the probe) and its event-loop delay p99 (how late a
// 10 ms timer fires: node's histogram less its own 10 ms interval, from a probe module preloaded
// into the server, bench/support/soak-probe.mjs), its open fds (/proc/<pid>/fd), its child
// processes (/proc/*/stat whose parent is the server) and its CPU % (/proc/<pid>/stat).
// Fds and children are counted in a known state of the load: the control clients paused and
// their priorities cleared (each instance back on its background effect), then read 5 times over
// a second and the median kept: an effect stopping or a client reconnecting at that moment is not
// a leak, and what a leak holds is in every reading. Restores and tokens run between samples.
// Baseline in the same run: an idle Node process with the same event-loop probe
// (bench/support/soak-baseline.mjs), whose delay is the machine's own (other processes on the
// cores); the machine's load average is printed beside it.
//
// After the warm-up (--warmup seconds, default 120) it prints least-squares slopes per hour and
// fails (exit code 1, one line per failure) when RSS after GC grows more than 2 MB an hour, when
// fds or children grow at all (the median of the last third of the samples after the warm-up
// above the median of the first third: a leak raises every sample, one odd sample raises none),
// or when the event-loop delay p99 since the warm-up exceeds 20 ms.
//
// The server runs on the allocator the service unit gives it (`glowkit service unit`): glibc's
// malloc with two arenas (MALLOC_ARENA_MAX=2). --allocator jemalloc preloads jemalloc instead
// (LD_PRELOAD, where the system has it), to compare; the run checks that the server has the
// allocator chosen mapped, and prints it.
//
// Flags: --minutes N (default 30), --warmup S (default 120), --every S (default 30),
// --heap-snapshots DIR (the server's heap at the end of the warm-up and at the end, written
// there as warm.heapsnapshot and end.heapsnapshot: compare them in Chrome's DevTools to see
// what grew). Writing one costs the server about 100 MB of RSS that it keeps, so the RSS slope of
// such a run means nothing; the heap, fds and children still do. --bin PATH: the glowkit command
// to run (default the working tree's apps/server/bin/glowkit.js), e.g. a copy of another
// revision's apps/server (bin and dist) kept inside the repository, to compare revisions.
// --node-arg ARG (repeatable): an option of node's for the server, e.g. --node-arg=--cpu-prof
// --node-arg=--cpu-prof-dir=DIR to see where its event loop's long tasks go (written at its stop).
// --without PART[,PART…] (parts: streams, control, restores, tokens, ui): runs the soak without
// those parts of the load, to find which one a growth comes from; the verdict is printed as for a
// whole run, and only a whole run's verdict is the soak's.
// Environment: CHROMIUM_PATH (default /usr/bin/chromium). Needs the builds (`npm run soak`
// builds first).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SUBSCRIPTION_TOPICS } from '@glowkit/protocol';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { configuration } from './support/configuration.mjs';
import { startServerCommand } from './support/server-command.mjs';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '120' },
    every: { type: 'string', default: '30' },
    'heap-snapshots': { type: 'string' },
    bin: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    without: { type: 'string', default: '' },
    allocator: { type: 'string', default: 'glibc' },
  },
});
const PARTS = ['streams', 'control', 'restores', 'tokens', 'ui'];
const without = new Set(flags.without.split(',').filter(Boolean));
for (const part of without) {
  if (!PARTS.includes(part)) {
    console.error(`soak: --without takes ${PARTS.join(', ')}, not "${part}"`);
    process.exit(2);
  }
}
/** Where distributions install jemalloc's shared library (Debian's multiarch directories first). */
const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/arm-linux-gnueabihf/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
];
const jemallocPath = JEMALLOC_PATHS.find((path) => existsSync(path));
const allocator = flags.allocator;
if (allocator !== 'jemalloc' && allocator !== 'glibc') {
  console.error(`soak: --allocator takes jemalloc or glibc, not "${allocator}"`);
  process.exit(2);
}
if (allocator === 'jemalloc' && jemallocPath === undefined) {
  console.error(
    `soak: jemalloc is not installed (looked for ${JEMALLOC_PATHS.join(', ')}): install it (Debian: apt install libjemalloc2) or run with --allocator glibc`,
  );
  process.exit(2);
}
/** The server's environment for the allocator chosen (for glibc, what the service unit sets). */
const allocatorEnv =
  allocator === 'jemalloc' ? { LD_PRELOAD: jemallocPath } : { MALLOC_ARENA_MAX: '2' };
const MINUTES = Number(flags.minutes);
const WARMUP_S = Number(flags.warmup);
const EVERY_S = Number(flags.every);
if (!(MINUTES > 0 && WARMUP_S >= 0 && EVERY_S > 0 && WARMUP_S < MINUTES * 60)) {
  console.error('soak: --minutes must be > 0, --every > 0 and --warmup shorter than the run');
  process.exit(2);
}

const INSTANCES = 4;
const LEDS = 300;
const STREAM_CLIENTS = 30;
const CONTROL_CLIENTS = 5;
const CONTROL_GAP_MS = 250;
// When each periodic task runs, in ms after the load starts (modulo its period): apart from the
// samples (at whole multiples of --every, 30 s by default), so that a restart or a token's own
// WebSocket is not what a sample counts.
const RESTORE = { every: 60_000, at: 45_000 };
const TOKEN = { every: 15_000, at: 7_500 };
/** The priorities the control clients use: what a sample clears to count in a known state. */
const CONTROL_PRIORITIES = [10, 20, 30, 40, 50];
const EFFECTS = ['Rainbow Wave', 'Campfire', 'Comet', 'Starry Night', 'Warm Pulse', 'Scanner'];
const LIMITS = { rssMbPerHour: 2, delayP99Ms: 20 };

/** A valid 4-instance configuration: 300 LEDs each, a file device, a background effect. */
function soakConfiguration(step) {
  const config = configuration(step);
  const leds = (n) =>
    Array.from({ length: n }, (_, i) => ({
      hmin: Number((i / n).toFixed(4)),
      hmax: Number(((i + 1) / n).toFixed(4)),
      vmin: 0,
      vmax: 0.08,
    }));
  config.instances.forEach((instance, i) => {
    const s = instance.settings;
    s.leds = leds(LEDS);
    s.ledConfig.classic = { ...s.ledConfig.classic, top: 100, bottom: 100, left: 50, right: 50 };
    s.device = { type: 'file', hardwareLedCount: LEDS, output: '/dev/null', autoStart: true };
    s.foregroundEffect = { ...s.foregroundEffect, enable: false };
    s.backgroundEffect = {
      ...s.backgroundEffect,
      enable: true,
      type: 'effect',
      effect: EFFECTS[(i + step) % EFFECTS.length],
    };
  });
  // The picture inputs listen on the ports the child is given; they stay off here.
  config.global.settings.flatbufServer.enable = false;
  config.global.settings.protoServer.enable = false;
  // No SSDP or mDNS: the soak stays on loopback (and several may run on one machine).
  config.global.settings.network = { localApiAuth: true, ssdp: false, mdns: false };
  return config;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const int = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const mb = (bytes) => bytes / 1024 / 1024;

function postJson(port, token, body) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/json-rpc',
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          Authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no reply within 30 s')));
    req.on('error', reject);
    req.end(text);
  });
}

// --- Counters the summary prints -----------------------------------------------------------------
const counts = {
  connects: 0,
  pushes: 0,
  ledFrames: 0,
  commands: 0,
  failed: {},
  restores: 0,
  restoreFailures: 0,
  tokens: 0,
  tokenFailures: 0,
  pageErrors: 0,
  loadErrors: [],
};
const fail = (what, detail) => {
  counts.failed[what] = (counts.failed[what] ?? 0) + 1;
  if (counts.failed[what] === 1) console.log(`  (first failure of ${what}: ${detail})`);
};

// --- The server ----------------------------------------------------------------------------------
// The 4 instances are in the configuration it starts with.
const server = await startServerCommand({
  configuration: soakConfiguration(0),
  bin: flags.bin,
  nodeArgs: flags['node-arg'],
  probe: new URL('./support/soak-probe.mjs', import.meta.url).pathname,
  env: allocatorEnv,
});
// A preload that failed (a wrong path, another architecture's library) only warns: check it took.
const mapsJemalloc = readFileSync(`/proc/${server.pid}/maps`, 'utf8').includes('libjemalloc');
if (mapsJemalloc !== (allocator === 'jemalloc')) {
  await server.stop();
  console.error(
    `soak: the server runs ${mapsJemalloc ? 'jemalloc' : "glibc's malloc"}, not the ${allocator} asked for`,
  );
  process.exit(2);
}
const port = server.http;
// The same-run baseline of the event-loop delay: an idle Node process with the same probe.
const baseline = fork(new URL('./support/soak-baseline.mjs', import.meta.url).pathname, [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let askingBaseline = Promise.resolve();
const askBaseline = (message) => {
  const reply = askingBaseline.then(async () => {
    const answer = once(baseline, 'message');
    baseline.send(message);
    return (await answer)[0];
  });
  askingBaseline = reply.catch(() => {});
  return reply;
};
const token = server.token;
let running = true;
/** True while a sample is taken: the control clients wait. */
let quiet = false;
const loops = [];
let browser;

/** A question to the probe in the server (one at a time: the next message is the reply). */
const ask = (message) => server.ask(message);

// The effects start before any client connects.
await sleep(3000);

/**
 * A WebSocket client that keeps itself connected while the soak runs: `onOpen(client)` runs at
 * each (re)connection; `call` sends a request and waits for the reply with its tan (or rejects
 * at close or after 30 s).
 */
function keptClient(name, onOpen, onPush = () => {}, clientToken = token) {
  let tan = 0;
  const waiting = new Map();
  const client = {
    socket: undefined,
    stopped: false,
    call(request) {
      const socket = client.socket;
      if (socket?.readyState !== WebSocket.OPEN) return Promise.reject(new Error('not open'));
      const id = ++tan;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`no reply to ${request.command} within 30 s`));
        }, 30_000);
        waiting.set(id, { resolve, reject, timer });
        socket.send(JSON.stringify({ ...request, tan: id }));
      });
    },
  };
  const loop = (async () => {
    while (running && !client.stopped) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/`, {
        headers: { Authorization: `Bearer ${clientToken}` },
      });
      client.socket = socket;
      const closed = new Promise((resolve) => {
        socket.on('close', resolve);
        socket.on('error', () => {});
      });
      socket.on('message', (data) => {
        let message;
        try {
          message = JSON.parse(String(data));
        } catch {
          return fail(`${name}: reply`, 'not JSON');
        }
        const entry = 'success' in message ? waiting.get(message.tan) : undefined;
        if (entry) {
          waiting.delete(message.tan);
          clearTimeout(entry.timer);
          entry.resolve(message);
        } else onPush(message);
      });
      socket.on('open', () => {
        counts.connects += 1;
        onOpen(client).catch((error) => fail(`${name}: set-up`, error.message));
      });
      await closed;
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        clearTimeout(entry.timer);
        entry.reject(new Error('closed'));
      }
      // Restarting after a restore: the server refuses upgrades for a moment.
      if (running && !client.stopped) await sleep(500 + Math.random() * 500);
    }
  })();
  /** Stops it for good. */
  client.close = () => {
    client.stopped = true;
    client.socket?.terminate();
  };
  client.done = loop;
  return client;
}

// --- 30 streaming clients ------------------------------------------------------------------------
const streamers = Array.from({ length: without.has('streams') ? 0 : STREAM_CLIENTS }, (_, i) =>
  keptClient(
    'stream',
    async (client) => {
      const instance = i % INSTANCES;
      const subscribed = await client.call({
        command: 'serverinfo',
        subcommand: 'subscribe',
        instance,
        subscribe: [...SUBSCRIPTION_TOPICS],
      });
      if (!subscribed.success) fail('subscribe', JSON.stringify(subscribed));
      const started = await client.call({
        command: 'ledcolors',
        subcommand: 'ledstream-start',
        instance,
      });
      if (!started.success) fail('ledstream-start', JSON.stringify(started));
    },
    (push) => {
      if (push.command === 'ledcolors-ledstream-update') counts.ledFrames += 1;
      else counts.pushes += 1;
    },
  ),
);

// --- 5 control clients ---------------------------------------------------------------------------
const instancesOf = () => [int(0, INSTANCES - 1)];
const priority = () => pick(CONTROL_PRIORITIES);
const commands = [
  () => ({
    command: 'color',
    priority: priority(),
    color: [int(0, 255), int(0, 255), int(0, 255)],
    duration: pick([0, 1000, 5000]),
    origin: 'soak',
    instance: instancesOf(),
  }),
  () => ({
    command: 'effect',
    priority: priority(),
    effect: { name: pick(EFFECTS) },
    duration: pick([0, 3000, 10_000]),
    origin: 'soak',
    instance: instancesOf(),
  }),
  () => ({ command: 'clear', priority: pick([-1, priority()]), instance: instancesOf() }),
  () => ({
    command: 'adjustment',
    adjustment: { brightness: int(10, 100) },
    instance: instancesOf(),
  }),
  () => ({
    command: 'componentstate',
    componentstate: { component: pick(['SMOOTHING', 'BLACKBORDER']), state: Math.random() < 0.5 },
    instance: instancesOf(),
  }),
  () =>
    Math.random() < 0.5
      ? { command: 'sourceselect', auto: true, instance: instancesOf() }
      : { command: 'sourceselect', priority: priority(), instance: instancesOf() },
];
const controllers = Array.from({ length: without.has('control') ? 0 : CONTROL_CLIENTS }, () => {
  const client = keptClient('control', async () => {});
  loops.push(
    (async () => {
      while (running) {
        await sleep(CONTROL_GAP_MS);
        if (quiet || client.socket?.readyState !== WebSocket.OPEN) continue;
        const request = pick(commands)();
        try {
          const reply = await client.call(request);
          counts.commands += 1;
          if (!reply.success) fail(request.command, reply.error);
        } catch (error) {
          if (running && error.message !== 'closed') fail(request.command, error.message);
        }
      }
    })(),
  );
  return client;
});

/** Runs `task` at `at` ms after the load's start and every `every` ms after, until the end. */
function periodic({ every, at }, task) {
  return (async () => {
    let next = loadStart + at;
    while (running) {
      await sleep(Math.min(1000, Math.max(0, next - Date.now())));
      if (!running || Date.now() < next) continue;
      next += every;
      await task();
    }
  })();
}

// --- One restore a minute ------------------------------------------------------------------------
const loadStart = Date.now();
let step = 1;
if (!without.has('restores'))
  loops.push(
    periodic(RESTORE, async () => {
      try {
        const reply = await postJson(port, token, {
          command: 'config',
          subcommand: 'restoreconfig',
          config: soakConfiguration(step++),
        });
        if (reply.success) counts.restores += 1;
        else {
          counts.restoreFailures += 1;
          fail('restore', JSON.stringify(reply).slice(0, 300));
        }
      } catch (error) {
        counts.restoreFailures += 1;
        fail('restore', error.message);
      }
    }),
  );

// --- A token created, used and revoked every 15 s ------------------------------------------------
let tokenNumber = 0;
if (!without.has('tokens'))
  loops.push(
    periodic(TOKEN, async () => {
      try {
        const created = await postJson(port, token, {
          command: 'authorize',
          subcommand: 'createToken',
          comment: `soak token ${++tokenNumber}`,
        });
        if (!created.success) throw new Error(JSON.stringify(created));
        const { token: fresh, id } = created.info;
        const user = keptClient(
          'token user',
          async (c) => {
            const reply = await c.call({ command: 'serverinfo' });
            if (!reply.success) fail('token user', JSON.stringify(reply).slice(0, 200));
          },
          undefined,
          fresh,
        );
        await sleep(2000);
        const deleted = await postJson(port, token, {
          command: 'authorize',
          subcommand: 'deleteToken',
          id,
        });
        if (!deleted.success) throw new Error(JSON.stringify(deleted));
        await sleep(1000);
        // The revoked session may already be closed by the server; the client stops either way.
        user.close();
        await user.done;
        counts.tokens += 1;
      } catch (error) {
        counts.tokenFailures += 1;
        fail('token', error.message);
      }
    }),
  );

// --- The web UI in Chromium ----------------------------------------------------------------------
if (!without.has('ui')) {
  browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('glowkit.token', t), token);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    counts.pageErrors += 1;
    if (counts.pageErrors === 1) console.log(`  (first page error: ${error.message})`);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
}

// --- Sampling ------------------------------------------------------------------------------------
const CLK_TCK = 100; // USER_HZ: 100 on every Linux Node runs on.
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
}
function childrenOf(pid) {
  let n = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) n += 1;
    } catch {} // gone meanwhile
  }
  return n;
}
const fdsOf = (pid) => readdirSync(`/proc/${pid}/fd`).length;

/** The median of 5 readings over a second: what stays, not what passes. */
async function settled(read) {
  const readings = [];
  for (let i = 0; i < 5; i++) {
    readings.push(read());
    if (i < 4) await sleep(250);
  }
  return median(readings);
}

/**
 * Fds and children in a known state of the load: the control clients paused, their priorities
 * cleared (so each instance shows its background effect again), 2 s for effects to stop.
 */
async function quietCounts() {
  quiet = true;
  try {
    const client = controllers.find((c) => c.socket?.readyState === WebSocket.OPEN);
    for (const p of CONTROL_PRIORITIES) {
      await client?.call({ command: 'clear', priority: p, instance: [0, 1, 2, 3] }).catch(() => {});
    }
    await sleep(2000);
    const fds = await settled(() => fdsOf(server.pid));
    const children = await settled(() => childrenOf(server.pid));
    return { fds, children };
  } finally {
    quiet = false;
  }
}

/** Writes the server's heap snapshot `<name>.heapsnapshot` where --heap-snapshots says. */
async function heapSnapshot(name) {
  if (flags['heap-snapshots'] === undefined) return;
  const path = join(resolve(flags['heap-snapshots']), `${name}.heapsnapshot`);
  const reply = await ask({ heapSnapshot: path });
  console.log(`  (heap snapshot: ${reply.written})`);
}

const samples = [];
const started = loadStart;
let lastCpu = { ticks: cpuTicks(server.pid), at: performance.now() };
let warm = WARMUP_S === 0;
if (warm) await Promise.all([ask('warm'), askBaseline('warm')]);
console.log(
  `soak: ${MINUTES} min, ${INSTANCES} instances × ${LEDS} LEDs with effects, ${STREAM_CLIENTS} streaming clients, ${CONTROL_CLIENTS} control clients, a restore a minute, a token every 15 s, the web UI in Chromium; warm-up ${WARMUP_S} s, a sample every ${EVERY_S} s; allocator ${allocator === 'jemalloc' ? `jemalloc (${jemallocPath})` : "glibc's malloc, MALLOC_ARENA_MAX=2"}${without.size ? `; WITHOUT ${[...without].join(', ')} (a partial run: not the soak's verdict)` : ''}`,
);
console.log(
  '     s   RSS MB (after GC)  heap MB (after GC)   fds  children  delay p99 ms (max)   CPU %  | baseline p99 ms  load |  LED frames   pushes  commands  restores',
);
const end = started + MINUTES * 60_000;
let nextSample = started + EVERY_S * 1000;
const interrupted = new Promise((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});
let stoppedEarly = false;
let last;
let lastBaseline;
try {
  while (Date.now() < end) {
    const wait = sleep(Math.max(0, Math.min(nextSample, end) - Date.now()));
    if ((await Promise.race([wait.then(() => false), interrupted.then(() => true)])) === true) {
      stoppedEarly = true;
      break;
    }
    if (Date.now() < nextSample) continue;
    nextSample += EVERY_S * 1000;
    const t = (Date.now() - started) / 1000;
    const [probe, idle] = await Promise.all([ask('sample'), askBaseline('sample')]);
    const now = { ticks: cpuTicks(server.pid), at: performance.now() };
    const cpu = (((now.ticks - lastCpu.ticks) / CLK_TCK) * 1000 * 100) / (now.at - lastCpu.at);
    lastCpu = now;
    const { fds, children } = await quietCounts();
    const sample = { t, ...probe, fds, children, cpu, warm };
    samples.push(sample);
    console.log(
      `${t.toFixed(0).padStart(6)} ${mb(probe.rssBytes).toFixed(1).padStart(8)} (${mb(probe.rssAfterGcBytes).toFixed(1).padStart(6)}) ${mb(probe.heapUsedBytes).toFixed(1).padStart(8)} (${mb(probe.heapAfterGcBytes).toFixed(1).padStart(6)}) ${String(fds).padStart(5)} ${String(children).padStart(9)} ${probe.delayP99Ms.toFixed(1).padStart(13)} (${probe.delayMaxMs.toFixed(0)})`.padEnd(
        89,
      ) +
        `${cpu.toFixed(1).padStart(6)}  | ${`${idle.delayP99Ms.toFixed(1)} (${idle.delayMaxMs.toFixed(0)})`.padStart(15)} ${loadavg()[0].toFixed(1).padStart(5)} | ${String(counts.ledFrames).padStart(11)} ${String(counts.pushes).padStart(8)} ${String(counts.commands).padStart(9)} ${String(counts.restores).padStart(9)}${warm ? '' : '  (warm-up)'}`,
    );
    if (!warm && t >= WARMUP_S) {
      warm = true;
      await heapSnapshot('warm');
      await Promise.all([ask('warm'), askBaseline('warm')]);
    }
  }
} finally {
  running = false;
  for (const client of [...streamers, ...controllers]) client.close();
  await Promise.all([...loops, ...streamers.map((c) => c.done), ...controllers.map((c) => c.done)]);
  await browser?.close();
  last = await ask('sample').catch(() => undefined);
  await heapSnapshot('end').catch((error) => console.log(`no heap snapshot: ${error.message}`));
  lastBaseline = await askBaseline('sample').catch(() => undefined);
  await server.stop();
  const gone = once(baseline, 'exit');
  baseline.send('stop');
  await gone;
}

// --- Verdict -------------------------------------------------------------------------------------
/** Least-squares slope of ys over xs. */
function slope(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
const after = samples.filter((s) => s.warm);
console.log(
  `\nload: ${counts.connects} WebSocket connections made, ${counts.ledFrames} LED frames and ${counts.pushes} other pushes received, ${counts.commands} control commands, ${counts.restores} restores (${counts.restoreFailures} failed), ${counts.tokens} tokens created and revoked (${counts.tokenFailures} failed), ${counts.pageErrors} errors in the web UI`,
);
console.log(`server log: ${server.logs.lines} lines`);
const refused = Object.entries(counts.failed);
if (refused.length) {
  console.log(`unsuccessful replies: ${refused.map(([k, v]) => `${k} ${v}`).join(', ')}`);
}
if (after.length < 3) {
  console.log(
    `soak: only ${after.length} samples after the warm-up: run longer (--minutes) or shorten --warmup`,
  );
  process.exit(stoppedEarly ? 130 : 2);
}
const hours = after.map((s) => s.t / 3600);
const perHour = (key, scale = 1) =>
  slope(
    hours,
    after.map((s) => s[key] * scale),
  );
const heldSlope = perHour('rssBytes', 1 / 1024 / 1024);
const rssSlope = perHour('rssAfterGcBytes', 1 / 1024 / 1024);
const heapSlope = perHour('heapAfterGcBytes', 1 / 1024 / 1024);
// Where RSS goes: anonymous memory and pages of files (the node binary); besides the used heap,
// V8's reserved heap and memory outside it (Buffers); of the used heap, objects (old space) and
// compiled code (code space).
const breakdown = [
  'rssAnonAfterGcBytes',
  'rssFileAfterGcBytes',
  'heapTotalAfterGcBytes',
  'oldSpaceAfterGcBytes',
  'codeSpaceAfterGcBytes',
  'externalAfterGcBytes',
  'arrayBuffersAfterGcBytes',
];
const fdSlope = perHour('fds');
const childSlope = perHour('children');
const third = Math.max(1, Math.floor(after.length / 3));
const early = after.slice(0, third);
const late = after.slice(-third);
const middle = (xs, key) => median(xs.map((s) => s[key]));
const grow = (key) => middle(late, key) - middle(early, key);
const runP99 = last?.runP99Ms ?? Math.max(...after.map((s) => s.delayP99Ms));
const runMax = last?.runMaxMs ?? Math.max(...after.map((s) => s.delayMaxMs));
const first = after[0];
const final = after[after.length - 1];
console.log(
  `after the warm-up (${after.length} samples, ${(first.t / 60).toFixed(1)}–${(final.t / 60).toFixed(1)} min):`,
);
console.log(
  `  RSS after GC ${mb(first.rssAfterGcBytes).toFixed(1)} → ${mb(final.rssAfterGcBytes).toFixed(1)} MB, slope ${rssSlope.toFixed(2)} MB/h (limit ${LIMITS.rssMbPerHour}); as held, before it: ${mb(first.rssBytes).toFixed(1)} → ${mb(final.rssBytes).toFixed(1)} MB, slope ${heldSlope.toFixed(2)} MB/h`,
);
console.log(
  `  heap after GC ${mb(first.heapAfterGcBytes).toFixed(1)} → ${mb(final.heapAfterGcBytes).toFixed(1)} MB, slope ${heapSlope.toFixed(2)} MB/h`,
);
console.log(
  `  after GC: ${breakdown
    .map(
      (key) =>
        `${key.replace('AfterGcBytes', '')} ${mb(first[key]).toFixed(1)} → ${mb(final[key]).toFixed(1)} MB (${perHour(key, 1 / 1024 / 1024).toFixed(2)} MB/h)`,
    )
    .join(', ')}`,
);
console.log(
  `  fds   ${first.fds} → ${final.fds}, slope ${fdSlope.toFixed(1)}/h, median of the last third − median of the first: ${grow('fds')}`,
);
console.log(
  `  children ${first.children} → ${final.children}, slope ${childSlope.toFixed(1)}/h, median of the last third − median of the first: ${grow('children')}`,
);
console.log(
  `  event-loop delay p99 ${runP99.toFixed(1)} ms (max ${runMax.toFixed(0)} ms), limit ${LIMITS.delayP99Ms} ms; baseline (an idle Node process, same run) p99 ${lastBaseline?.runP99Ms.toFixed(1) ?? '?'} ms (max ${lastBaseline?.runMaxMs.toFixed(0) ?? '?'} ms)`,
);
console.log(
  `  CPU ${(after.reduce((a, s) => a + s.cpu, 0) / after.length).toFixed(1)} % of a core on average`,
);

const failures = [];
if (rssSlope > LIMITS.rssMbPerHour) {
  failures.push(
    `RSS (after a full GC) grows ${rssSlope.toFixed(1)} MB an hour (limit ${LIMITS.rssMbPerHour})`,
  );
}
if (grow('fds') > 0) failures.push(`open fds grew by ${grow('fds')}`);
if (grow('children') > 0) failures.push(`child processes grew by ${grow('children')}`);
if (runP99 > LIMITS.delayP99Ms) {
  const idle = lastBaseline?.runP99Ms;
  failures.push(
    `event-loop delay p99 is ${runP99.toFixed(1)} ms (limit ${LIMITS.delayP99Ms}; an idle Node process beside it: ${idle?.toFixed(1) ?? '?'} ms)`,
  );
}
for (const line of failures) console.log(`soak FAILED: ${line}`);
if (failures.length === 0) console.log('soak passed');
process.exit(stoppedEarly ? 130 : failures.length ? 1 : 0);
