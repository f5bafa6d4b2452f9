import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // test/package/ installs the packed server with npm, compiling its native modules for minutes:
    // it runs as its own task (`test:package`, vitest.package.config.ts) beside this one, not in
    // this one's line of files.
    exclude: [...configDefaults.exclude, 'test/package/**'],
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
