// Benchmark: the LED engine (packages/engine/dist), each figure beside its baseline in one run.
//
// 1. Pipeline: CPU per frame from an effect frame to device bytes (muxer, colour processing with
//    gamma and brightness, colour order, device) for 300, 1,000 and 5,000 LEDs, for colour frames
//    and for 80×45 canvas pictures mapped onto the LEDs; baseline: copying the frame into the
//    device buffer, with the same event-loop turn per frame.
// 2. Eight instances × 1,000 LEDs, each running the bundled rainbow at 60 fps: CPU of this
//    process and its Python children; baseline: the same eight scripts with a `hyperion` module
//    that writes the frames to /dev/null (the effects' own cost).
// 3. Python bridge: a script sending setColor(bytearray) frames for 1,000 LEDs as fast as it can,
//    against the same loop writing the same bytes to /dev/null: overhead per frame (target ≤ 100 µs).
// 4. A drawing effect (a conical-gradient swirl on the canvas, 300 LEDs, 25 fps) for 30 s: CPU of
//    this process plus the child as a share of one core (target ≤ 5 %), and this process's memory
//    after it stopped against before it started. The engine alone: no server, a virtual device,
//    no smoothing. bench/effect-cpu.mjs measures an effect as `glowkit start` runs it (a server, a
//    `file` device, default smoothing, Hyperion.ng's own swirl), the figure to compare with it.
//
// Flags: --seconds S for parts 2 and 4 (default 10 and 30), --frames N for part 3 (default 20000),
// --rounds R for part 3 (default 5). It asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EffectCatalogue, EffectProcess, LedInstance } from '../packages/engine/dist/index.js';
import { median } from './support/stats.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string' },
    frames: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
  },
});
const LOAD_SECONDS = Number(flags.seconds ?? 10);
const SWIRL_SECONDS = Number(flags.seconds ?? 30);
const FLOOD_FRAMES = Number(flags.frames);
const ROUNDS = Number(flags.rounds);

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const BUNDLED = here('../effects/');
const SUPPORT = here('./support/engine/');
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (x, digits = 2) => x.toFixed(digits);

/** A strip of n LEDs along the top of the picture. */
const strip = (n) =>
  Array.from({ length: n }, (_, i) => ({ hmin: i / n, hmax: (i + 1) / n, vmin: 0, vmax: 0.1 }));

/** This process's children alive now, and their CPU seconds (from /proc). */
function children() {
  let ticks = 0;
  let count = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      count++;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { count, cpu: ticks / CLK_TCK };
}
const childrenCpu = () => children().cpu;

const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function instanceOf(leds, catalogue, changes = {}) {
  const instance = new LedInstance({
    id: 0,
    name: 'bench',
    settings: {
      device: { type: 'virtual', hardwareLedCount: leds, colorOrder: 'grb' },
      leds: strip(leds),
      smoothing: { enable: false },
      foregroundEffect: { enable: false },
      color: {
        imageToLedMappingType: 'multicolor_mean',
        channelAdjustment: [
          {
            id: 'default',
            leds: '*',
            gammaRed: 2.2,
            gammaGreen: 2.2,
            gammaBlue: 2.2,
            brightness: 80,
          },
        ],
      },
      ...changes,
    },
    catalogue: () => catalogue,
    resourceDirs: [BUNDLED],
  });
  await instance.start();
  return instance;
}

const catalogue = await EffectCatalogue.load({
  bundledDir: BUNDLED,
  paths: [SUPPORT],
  disable: [],
  rootDir: SUPPORT,
});

