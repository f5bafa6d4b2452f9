import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure modules are tested in node; the end-to-end tests drive a real server and browser.
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    // Headroom for a busy 2-core CI machine (a server, Chromium and the tests share it): a limit
    // only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a page shows is polled for, never read once: 20 s before a wait fails (1 s by default).
    expect: { poll: { timeout: 20_000 } },
  },
});
