// The soak's probe inside the server process, preloaded with `node --import` (see
// server-command.mjs) and answering the soak's IPC messages: the server's memory and its
// event-loop delay, which only the process itself can measure. Two delay histograms: one reset
// at each sample (that sample's p99), one reset once the warm-up ends (the run's p99 after it).
//
// Each sample reads memory twice: as the process holds it, then after a full garbage
// collection. What a leak holds survives the collection, while the garbage of the last seconds
// (tens of MB under this load, freed whenever V8 decides) does not: the slope that judges a
// leak is the one after collection. The collection's own pause is kept out of the delay
// histograms (they are off meanwhile): the soak measures the server, not itself.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

// `gc` without starting the child with --expose-gc: a context made after the flag has it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

// 10 ms resolution, Node's default. Node's histogram records the whole interval between two
// firings of its 10 ms timer, not how late the second one was: an idle process reads a minimum
// of 10.1 ms. The delay is that interval less the resolution, as the server's own diagnostics
// (system-monitor.ts) report it.
const RESOLUTION_MS = 10;
const perSample = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const sinceWarmUp = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);

perSample.enable();
sinceWarmUp.enable();
// The channel is the soak's: a server started without it (by hand, to look) just runs.
process.on('message', async (m) => {
  const reply = await message(m);
  if (reply !== undefined) process.send?.(reply);
});

/** A field of /proc/self/status, in kB. */
const kib = (status, field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/**
 * The process's resident memory once V8 has given back what a full collection freed. The
 * collection returns before its free pages are unmapped (a background thread does that, within
 * tens of ms on a quiet machine, later on a busy one): read at once, RSS still holds them, as
 * many MB as the last seconds' garbage, a spread that is not the server's. So RSS is read every
 * 50 ms for half a second and the lowest reading kept.
 */
async function releasedStatus() {
  const read = () => {
    const status = readFileSync('/proc/self/status', 'latin1');
    return { status, rss: kib(status, 'VmRSS') * 1024 };
  };
  let lowest = read();
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    if (now.rss < lowest.rss) lowest = now;
  }
  return lowest;
}

/** Runs `work` with the delay histograms off: its pause is the soak's, not the server's. */
function unmeasured(work) {
  perSample.disable();
  sinceWarmUp.disable();
  try {
    return work();
  } finally {
    perSample.enable();
    sinceWarmUp.enable();
  }
}

/**
 * `sample`: memory and this sample's delays (then reset); `warm`: the warm-up is over;
 * `{ heapSnapshot: path }`: writes a heap snapshot there (after a full GC).
 */
async function message(m) {
  if (typeof m?.heapSnapshot === 'string') {
    return unmeasured(() => {
      gc();
      return { written: writeHeapSnapshot(m.heapSnapshot) };
    });
  }
  // The baseline's to act on (server-command.mjs stops a server with SIGTERM).
  if (m === 'stop') return undefined;
  if (m === 'warm') {
    sinceWarmUp.reset();
    return { warm: true };
  }
  if (m !== 'sample') return { error: `unknown message ${JSON.stringify(m)}` };
  const memory = process.memoryUsage();
  const sample = {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    externalBytes: memory.external,
    arrayBuffersBytes: memory.arrayBuffers,
    delayP99Ms: ms(perSample.percentile(99)),
    delayMaxMs: ms(perSample.max),
    runP99Ms: ms(sinceWarmUp.percentile(99)),
    runMaxMs: ms(sinceWarmUp.max),
  };
  perSample.reset();
  const collected = unmeasured(() => {
    gc();
    return {
      ...process.memoryUsage(),
      spaces: getHeapSpaceStatistics(),
    };
  });
  const released = await releasedStatus();
  // Of RSS, what is anonymous (heaps, V8's and malloc's: where a leak lives) and what is pages of
  // files (the node binary and libraries: bounded by their size, growing as new paths run).
  sample.rssAnonAfterGcBytes = kib(released.status, 'RssAnon') * 1024;
  sample.rssFileAfterGcBytes = kib(released.status, 'RssFile') * 1024;
  // Which of V8's spaces holds the heap's growth: JavaScript objects (old space) or the JIT's
  // compiled code (code space).
  const used = (name) =>
    collected.spaces.find((space) => space.space_name === name)?.space_used_size;
  sample.oldSpaceAfterGcBytes = used('old_space') ?? 0;
  sample.codeSpaceAfterGcBytes = used('code_space') ?? 0;
  sample.rssAfterGcBytes = released.rss;
  sample.heapAfterGcBytes = collected.heapUsed;
  sample.heapTotalAfterGcBytes = collected.heapTotal;
  sample.externalAfterGcBytes = collected.external;
  sample.arrayBuffersAfterGcBytes = collected.arrayBuffers;
  return sample;
}