// --- 1. Pipeline -----------------------------------------------------------------------------------
console.log('1. Pipeline: CPU per frame, effect frame → device bytes (median of 5 runs)');
console.log('   LEDs   frame      engine µs   baseline µs   ratio');
for (const leds of [300, 1000, 5000]) {
  const instance = await instanceOf(leds, catalogue);
  const frames = Array.from({ length: 16 }, (_, k) =>
    Uint8Array.from({ length: leds * 3 }, (_, i) => (i * 7 + k * 13) & 255),
  );
  const pictures = Array.from({ length: 16 }, (_, k) => ({
    width: 80,
    height: 45,
    data: Uint8Array.from({ length: 80 * 45 * 3 }, (_, i) => (i * 3 + k * 11) & 255),
  }));
  const target = new Uint8Array(leds * 3);
  const N = Math.max(200, Math.round(600_000 / leds));
  const measure = async (step) => {
    const runs = [];
    for (let r = 0; r < 5; r++) {
      for (let i = 0; i < 50; i++) {
        step(i);
        await new Promise(setImmediate);
      }
      const before = ownCpu();
      for (let i = 0; i < N; i++) {
        step(i);
        // One turn of the event loop per frame, as frames arrive from a pipe.
        await new Promise(setImmediate);
      }
      runs.push(((ownCpu() - before) / N) * 1e6);
    }
    return median(runs);
  };
  const baseline = await measure((i) => target.set(frames[i & 15]));
  instance.muxer.register(50, {
    component: 'EFFECT',
    origin: 'bench',
    owner: 'bench',
    durationMs: -1,
  });
  const colors = await measure((i) => instance.muxer.setColors(50, frames[i & 15]));
  const images = await measure((i) => instance.muxer.setImage(50, pictures[i & 15]));
  console.log(
    `   ${String(leds).padStart(5)}  colours    ${fmt(colors).padStart(9)}   ${fmt(baseline).padStart(11)}   ${fmt(colors / baseline)}×`,
  );
  console.log(
    `   ${String(leds).padStart(5)}  80×45 pic  ${fmt(images).padStart(9)}   ${fmt(baseline).padStart(11)}   ${fmt(images / baseline)}×`,
  );
  await instance.close();
}

// --- 2. Eight instances at 60 fps ------------------------------------------------------------------
console.log(`\n2. Eight instances × 1,000 LEDs, rainbow at 60 fps, ${LOAD_SECONDS} s`);
{
  const rainbow = catalogue.find('Rainbow Wave');
  const args = { ...rainbow.args, fps: 60 };
  // Baseline: the scripts alone, frames to /dev/null.
  const nullRuns = Array.from({ length: 8 }, () =>
    spawn('python3', ['-S', rainbow.script], {
      env: {
        ...process.env,
        PYTHONPATH: `${SUPPORT}null-hyperion`,
        GLOWKIT_NULL_ARGS: JSON.stringify({ ledCount: 1000, args, seconds: LOAD_SECONDS }),
      },
      stdio: 'ignore',
    }),
  );
  const beforeNull = childrenCpu();
  await sleep(LOAD_SECONDS * 1000 - 300);
  const nullCpu = childrenCpu() - beforeNull;
  await Promise.all(
    nullRuns.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))),
  );

  const instances = [];
  for (let i = 0; i < 8; i++) instances.push(await instanceOf(1000, catalogue));
  const written = [];
  for (const instance of instances) {
    let count = 0;
    instance.on('leds', () => count++);
    written.push(() => count);
    await instance.runEffect({
      name: 'Rainbow Wave',
      args,
      priority: 50,
      durationMs: -1,
      origin: 'bench',
    });
  }
  await sleep(500);
  const own0 = ownCpu();
  const kids0 = childrenCpu();
  const frames0 = written.map((f) => f());
  await sleep(LOAD_SECONDS * 1000 - 300);
  const own = ownCpu() - own0;
  const kids = childrenCpu() - kids0;
  const fps = written.map((f, i) => (f() - frames0[i]) / (LOAD_SECONDS - 0.3));
  for (const instance of instances) await instance.close();
  const seconds = LOAD_SECONDS - 0.3;
  console.log(`   frames shown per instance: median ${fmt(median(fps), 1)} fps`);
  console.log(`   server process:  ${fmt((own / seconds) * 100, 1)} % of one core`);
  console.log(`   effect children: ${fmt((kids / seconds) * 100, 1)} % of one core`);
  console.log(`   total:           ${fmt(((own + kids) / seconds) * 100, 1)} % of one core`);
  console.log(
    `   baseline (the 8 scripts alone, frames to /dev/null): ${fmt((nullCpu / seconds) * 100, 1)} % → engine total ÷ baseline ${fmt((own + kids) / nullCpu)}×`,
  );
}

