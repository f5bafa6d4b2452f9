// Benchmark: `glowkit start` on a 512 MB box (issue 25 §1). The real command runs under a
// memory limit of 512 MB for itself and its effect children, with 4 instances of 300 LEDs each
// running an effect (Scanner, which draws on the canvas, Rainbow Wave, Campfire, Palette Journey,
// as background effects so that they run for good) and one WebSocket client per instance
// streaming its LED colours as the web UI does (`ledcolors ledstream-start`), for --minutes
// (default 10). Sampled every --every seconds: the server's RSS, its effect children's RSS
// together, the limited group's memory (server and effects; a cgroup counts only the pages its
// processes brought in, so node's own code, already in the page cache, is not counted there),
// the number of effect children. It reports the server's peak RSS (VmHWM),
// the group's peak, whether the limit was hit or the server killed, and whether the server
// still answers at the end. It asserts nothing.
//
// The limit, the first that works here: `systemd-run --scope -p MemoryMax=512M` where systemd
// runs; else a cgroup v2 directory with memory.max; else a cgroup v1 memory directory with
// memory.limit_in_bytes (and memsw, so that swap does not hide it); else `ulimit -v` (address
// space, which V8's reservations make a poor stand-in: it says so). It prints which it used.
//
// Runs the built tree (npm run build first). Not run by bench/run.mjs (it takes 10 minutes):
// `node bench/profile-512.mjs [--minutes M] [--every S]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ask,
  childrenOf,
  configurationWithLeds,
  openClient,
  postJson,
  rssOf,
  startGlowkit,
} from './support/glowkit-process.mjs';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    every: { type: 'string', default: '10' },
  },
});
const MINUTES = Number(flags.minutes);
const EVERY_S = Math.max(1, Number(flags.every));
const LIMIT = 512 * 1024 * 1024;
const MB = 1024 * 1024;
const EFFECTS = ['Scanner', 'Rainbow Wave', 'Campfire', 'Palette Journey'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The way to limit memory here: its name, the argv prefix, how to read the group, cleanup. */
function memoryLimit() {
  const name = `glowkit-profile-512-${process.pid}`;
  if (existsSync('/run/systemd/system')) {
    const probe = spawnSync('systemd-run', ['--scope', '--quiet', '-p', 'MemoryMax=512M', 'true']);
    if (probe.status === 0) {
      return {
        how: 'systemd-run --scope -p MemoryMax=512M',
        wrap: [
          'systemd-run',
          '--scope',
          '--quiet',
          '-p',
          'MemoryMax=512M',
          '-p',
          'MemorySwapMax=0',
        ],
        usage: () => undefined,
        peak: () => undefined,
        events: () => 'see journalctl for the scope',
        cleanup() {},
      };
    }
  }
  const v2 = '/sys/fs/cgroup';
  if (existsSync(`${v2}/cgroup.controllers`)) {
    try {
      const controllers = readFileSync(`${v2}/cgroup.subtree_control`, 'utf8');
      if (controllers.includes('memory')) {
        const dir = `${v2}/${name}`;
        mkdirSync(dir);
        writeFileSync(`${dir}/memory.max`, String(LIMIT));
        if (existsSync(`${dir}/memory.swap.max`)) writeFileSync(`${dir}/memory.swap.max`, '0');
        return {
          how: `cgroup v2 ${dir}, memory.max = 512 MiB`,
          wrap: ['sh', '-c', `echo $$ > ${dir}/cgroup.procs && exec "$0" "$@"`],
          usage: () => Number(readFileSync(`${dir}/memory.current`, 'utf8')),
          peak: () =>
            existsSync(`${dir}/memory.peak`)
              ? Number(readFileSync(`${dir}/memory.peak`, 'utf8'))
              : undefined,
          events: () => readFileSync(`${dir}/memory.events`, 'utf8').trim().replace(/\n/g, ', '),
          cleanup: () => rmdirSync(dir),
        };
      }
    } catch {
      // Not writable: the next way.
    }
  }
  const v1 = '/sys/fs/cgroup/memory';
  if (existsSync(`${v1}/memory.limit_in_bytes`)) {
    try {
      const dir = `${v1}/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/memory.limit_in_bytes`, String(LIMIT));
      // Memory plus swap at the same limit: no swap to spill into, as on a box without swap.
      let swap = '';
      try {
        writeFileSync(`${dir}/memory.memsw.limit_in_bytes`, String(LIMIT));
        swap = ', memory.memsw.limit_in_bytes = 512 MiB';
      } catch {
        swap = ' (swap not limited: no memsw here)';
      }
      return {
        how: `cgroup v1 ${dir}, memory.limit_in_bytes = 512 MiB${swap} (systemd does not run here; no writable cgroup v2 memory controller)`,
        wrap: ['sh', '-c', `echo $$ > ${dir}/cgroup.procs && exec "$0" "$@"`],
        usage: () => Number(readFileSync(`${dir}/memory.usage_in_bytes`, 'utf8')),
        peak: () => Number(readFileSync(`${dir}/memory.max_usage_in_bytes`, 'utf8')),
        events: () => {
          const failcnt = readFileSync(`${dir}/memory.failcnt`, 'utf8').trim();
          const oom = readFileSync(`${dir}/memory.oom_control`, 'utf8').trim().replace(/\n/g, ', ');
          return `failcnt ${failcnt} (times the limit was reached), ${oom}`;
        },
        cleanup: () => rmdirSync(dir),
      };
    } catch {
      // Not writable: the last way.
    }
  }
  return {
    how: 'ulimit -v 524288 (address space: V8 reserves far more than it uses, so this limit says little)',
    wrap: ['sh', '-c', 'ulimit -v 524288 && exec "$0" "$@"'],
    usage: () => undefined,
    peak: () => undefined,
    events: () => 'no group to read',
    cleanup() {},
  };
}

