// What the tests of the LED pages share: one server per file whose instance 0 is a 60-LED frame
// (support/leds.ts), one browser, a fresh signed-in context per test, and the live picture.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Look, launch, newContext, signIn } from './browser.js';
import { type Glowkit, startGlowkit } from './glowkit.js';
import { useFrameOf60Leds } from './leds.js';

/** The default instance's name. */
export const INSTANCE = 'First LED instance';
/** The accessible name of its live picture. */
export const PICTURE = `Live picture of 60 LEDs of ${INSTANCE}`;
/** Effects take a moment to start, and smoothing blends new colours in over a moment. */
export const LIVE = { timeout: 20_000, interval: 100 };
/**
 * Each test waits on what the page shows, never on the clock; this only bounds a test on a slow,
 * busy machine (the whole suite runs its files side by side).
 */
export const TEST_TIMEOUT = 60_000;

/** The file's server, and pages signed in to it. */
export interface LedSuite {
  readonly glowkit: Glowkit;
  /**
   * A page of a fresh browser context (closed after the test), signed in and on `path`;
   * `prepare` is given the page before it opens the UI (to record its frames, say).
   */
  signedInPage(path: string, look?: Look, prepare?: (page: Page) => void): Promise<Page>;
}

/** Registers the file's hooks: call once at the top of a test file. */
export function useLedSuite(): LedSuite {
  let glowkit: Glowkit | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
    await useFrameOf60Leds(glowkit);
  }, TEST_TIMEOUT);
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await glowkit?.stop();
  });
  return {
    get glowkit() {
      if (!glowkit) throw new Error('the server is not started yet: use it inside a test');
      return glowkit;
    },
    async signedInPage(path, look = {}, prepare) {
      if (!glowkit || !browser)
        throw new Error('the server is not started yet: use it inside a test');
      context = await newContext(browser, look);
      const page = await context.newPage();
      prepare?.(page);
      await signIn(page, glowkit.url, glowkit.token, path);
      return page;
    },
  };
}

/** The live picture of the page (its `gk-led-picture`), once it streams. */
export async function livePicture(page: Page) {
  await expect
    .poll(() => page.locator('gk-live-leds').getByRole('status').getAttribute('data-state'), LIVE)
    .toBe('live');
  await page.getByRole('img', { name: PICTURE }).waitFor();
  return page.locator('gk-live-leds gk-led-picture');
}
