// The soak's probe inside the server child (see server-child.mjs): the server's heap and its
// event-loop delay, which only the process itself can measure. Two histograms: one reset at each
// sample (that sample's p99), one reset once the warm-up ends (the whole run's p99 after it).
import { monitorEventLoopDelay } from 'node:perf_hooks';

// 10 ms resolution, Node's default: a delay is measured by a timer firing that late.
const perSample = monitorEventLoopDelay({ resolution: 10 });
const sinceWarmUp = monitorEventLoopDelay({ resolution: 10 });
const ms = (ns) => ns / 1e6;

export function start() {
  perSample.enable();
  sinceWarmUp.enable();
  return {};
}

/** `sample`: heap and this sample's delays (then reset); `warm`: the warm-up is over. */
export function message(m) {
  if (m === 'warm') {
    sinceWarmUp.reset();
    return { warm: true };
  }
  if (m !== 'sample') return { error: `unknown message ${JSON.stringify(m)}` };
  const memory = process.memoryUsage();
  const sample = {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    delayP99Ms: ms(perSample.percentile(99)),
    delayMaxMs: ms(perSample.max),
    runP99Ms: ms(sinceWarmUp.percentile(99)),
    runMaxMs: ms(sinceWarmUp.max),
  };
  perSample.reset();
  return sample;
}

export function stop() {
  perSample.disable();
  sinceWarmUp.disable();
}