// --- 3. Python bridge ------------------------------------------------------------------------------
console.log(
  `\n3. Python bridge: ${FLOOD_FRAMES} frames of 1,000 LEDs as fast as possible (${ROUNDS} rounds)`,
);
{
  const flood = `${SUPPORT}flood.py`;
  const bridge = [];
  const nullLoop = [];
  for (let r = 0; r < ROUNDS; r++) {
    let started = performance.now();
    execFileSync('python3', ['-S', flood, '--null', '1000', String(FLOOD_FRAMES)]);
    nullLoop.push(performance.now() - started);

    let frames = 0;
    started = performance.now();
    const effect = new EffectProcess({
      name: 'flood',
      script: flood,
      args: { frames: FLOOD_FRAMES },
      ledCount: 1000,
      latchTime: 0,
      width: 1,
      height: 1,
      durationMs: -1,
      resourceDirs: [],
      limits: { maxFramesPerSecond: Number.POSITIVE_INFINITY },
      createCanvas: () => {
        throw new Error('the flood script does not draw');
      },
      loadImage: async () => [],
    });
    effect.on('frame', () => frames++);
    const exited = new Promise((resolve) => effect.once('exit', resolve));
    await effect.start();
    await exited;
    const elapsed = performance.now() - started;
    bridge.push(elapsed);
    if (frames + 1 < FLOOD_FRAMES)
      console.log(`   (round ${r + 1}: only ${frames} frames arrived)`);
  }
  const perFrame = ((median(bridge) - median(nullLoop)) / FLOOD_FRAMES) * 1000;
  console.log(
    `   through the engine: ${fmt(median(bridge), 0)} ms; to /dev/null: ${fmt(median(nullLoop), 0)} ms (medians, incl. python start)`,
  );
  console.log(`   overhead per frame: ${fmt(perFrame, 1)} µs (target ≤ 100 µs)`);
}

// --- 4. Drawing effect -----------------------------------------------------------------------------
console.log(`\n4. Swirl (conical gradient on the canvas), 300 LEDs, 25 fps, ${SWIRL_SECONDS} s`);
{
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const instance = await instanceOf(300, catalogue, {
    leds: Array.from({ length: 300 }, (_, i) => {
      const side = Math.floor(i / 75);
      const t = (i % 75) / 75;
      const u = t + 1 / 75;
      return [
        { hmin: t, hmax: u, vmin: 0, vmax: 0.1 },
        { hmin: 0.9, hmax: 1, vmin: t, vmax: u },
        { hmin: 1 - u, hmax: 1 - t, vmin: 0.9, vmax: 1 },
        { hmin: 0, hmax: 0.1, vmin: 1 - u, vmax: 1 - t },
      ][side];
    }),
  });
  let shown = 0;
  instance.on('leds', () => shown++);
  const result = await instance.runEffect({
    name: 'Bench Swirl',
    priority: 50,
    durationMs: -1,
    origin: 'bench',
  });
  if (!result.ok) throw new Error(`the swirl did not start: ${result.error.message}`);
  await sleep(500);
  const own0 = ownCpu();
  const kids0 = childrenCpu();
  const shown0 = shown;
  await sleep(SWIRL_SECONDS * 1000);
  const own = ownCpu() - own0;
  const kids = childrenCpu() - kids0;
  await instance.close();
  gc();
  await sleep(200);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  const rssAfter = process.memoryUsage().rss;
  console.log(`   frames shown: ${fmt((shown - shown0) / SWIRL_SECONDS, 1)} fps`);
  console.log(
    `   CPU: server ${fmt((own / SWIRL_SECONDS) * 100)} % + child ${fmt((kids / SWIRL_SECONDS) * 100)} % = ${fmt(((own + kids) / SWIRL_SECONDS) * 100)} % of one core (target ≤ 5 %)`,
  );
  console.log(
    `   memory after stop: heap ${fmt(heapAfter / 1048576, 1)} MB (before ${fmt(heapBefore / 1048576, 1)} MB), RSS ${fmt(rssAfter / 1048576, 1)} MB (before ${fmt(rssBefore / 1048576, 1)} MB); effect children left: ${children().count}`,
  );
}
