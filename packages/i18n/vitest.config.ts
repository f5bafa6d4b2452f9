import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

export default defineConfig({
  test: {
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.browser.test.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: chromiumLaunchOptions,
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
