import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that measure the test process itself (its heap, its event loop, its warnings): each runs
 * in a process of its own, where no other file's garbage or timers can move the figures.
 */
const ISOLATED = ['test/heap-trim.test.ts', 'test/logging.test.ts', 'test/listener-growth.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts'],
          // test/package/ installs the packed server with npm, compiling its native modules for
          // minutes: it runs as its own task (`test:package`, vitest.package.config.ts) beside
          // this one, not in this one's line of files.
          exclude: [...configDefaults.exclude, 'test/package/**', ...ISOLATED],
          // The other files start their servers from factories and stop them, sharing nothing
          // through modules: one worker runs them all instead of importing the server afresh
          // for each file (two minutes of a busy CI machine).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
