/**
 * Gives back the memory a burst of requests leaves behind. V8 collects the old generation only
 * when it nears a limit that grows with the heap, and never while the process idles: after 20
 * clients have read the configuration for a few seconds, the garbage of their replies (about
 * 10 MB here) stays in the heap, resident, for as long as nothing else happens, which for an LED
 * server can be weeks. A full collection of this heap takes a few milliseconds, so one is asked
 * for whenever the heap has grown by `growthBytes` since the last, checked every `intervalMs`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** When to collect. */
export interface HeapTrimOptions {
  /** How often the heap is looked at, ms (default 10 000). */
  intervalMs?: number;
  /** Growth of the used heap since the last collection that asks for one, bytes (default 4 MiB). */
  growthBytes?: number;
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
  let collections = 0;
  let floor = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const used = process.memoryUsage().heapUsed;
    // V8's own collections lower the floor too.
    floor = Math.min(floor, used);
    if (used - floor < growth) return;
    gc();
    collections++;
    floor = process.memoryUsage().heapUsed;
  }, options.intervalMs ?? 10_000);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}
