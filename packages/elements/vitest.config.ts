import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/**
 * The Hyperion corpus's option schemas, read here (in Node) and handed to the browser tests as a
 * constant, since a page cannot read the disk. Empty when GLOWKIT_CORPUS is not set.
 */
function corpusSchemas(): Record<string, unknown> {
  const root = process.env.GLOWKIT_CORPUS;
  const dir = root ? join(root, 'effects', 'schema') : '';
  if (!root || !existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))]),
  );
}

export default defineConfig({
  define: { __GLOWKIT_CORPUS_SCHEMAS__: JSON.stringify(corpusSchemas()) },
  // Pre-bundled up front: discovered mid-run, Vite would reload the page under a running test.
  optimizeDeps: { include: ['storybook/preview-api', 'axe-core'] },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/browser-bundle-server.ts'],
    // Headroom for a busy 2-core CI machine: a limit only bounds a hung test, never judges speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits 15 s before it fails (1 s by default), for a page on a busy machine.
    expect: { poll: { timeout: 15_000 } },
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
});
