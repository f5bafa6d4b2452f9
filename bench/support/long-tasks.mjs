// Where a process's long tasks go, from a V8 CPU profile (node --cpu-prof): a long task is a run
// of samples with no idle one between them, lasting at least --over ms (default 20). Prints how
// many there were and their durations, then the functions that took the most of their time
// (inclusive, and self), with file and line: what to cut to lower the event-loop delay's p99.
//
//   node bench/support/long-tasks.mjs PROFILE.cpuprofile [--over 20] [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { over: { type: 'string', default: '20' }, top: { type: 'string', default: '25' } },
});
if (positionals.length !== 1) {
  console.error('usage: long-tasks.mjs PROFILE.cpuprofile [--over MS] [--top N]');
  process.exit(2);
}
const OVER_US = Number(values.over) * 1000;
const TOP = Number(values.top);
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(/^.*\/(apps|packages|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};
const idle = (node) => node.callFrame.functionName === '(idle)';

// The tasks: runs of non-idle samples.
const tasks = [];
let current;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const delta = profile.timeDeltas[i + 1] ?? 0; // the time until the next sample is this one's
  if (idle(node)) {
    if (current) tasks.push(current);
    current = undefined;
    continue;
  }
  current ??= { us: 0, samples: [] };
  current.us += delta;
  current.samples.push({ node, us: delta });
}
if (current) tasks.push(current);
const long = tasks.filter((task) => task.us >= OVER_US);
const totalUs = profile.endTime - profile.startTime;
const busyUs = tasks.reduce((sum, task) => sum + task.us, 0);
const longUs = long.reduce((sum, task) => sum + task.us, 0);
const ms = (us) => (us / 1000).toFixed(0);
const sorted = long.map((task) => task.us).sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
console.log(
  `${(totalUs / 1e6).toFixed(0)} s profiled, busy ${((100 * busyUs) / totalUs).toFixed(1)} %; ${long.length} tasks of ${values.over} ms or more (${((60e6 * long.length) / totalUs).toFixed(1)} a minute), ${ms(longUs)} ms in all; median ${ms(at(0.5))} ms, p90 ${ms(at(0.9))} ms, max ${ms(at(1))} ms`,
);

const inclusive = new Map();
const self = new Map();
for (const task of long) {
  for (const { node, us } of task.samples) {
    self.set(label(node), (self.get(label(node)) ?? 0) + us);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const name = label(byId.get(id));
      if (seen.has(name)) continue; // recursion counts once
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
}
const show = (title, map) => {
  console.log(`\n${title} (ms within the long tasks, of ${ms(longUs)}):`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${ms(us).padStart(8)}  ${name}`);
  }
};
show('inclusive', inclusive);
show('self', self);
