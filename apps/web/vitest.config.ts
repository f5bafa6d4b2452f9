import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure modules are tested in node; the end-to-end tests drive a real server and browser.
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
  },
});
