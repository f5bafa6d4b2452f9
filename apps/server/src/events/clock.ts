/**
 * The wall clock and timers the schedules run on: the machine's by default, a test's own in
 * tests, so that a time of day is reached by moving the clock, never by waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch (`Date.now()`). */
  now(): number;
  /** Runs `run` after `ms` milliseconds; the handle cancels it. */
  setTimeout(run: () => void, ms: number): unknown;
  /** Cancels a timer of {@link setTimeout}. */
  clearTimeout(handle: unknown): void;
}

/** The machine's clock; its timers never keep the process alive. */
export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
