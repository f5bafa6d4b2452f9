/**
 * What confining an effect costs and holds, confined against unconfined in one run:
 * - start time: from `new EffectProcess` to start() resolving at the first frame, alternating
 *   confined and unconfined runs (median of each);
 * - CPU: the share of a core a `while True: pass` effect takes over a few seconds, confined
 *   (its cgroup cap, EffectLimits.maxCpuShare; then the launcher's SIGSTOP throttle,
 *   `cpuCap: 'signals'`) and unconfined.
 *
 * Usage: node bench/effect-confinement.mjs [--runs 15] [--seconds 3] [--python /usr/bin/python3]
 * Needs the engine's build (npm run build). Asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { scriptPidOf } from '../packages/engine/dist/effects/effect-confinement.js';
import { EffectProcess } from '../packages/engine/dist/index.js';
import { median } from './support/stats.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    seconds: { type: 'string', default: '3' },
    python: {
      type: 'string',
      default: existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3',
    },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);

const dir = await mkdtemp(join(tmpdir(), 'glowkit-bench-confine-'));
await chmod(dir, 0o755);
const paced = join(dir, 'paced.py');
await writeFile(
  paced,
  'import hyperion, time\nwhile not hyperion.abort():\n    hyperion.setColor(1, 2, 3)\n    time.sleep(0.02)\n',
);
const spin = join(dir, 'spin.py');
await writeFile(spin, 'import hyperion\nhyperion.setColor(0, 0, 0)\nwhile True:\n    pass\n');

const notices = new Set();
function effect(script, confined, cpuCap = 'auto') {
  const process = new EffectProcess({
    name: 'Bench',
    script,
    args: {},
    ledCount: 10,
    latchTime: 0,
    width: 8,
    height: 4,
    durationMs: -1,
    resourceDirs: [],
    python: values.python,
    createCanvas: () => ({ apply: () => [], getPixel: () => [0, 0, 0] }),
    loadImage: async () => [],
    confinement: { enabled: confined, cpuCap },
  });
  process.on('log', (_level, line) => {
    if (line.startsWith('glowkit: effect confinement')) notices.add(line);
  });
  return process;
}

async function startTime(confined) {
  const started = performance.now();
  const process = effect(paced, confined);
  await process.start();
  const ms = performance.now() - started;
  await process.stop();
  return ms;
}

/** User + system ticks of a process (USER_HZ, 100 a second on Linux). */
function ticks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function spinShare(confined, cpuCap) {
  const process = effect(spin, confined, cpuCap);
  await process.start();
  const pid = await scriptPidOf(process.pid);
  const before = ticks(pid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const share = (ticks(pid) - before) / 100 / ((performance.now() - started) / 1000);
  await process.stop();
  return share;
}

try {
  // One of each first: python3's files in the page cache for both.
  await startTime(false);
  await startTime(true);
  const times = { unconfined: [], confined: [] };
  for (let i = 0; i < runs; i++) {
    times.unconfined.push(await startTime(false));
    times.confined.push(await startTime(true));
  }
  const unconfinedStart = median(times.unconfined);
  const confinedStart = median(times.confined);
  const unconfinedCpu = await spinShare(false);
  const confinedCpu = await spinShare(true, 'auto');
  const signalsCpu = await spinShare(true, 'signals');
  const row = (name, value) => console.log(`${name.padEnd(44)} ${value}`);
  console.log(`effect confinement (python ${values.python}, ${runs} starts each, alternating)`);
  row('start to first frame, unconfined (median)', `${unconfinedStart.toFixed(1)} ms`);
  row('start to first frame, confined (median)', `${confinedStart.toFixed(1)} ms`);
  row('start time added by confinement', `${(confinedStart - unconfinedStart).toFixed(1)} ms`);
  row('`while True: pass`, unconfined', `${(unconfinedCpu * 100).toFixed(1)} % of a core`);
  row('`while True: pass`, confined (cap 50 %)', `${(confinedCpu * 100).toFixed(1)} % of a core`);
  row('`while True: pass`, cpuCap signals (50 %)', `${(signalsCpu * 100).toFixed(1)} % of a core`);
  for (const notice of notices) console.log(notice);
} finally {
  await rm(dir, { recursive: true, force: true });
}
