import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Debian's chromium: no browser can be downloaded on these machines.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  // Pre-bundled up front: discovered mid-run, Vite would reload the page under a running test.
  optimizeDeps: { include: ['storybook/preview-api', 'axe-core'] },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath,
          // Never --user-data-dir: playwright already starts from a fresh profile.
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
