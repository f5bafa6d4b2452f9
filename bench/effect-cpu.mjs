// Benchmark: CPU per frame of one effect, the way `glowkit start` runs it — a server in a child
// process, its Python effect under it — for the working tree's server (A) and any other
// builds (B, …; e.g. the landed commit's), in one run: in each round every side runs at the same
// time, over the same seconds.
//
// The set-up is the one issue 25 §1b compares with Hyperion.ng: Hyperion.ng's own "Rainbow swirl"
// (its effects folder read through `effects.paths`, so its definition and its swirl.py run
// unchanged), one instance of 300 LEDs around the picture's edges, a `file` device writing to a
// file, every other setting at its default (so smoothing on, and the definition's own smoothing
// of 200 ms at 25 Hz). Each round starts a fresh server, starts the effect over the JSON API,
// lets it run for --warmup seconds and measures for --seconds. The default warm-up, 40 s, is what
// a server that runs for hours is past: the swirl has turned once (20 s; an engine that keeps what
// it drew is not measured on its first turn), V8 has compiled the frame path, and the memory
// reducer's full collections after start-up (about 30 s in, 50-250 ms of CPU each) are over.
//
// Printed per side (medians over the rounds): frames/s the effect sent (pictures reaching the
// instance) and frames/s written by the device (lines of the file), CPU as % of one core of the
// server process, of the effect ("child": every process under the server, at any depth — the
// script runs as a grandchild, under its confinement launcher) and of both, and CPU ms per device
// frame — the figure the issue compares (Hyperion.ng: 1.54 % at 16.1 frames/s = 0.957 ms per
// frame). It asserts nothing.
//
// Usage: node bench/effect-cpu.mjs [--effects <Hyperion.ng's effects folder>] [--base <other
//        build's apps/server/dist/index.js> …] [--seconds S (20)] [--warmup W (40)] [--rounds R (3)]
//        [--live (a client streams the LED colours, as the web UI does)] [--effect NAME]
// The effects folder defaults to $GLOWKIT_CORPUS/effects; it must hold the definition, the script
// it names and that script's schema in schema/ (Hyperion.ng's effects/ folder, e.g. from its
// repository; the corpus holds definitions and schemas, not scripts). It stops with one line when
// one of them is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { DEFAULT_SERVER, startServerChild } from './support/server-child.mjs';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    effects: { type: 'string' },
    effect: { type: 'string', default: 'Rainbow swirl' },
    base: { type: 'string', multiple: true, default: [] },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '3' },
    live: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const usage =
  'Usage: node bench/effect-cpu.mjs [--effects <Hyperion.ng effects folder>] [--base <build>/apps/server/dist/index.js …] [--seconds S] [--warmup W] [--rounds R] [--live] [--effect NAME]';
if (flags.help) {
  console.log(usage);
  process.exit(0);
}
const corpus = process.env.GLOWKIT_CORPUS;
const EFFECTS = flags.effects ?? (corpus ? join(corpus, 'effects') : undefined);
/** Without a folder of its own choosing (`npm run bench` runs every bench bare), a bench skips. */
const cannot = (why) => {
  console.error(`effect-cpu: ${why}`);
  process.exit(flags.effects === undefined ? 0 : 2);
};
if (EFFECTS === undefined)
  cannot(`skipped: no effects folder; pass --effects or set GLOWKIT_CORPUS. ${usage}`);
const definition = findDefinition(resolve(EFFECTS), flags.effect);
const SECONDS = Math.max(2, Number(flags.seconds) || 20);
const ROUNDS = Math.max(1, Number.parseInt(flags.rounds, 10) || 3);
const WARMUP = Math.max(0, Number(flags.warmup) || 0);
const LEDS = 300;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (x, digits = 2) => x.toFixed(digits);

/**
 * The definition of `name` in `dir`, checked to have what the server needs to load it: its script
 * beside it and an option schema in `dir/schema` naming that script (without either the server
 * leaves the effect out, and the bench would only learn so from a failed start).
 */
function findDefinition(dir, name) {
  if (!existsSync(dir)) cannot(`the effects folder ${dir} does not exist; pass --effects`);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = readJson(join(dir, file));
    if (parsed?.name !== name) continue;
    const script = join(dir, String(parsed.script));
    if (!existsSync(script)) {
      cannot(
        `${join(dir, file)} names ${parsed.script}, which is not in ${dir}; pass --effects with a folder holding it and Hyperion.ng's effects/${parsed.script} (the corpus holds definitions only)`,
      );
    }
    if (!hasSchemaFor(dir, script)) {
      cannot(
        `no schema for ${parsed.script} in ${join(dir, 'schema')}; add Hyperion.ng's effects/schema/${parsed.script.replace(/\.py$/, '')}.schema.json there`,
      );
    }
    return { file: join(dir, file), script };
  }
  cannot(`no definition named "${name}" in ${dir}; pass --effect or --effects`);
}

