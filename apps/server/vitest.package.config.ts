import { defineConfig } from 'vitest/config';

/**
 * The installed-package test alone (`npm run test:package`): `npm install -g` of the packed
 * tarball compiles better-sqlite3 for minutes, mostly on one core, so turbo runs it beside the
 * other tests instead of after them.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/package/**/*.test.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 60_000,
  },
});