function peakRssOf(pid) {
  try {
    const kb = /^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const limit = memoryLimit();
console.log(`512 MB profile: ${limit.how}`);
console.log(
  `4 instances of 300 LEDs (${EFFECTS.join(', ')}), one WebSocket client streaming each instance's LED colours, ${MINUTES} min, sampled every ${EVERY_S} s.`,
);

const config = configurationWithLeds(300, 4);
config.instances.forEach((instance, i) => {
  instance.settings.backgroundEffect = {
    ...instance.settings.backgroundEffect,
    enable: true,
    type: 'effect',
    effect: EFFECTS[i],
  };
});

let server;
const frames = [0, 0, 0, 0];
let survived = false;
let answered = false;
const mib = (b) => (b === undefined ? '   n/a' : (b / MB).toFixed(1).padStart(6));
try {
  server = await startGlowkit(config, { wrap: limit.wrap });
  console.log(`ready in ${server.startMs.toFixed(0)} ms, RSS ${mib(server.readyRss)} MiB`);
  const clients = [];
  for (let instance = 0; instance < 4; instance++) {
    const socket = await openClient(server.ports.http, server.token);
    socket.on('message', (data) => {
      if (String(data).includes('"ledcolors-ledstream-update"')) frames[instance]++;
    });
    const reply = await ask(socket, {
      command: 'ledcolors',
      subcommand: 'ledstream-start',
      instance,
    });
    if (!reply.success) throw new Error(`ledstream-start failed: ${JSON.stringify(reply)}`);
    clients.push(socket);
  }
  console.log(
    '   s   server RSS   effects RSS   group (server + effects)   effect children   LED frames streamed',
  );
  const until = performance.now() + MINUTES * 60_000;
  for (let t = 0; ; t += EVERY_S) {
    if (server.exited()) break;
    const children = childrenOf(server.pid);
    const effectsRss = children.reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);
    console.log(
      `${String(t).padStart(4)}   ${mib(rssOf(server.pid))} MiB   ${mib(effectsRss)} MiB   ${mib(limit.usage())} MiB${' '.repeat(16)}${String(children.length).padStart(8)}   ${frames.join(' / ')}`,
    );
    if (performance.now() >= until) break;
    await sleep(EVERY_S * 1000);
  }
  survived = !server.exited();
  if (survived) {
    const reply = await postJson(server.ports.http, server.token, { command: 'serverinfo' }).catch(
      () => null,
    );
    answered = reply?.success === true;
    console.log(`\nserver peak RSS (VmHWM): ${mib(peakRssOf(server.pid))} MiB`);
  }
  for (const socket of clients) socket.close();
} finally {
  console.log(`group's peak (server + effects): ${mib(limit.peak())} MiB of 512`);
  console.log(`limit events: ${limit.events()}`);
  if (server && !survived) {
    console.log(
      `the server did not survive: exit code ${server.exitCode()}, signal ${server.signal()}\n${server.output().slice(-2000)}`,
    );
  }
  await server?.stop();
  await sleep(200);
  try {
    limit.cleanup();
  } catch {
    // A process still in the group (an effect child on its way out): the directory stays.
  }
}
console.log(
  `survived ${MINUTES} min under 512 MB: ${survived ? 'yes' : 'NO'}; answered serverinfo at the end: ${answered ? 'yes' : 'no'}; LED frames streamed per instance: ${frames.join(' / ')}`,
);
