import { describe, expect, it } from 'vitest';
import { startHeapTrim } from '../src/runtime/heap-trim.js';

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the heap trimmer', () => {
  it('collects once the heap has grown by the given amount, and gives the garbage back', async () => {
    const trim = startHeapTrim({ intervalMs: 50, growthBytes: 8 * 1024 * 1024 });
    try {
      const before = process.memoryUsage().heapUsed;
      // Garbage in the old generation: kept alive long enough to be promoted, then dropped.
      let kept: string[][] = [];
      for (let round = 0; round < 3; round++) {
        kept.push(Array.from({ length: 100_000 }, (_, i) => `reply ${round} ${i}`));
      }
      const grown = process.memoryUsage().heapUsed;
      expect(grown - before).toBeGreaterThan(8 * 1024 * 1024);
      kept = [];
      expect(kept.length).toBe(0); // dropped: only the collector can give it back now
      await until(() => trim.collections > 0);
      expect(process.memoryUsage().heapUsed).toBeLessThan(grown - 8 * 1024 * 1024);
    } finally {
      trim.stop();
    }
  });

  it('waits while the event loop is busy', async () => {
    const trim = startHeapTrim({ intervalMs: 50, growthBytes: 1024 * 1024 });
    try {
      let kept: string[][] | undefined = [Array.from({ length: 200_000 }, (_, i) => `busy ${i}`)];
      kept = undefined;
      expect(kept).toBeUndefined();
      // Busy for 600 ms: the loop never idles, so no tick may collect meanwhile.
      const end = Date.now() + 600;
      while (Date.now() < end) {
        await new Promise((r) => setImmediate(r));
        for (let spin = performance.now(); performance.now() - spin < 5; );
      }
      expect(trim.collections).toBe(0);
      await until(() => trim.collections > 0);
    } finally {
      trim.stop();
    }
  });

  it('leaves a heap that does not grow alone', async () => {
    const trim = startHeapTrim({ intervalMs: 20, growthBytes: 512 * 1024 * 1024 });
    await new Promise((r) => setTimeout(r, 200));
    expect(trim.collections).toBe(0);
    trim.stop();
  });
});
