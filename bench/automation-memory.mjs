// Benchmark: what being found and automated costs in memory (issue 24 §5). Two servers of the
// built tree (apps/server/dist) side by side, idle for the same time: one with SSDP, mDNS and an
// MQTT client connected to a real broker (Debian's mosquitto, scripts/mosquitto.mjs) publishing
// its Home Assistant discovery and state; the baseline with announcements and MQTT off. Their
// resident memory is sampled every --every seconds. Everything runs in a network namespace of its
// own (`unshare -rn`, loopback with a multicast route), so nothing is announced on a real
// interface; where none can be made it says so and stops.
//
// Flags: --seconds N (idle time, default 300), --every N (sampling, default 10). Prints the
// samples, then each server's RSS at start, the median of the second half and the last sample,
// and the ratio to the baseline. It asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    every: { type: 'string', default: '10' },
    // Given by the run itself once inside its namespace.
    'in-namespace': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(flags.seconds);
const EVERY = Number(flags.every);
const setup = 'ip link set lo up && ip route add 224.0.0.0/4 dev lo';

if (!flags['in-namespace']) {
  // No namespace here (a container without user namespaces): say so, and measure nothing.
  const probe = spawnSync('unshare', ['-rn', 'sh', '-c', setup], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log(
      `automation-memory: skipped, no network namespace can be made here (unshare -rn: ${(probe.error?.message ?? probe.stderr).trim()})`,
    );
    process.exit(0);
  }
  const self = fileURLToPath(import.meta.url);
  const args = ['--seconds', String(SECONDS), '--every', String(EVERY), '--in-namespace'];
  const proc = spawn(
    'unshare',
    ['-rn', 'sh', '-c', `${setup} && exec "$0" "$@"`, process.execPath, self, ...args],
    { stdio: 'inherit' },
  );
  const code = await new Promise((resolve) => proc.on('exit', resolve));
  process.exit(code ?? 1);
}

// Inside the namespace from here on.
const { startBroker } = await import('../scripts/mosquitto.mjs');
const { startServerChild } = await import('./support/server-child.mjs');

const broker = await startBroker();
const mqtt = {
  enable: true,
  host: '127.0.0.1',
  port: broker.port,
  username: broker.username,
  password: broker.password,
};
const on = await startServerChild(
  undefined,
  {},
  {
    globalSettings: { network: { ssdp: true, mdns: true, mqtt } },
  },
);
// Home Assistant's side: proves the client is on (its retained discovery and state arrive).
const { default: mqttClient } = await import('mqtt');
const listener = await mqttClient.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
  username: broker.username,
  password: broker.password,
});
let messages = 0;
listener.on('message', () => {
  messages += 1;
});
await listener.subscribeAsync(['homeassistant/#', 'glowkit/#']);
const off = await startServerChild(
  undefined,
  { announce: false },
  {
    globalSettings: { network: { ssdp: false, mdns: false } },
  },
);
const mb = (bytes) => bytes / 1024 / 1024;
const samples = { on: [], off: [] };
console.log(`idle for ${SECONDS} s, RSS every ${EVERY} s (MiB)`);
console.log('   s   automation on   baseline off');
try {
  for (let t = 0; t <= SECONDS; t += EVERY) {
    if (t > 0) await new Promise((r) => setTimeout(r, EVERY * 1000));
    const [a, b] = [mb(await on.rssBytes()), mb(await off.rssBytes())];
    samples.on.push(a);
    samples.off.push(b);
    console.log(
      `${String(t).padStart(4)}  ${a.toFixed(1).padStart(14)}  ${b.toFixed(1).padStart(13)}`,
    );
  }
} finally {
  await listener.endAsync();
  await on.stop();
  await off.stop();
  await broker.close();
}
const summary = (xs) => ({
  start: xs[0],
  median: median(xs.slice(Math.floor(xs.length / 2))),
  last: xs[xs.length - 1],
});
const a = summary(samples.on);
const b = summary(samples.off);
console.log('\n                   start   median (2nd half)   last   (MiB)');
for (const [label, s] of [
  ['automation on ', a],
  ['baseline off  ', b],
]) {
  console.log(
    `${label}  ${s.start.toFixed(1).padStart(8)}  ${s.median.toFixed(1).padStart(17)}  ${s.last.toFixed(1).padStart(7)}`,
  );
}
console.log(`MQTT messages Home Assistant's side received from the server: ${messages}`);
console.log(
  `on / off: ×${(a.median / b.median).toFixed(2)} (median of the second half), +${(a.median - b.median).toFixed(1)} MiB; growth over the run: on ${(a.last - a.start).toFixed(1)} MiB, off ${(b.last - b.start).toFixed(1)} MiB`,
);