/** A JSON file's value, or undefined when it is missing or not JSON. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether `dir/schema` holds a schema whose "script" is `script` (the catalogue's rule). */
function hasSchemaFor(dir, script) {
  const schemas = join(dir, 'schema');
  if (!existsSync(schemas)) return false;
  return readdirSync(schemas)
    .filter((f) => f.endsWith('.json'))
    .some((f) => {
      const value = readJson(join(schemas, f));
      return typeof value?.script === 'string' && join(dir, value.script) === script;
    });
}

/** 300 LEDs around the picture: top, right, bottom, left, 75 each. */
const frameLayout = Array.from({ length: LEDS }, (_, i) => {
  const side = Math.floor(i / 75);
  const t = (i % 75) / 75;
  const u = t + 1 / 75;
  const r = (x) => Number(x.toFixed(4));
  return [
    { hmin: r(t), hmax: r(u), vmin: 0, vmax: 0.08 },
    { hmin: 0.92, hmax: 1, vmin: r(t), vmax: r(u) },
    { hmin: r(1 - u), hmax: r(1 - t), vmin: 0.92, vmax: 1 },
    { hmin: 0, hmax: 0.08, vmin: r(1 - u), vmax: r(1 - t) },
  ][side];
});

/** CPU seconds of a process, every thread, from the scheduler's nanosecond account. */
function cpuSeconds(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ns / 1e9;
}

/** Every process now alive under `pid`, at any depth, from the parent field of /proc/<pid>/stat. */
function descendantsOf(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name, in parentheses, may hold spaces: the fields after its last ')' are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  const found = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const next = [];
    for (const p of queue) {
      for (const child of children.get(p) ?? []) {
        found.push(child);
        next.push(child);
      }
    }
    queue = next;
  }
  return found;
}

/**
 * CPU seconds of a process and, separately, of every process under it now alive. The effect's
 * Python runs as a grandchild (the confinement wrapper sits between), so direct children alone
 * would miss it. `count` is the processes that used CPU in the tree: the effect's, and any
 * wrapper that has not exec'd into it.
 */
function cpuOf(pid) {
  let children = 0;
  let count = 0;
  for (const descendant of descendantsOf(pid)) {
    try {
      children += cpuSeconds(descendant);
      count++;
    } catch {
      // Ended meanwhile.
    }
  }
  return { server: cpuSeconds(pid), child: children, count };
}

/** Newlines in a file: the frames the `file` device wrote. */
function linesOf(path) {
  try {
    const data = readFileSync(path);
    let n = 0;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) n++;
    return n;
  } catch {
    return 0;
  }
}

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
  let pushes = 0;
  ws.on('message', (data) => {
    const reply = JSON.parse(String(data));
    if (reply.command === 'ledcolors-ledstream-update') pushes++;
    const answer = waiting.get(reply.tan);
    if (answer && reply.command !== 'ledcolors-ledstream-update') {
      waiting.delete(reply.tan);
      answer(reply);
    }
  });
  return {
    send(request) {
      tan += 1;
      const reply = new Promise((ok) => waiting.set(tan, ok));
      ws.send(JSON.stringify({ ...request, tan }));
      return reply;
    },
    pushes: () => pushes,
    close: () => ws.close(),
  };
}

/** The probe loaded into the server child: counts the pictures the effect hands the instance. */
const PROBE = resolve(import.meta.dirname, 'support/effect-frames-probe.mjs');

/** A fresh server of one build, running the effect (and the LED stream with --live). */
async function launch(modulePath) {
  const output = join(execFileSync('mktemp', ['-d'], { encoding: 'utf8' }).trim(), 'leds.txt');
  const server = await startServerChild(
    modulePath,
    {},
    {
      probe: PROBE,
      globalSettings: { effects: { paths: [resolve(EFFECTS)], disable: [] } },
      instanceSettings: {
        device: {
          type: 'file',
          hardwareLedCount: LEDS,
          output,
          printTimeStamp: false,
          colorOrder: 'rgb',
          autoStart: true,
          latchTime: 0,
          rewriteTime: 0,
        },
        leds: frameLayout,
        // The boot effect would overlap the first seconds; it is no part of the comparison.
        foregroundEffect: {
          enable: false,
          type: 'effect',
          color: [0, 0, 255],
          effect: 'Rainbow Wave',
          duration_ms: 3000,
        },
      },
    },
  );
  const client = await connect(server.http, server.token);
  const reply = await client.send({
    command: 'effect',
    effect: { name: flags.effect },
    priority: 50,
    duration: -1,
    origin: 'bench',
  });
  if (!reply.success) throw new Error(`the effect did not start: ${reply.error}`);
  if (flags.live) {
    const live = await client.send({ command: 'ledcolors', subcommand: 'ledstream-start' });
    if (!live.success) throw new Error(`the LED stream did not start: ${live.error}`);
  }
  return { server, client, output };
}

