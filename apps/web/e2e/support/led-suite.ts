// What the e2e files share: one server and one browser per file, a fresh context per test
// (useServerSuite); for the LED pages, a server whose instance 0 is a 60-LED frame
// (support/leds.ts) and the live picture (useLedSuite).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Look, launch, newContext, signIn } from './browser.js';
import { type Glowkit, startGlowkit } from './glowkit.js';
import { useFrameOf60Leds } from './leds.js';

/** The default instance's name. */
export const INSTANCE = 'First LED instance';
/** The accessible name of its live picture. */
export const PICTURE = `Live picture of 60 LEDs of ${INSTANCE}`;
/**
 * Effects take a moment to start, and smoothing blends new colours in over a moment. The bound
 * is generous: at a load of 18 on two cores a capped effect's first frame took over 20 s.
 */
export const LIVE = { timeout: 60_000, interval: 100 };
/**
 * Each test waits on what the page shows, never on the clock; this only bounds a test on a slow,
 * busy machine (the whole suite runs its files side by side).
 */
export const TEST_TIMEOUT = 180_000;

/** The file's server, and pages of it. */
export interface ServerSuite {
  readonly glowkit: Glowkit;
  /** A page of a fresh browser context (closed after the test), not signed in, on no URL yet. */
  page(look?: Look): Promise<Page>;
  /**
   * A page of a fresh browser context (closed after the test), signed in and on `path`;
   * `prepare` is given the page before it opens the UI (to record its frames, say).
   */
  signedInPage(path: string, look?: Look, prepare?: (page: Page) => void): Promise<Page>;
}

/** The LED pages' suite: its server's instance 0 is a 60-LED frame. */
export type LedSuite = ServerSuite;

/**
 * Registers the file's hooks — one server (`setup` run on it once started) and one browser for the
 * file, a fresh context per test —: call once at the top of a test file.
 */
export function useServerSuite(setup?: (glowkit: Glowkit) => Promise<void>): ServerSuite {
  let glowkit: Glowkit | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
    await setup?.(glowkit);
  }, TEST_TIMEOUT);
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await glowkit?.stop();
  });
  const started = () => {
    if (!glowkit || !browser)
      throw new Error('the server is not started yet: use it inside a test');
    return { glowkit, browser };
  };
  const page = async (look: Look = {}) => {
    context = await newContext(started().browser, look);
    return context.newPage();
  };
  return {
    get glowkit() {
      return started().glowkit;
    },
    page,
    async signedInPage(path, look = {}, prepare) {
      const opened = await page(look);
      prepare?.(opened);
      await signIn(opened, started().glowkit.url, started().glowkit.token, path);
      return opened;
    },
  };
}

/** Registers the LED pages' hooks: call once at the top of a test file. */
export function useLedSuite(): LedSuite {
  return useServerSuite(useFrameOf60Leds);
}

/** The live picture of the page (its `gk-led-picture`), once it streams. */
export async function livePicture(page: Page) {
  await expect
    .poll(() => page.locator('gk-live-leds').getByRole('status').getAttribute('data-state'), LIVE)
    .toBe('live');
  await page.getByRole('img', { name: PICTURE }).waitFor();
  return page.locator('gk-live-leds gk-led-picture');
}
