import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The files share no state through modules or the process, so one worker runs them all
    // instead of importing the package afresh for each file: half the suite's time on 2 cores.
    isolate: false,
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
