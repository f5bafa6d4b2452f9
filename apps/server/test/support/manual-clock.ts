/**
 * A clock a test moves by hand (the server's `clock` option): timers run when the test moves
 * the time past them, each at its own time and in order, so that a schedule is tested at 23:00
 * without waiting for 23:00.
 */
import type { Clock } from '../../src/events/clock.js';

export class ManualClock implements Clock {
  #now: number;
  #next = 0;
  readonly #timers = new Map<number, { at: number; run: () => void }>();

  constructor(start: number) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(run: () => void, ms: number): number {
    this.#next += 1;
    this.#timers.set(this.#next, { at: this.#now + Math.max(0, ms), run });
    return this.#next;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Moves the time to `time` (ms since the epoch), running every timer due on the way. */
  advanceTo(time: number): void {
    // Bounded: a timer that re-arms itself for now would otherwise run for ever.
    for (let step = 0; step < 100_000; step++) {
      let due: [number, { at: number; run: () => void }] | undefined;
      for (const timer of this.#timers) {
        if (timer[1].at <= time && (!due || timer[1].at < due[1].at)) due = timer;
      }
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = Math.max(this.#now, due[1].at);
      due[1].run();
    }
    this.#now = Math.max(this.#now, time);
  }

  /** The timers waiting. */
  get pending(): number {
    return this.#timers.size;
  }
}