/** Where a running side stands now: CPU, lines written, pictures shown. */
async function sample({ server, output }) {
  return {
    cpu: cpuOf(server.pid),
    lines: linesOf(output),
    frames: (await server.ask('frames')).frames,
    at: performance.now(),
  };
}

/** The figures between two samples. */
function figures(before, after) {
  const seconds = (after.at - before.at) / 1000;
  if (after.cpu.count === 0) console.log('   (no process under the server: the effect ended)');
  const serverCpu = after.cpu.server - before.cpu.server;
  const childCpu = after.cpu.child - before.cpu.child;
  const deviceFrames = after.lines - before.lines;
  const effectFrames = after.frames - before.frames;
  return {
    effectFps: effectFrames / seconds,
    deviceFps: deviceFrames / seconds,
    server: (serverCpu / seconds) * 100,
    child: (childCpu / seconds) * 100,
    total: ((serverCpu + childCpu) / seconds) * 100,
    msPerFrame: ((serverCpu + childCpu) / deviceFrames) * 1000,
    serverMsPerFrame: (serverCpu / deviceFrames) * 1000,
    childMsPerEffectFrame: (childCpu / Math.max(1, effectFrames)) * 1000,
    processes: after.cpu.count,
  };
}

async function finish({ server, client, output }) {
  client.close();
  await server.stop();
  execFileSync('rm', ['-rf', resolve(output, '..')]);
}

const sides = [
  { name: 'A (this tree)', path: DEFAULT_SERVER },
  ...flags.base.map((path, i) => ({
    name: `${String.fromCharCode(66 + i)} (${path})`,
    path: resolve(path),
  })),
];
for (const side of sides) {
  if (!statSync(side.path, { throwIfNoEntry: false })) {
    console.error(`effect-cpu: no server build at ${side.path}`);
    process.exit(2);
  }
  side.runs = [];
}
console.log(
  `"${flags.effect}" (${definition.file}), ${LEDS} LEDs, file device, default smoothing${flags.live ? ', LED stream open' : ''}; ${ROUNDS} rounds of ${SECONDS} s`,
);
for (let round = 0; round < ROUNDS; round++) {
  // Every side runs at once, measured over the same seconds: the machine is shared and busy, and
  // its load then weighs on each side alike (CPU time is counted per process, not wall time).
  const order = sides.map((_, i) => sides[(i + round) % sides.length]);
  const running = [];
  try {
    for (const side of order) running.push({ side, run: await launch(side.path) });
    await sleep(WARMUP * 1000);
    const before = await Promise.all(running.map(({ run }) => sample(run)));
    await sleep(SECONDS * 1000);
    const after = await Promise.all(running.map(({ run }) => sample(run)));
    running.forEach(({ side }, i) => {
      const run = figures(before[i], after[i]);
      side.runs.push(run);
      console.log(
        `   round ${round + 1} ${side.name.slice(0, 1)}: ${fmt(run.total)} % at ${fmt(run.deviceFps, 1)} frames/s → ${fmt(run.msPerFrame, 3)} ms/frame (${run.processes} processes under the server)`,
      );
    });
  } finally {
    for (const { run } of running) await finish(run);
  }
}
const m = (side, key) => median(side.runs.map((r) => r[key]));
console.log(
  '\n   side                effect fps  device fps  server %  child %  total %  ms/frame',
);
for (const side of sides) {
  console.log(
    `   ${side.name.padEnd(20).slice(0, 20)} ${fmt(m(side, 'effectFps'), 1).padStart(9)} ${fmt(m(side, 'deviceFps'), 1).padStart(11)} ${fmt(m(side, 'server')).padStart(9)} ${fmt(m(side, 'child')).padStart(8)} ${fmt(m(side, 'total')).padStart(8)} ${fmt(m(side, 'msPerFrame'), 3).padStart(9)}`,
  );
}
console.log('   per frame: server ms per device frame, child ms per effect frame (medians):');
for (const side of sides) {
  console.log(
    `   ${side.name.slice(0, 1)}: server ${fmt(m(side, 'serverMsPerFrame'), 3)} ms, child ${fmt(m(side, 'childMsPerEffectFrame'), 3)} ms`,
  );
}
const HYPERION_MS = 0.957;
for (const side of sides) {
  console.log(
    `   ${side.name.slice(0, 1)} ÷ Hyperion.ng (0.957 ms/frame at 16.1 frames/s, from the issue): ${fmt(m(side, 'msPerFrame') / HYPERION_MS)}×`,
  );
}
if (sides.length > 1) {
  for (const side of sides.slice(1)) {
    console.log(
      `   A ÷ ${side.name.slice(0, 1)}: ${fmt(m(sides[0], 'msPerFrame') / m(side, 'msPerFrame'))}× CPU per frame`,
    );
  }
}
