import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
