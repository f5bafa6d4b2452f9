/**
 * Gives back the memory a burst of requests leaves behind. V8 collects the old generation only
 * when it nears a limit that grows with the heap, and never while the process idles: after 20
 * clients have read the configuration for a few seconds, the garbage of their replies (about
 * 10 MB here) stays in the heap, resident, for as long as nothing else happens, which for an LED
 * server can be weeks. So once the process is quiet again (its event loop busy less than
 * `idleBelow` of the last `intervalMs`) and its used heap has grown by `growthBytes` since the
 * last collection, one full collection runs. It is not incremental (tens of ms for this heap on
 * a busy machine), which is why it waits for a quiet moment rather than interrupting a burst or
 * the frames of busy effects, whose garbage V8's own concurrent collections take care of.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** When to collect. */
export interface HeapTrimOptions {
  /** How often the heap and the event loop are looked at, ms (default 5 000). */
  intervalMs?: number;
  /** Growth of the used heap since the last collection that asks for one, bytes (default 4 MiB). */
  growthBytes?: number;
  /** The event loop's utilisation (0..1) over the last interval below which it is quiet (0.05). */
  idleBelow?: number;
}

/** The running trimmer. */
export interface HeapTrim {
  /** Full collections asked for so far. */
  readonly collections: number;
  stop(): void;
}

let collect: (() => void) | undefined;

/**
 * V8's full collection as a function: `--expose-gc` given now installs `gc` in contexts made from
 * here on, so a new context hands it out without the flag on node's command line.
 */
function fullCollection(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/** Starts looking at the heap; the timer never keeps the process alive. */
export function startHeapTrim(options: HeapTrimOptions = {}): HeapTrim {
  const gc = fullCollection();
  const growth = options.growthBytes ?? 4 * 1024 * 1024;
  const idleBelow = options.idleBelow ?? 0.05;
  let collections = 0;
  let floor = process.memoryUsage().heapUsed;
  let loop = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const used = process.memoryUsage().heapUsed;
    // V8's own collections lower the floor too.
    floor = Math.min(floor, used);
    const busy = performance.eventLoopUtilization(loop).utilization;
    loop = performance.eventLoopUtilization();
    if (used - floor < growth || busy >= idleBelow) return;
    gc();
    collections++;
    floor = process.memoryUsage().heapUsed;
  }, options.intervalMs ?? 5_000);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}
