// Benchmark: being found (issue 24 §5). From the call to the server's start() to (1) an SSDP
// M-SEARCH being answered, and (2) Debian's python3-zeroconf resolving `_hyperiond-json._tcp`
// (port known), against the baseline of the same run: (0) the TCP JSON port answering sysinfo.
// Everything runs in a network namespace of its own (`unshare -rn`, loopback with a multicast
// route), so nothing is announced on a real interface; where none can be made it says so and
// stops. Needs the built server (npm run build).
//
// The SSDP figure includes the answer's random delay within the search's MX (1 s here: 0–1000
// ms, as UPnP asks, so that a network's devices do not all answer at once).
//
// Flags: --runs N (server starts, default 7). Prints each run, then medians and the ratios to
// the baseline. It asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(flags.runs);
const here = dirname(fileURLToPath(import.meta.url));
const child = join(here, 'support', 'discovery-child.mjs');
const setup = 'ip link set lo up && ip route add 224.0.0.0/4 dev lo';

// No namespace here (a container without user namespaces): say so, and time nothing.
const probe = spawnSync('unshare', ['-rn', 'sh', '-c', setup], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.log(
    `discovery: skipped, no network namespace can be made here (unshare -rn: ${(probe.error?.message ?? probe.stderr).trim()})`,
  );
  process.exit(0);
}

const proc = spawn(
  'unshare',
  ['-rn', 'sh', '-c', `${setup} && exec "${process.execPath}" "${child}" ${runs}`],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let out = '';
proc.stdout.on('data', (c) => {
  out += c;
});
const code = await new Promise((resolve) => proc.on('exit', resolve));
const rows = out
  .split('\n')
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l));
if (code !== 0 || rows.length === 0) {
  console.log(
    `discovery: no run (exit ${code}); a network namespace (unshare -rn), iproute2 and python3-zeroconf are needed`,
  );
  process.exit(code === 0 ? 1 : code);
}
console.log('run  json sysinfo  SSDP answer  mDNS resolved   (ms from start())');
for (const r of rows) {
  console.log(
    `${String(r.run).padStart(3)}  ${String(r.json).padStart(12)}  ${String(r.ssdp).padStart(11)}  ${String(r.mdns).padStart(13)}`,
  );
}
const med = (key) => median(rows.map((r) => r[key]).filter((v) => v !== null));
const base = med('json');
console.log(`\nmedians over ${rows.length} starts: baseline JSON sysinfo ${base} ms`);
for (const [label, key] of [
  ['SSDP M-SEARCH answered', 'ssdp'],
  ['python3-zeroconf resolved', 'mdns'],
]) {
  const m = med(key);
  console.log(
    `  ${label}: ${m} ms (×${(m / base).toFixed(2)} the baseline, +${(m - base).toFixed(0)} ms)`,
  );
}
