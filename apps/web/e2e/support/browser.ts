// Debian's Chromium through playwright-core for the end-to-end tests, with what every test needs:
// a page that signs in as a user does, axe, and screenshots kept as test artifacts (not committed).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../../scripts/chromium.mjs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Where screenshots go: apps/web/test-results/ (ignored by git; CI keeps it as an artifact). */
export const screenshotDir = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/** Starts Chromium (Debian's, headless, offline). */
export function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/** How a test's browser looks: a phone or a desktop, light or dark, English or German. */
export interface Look {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  locale?: 'en-GB' | 'de-DE';
}

/**
 * A fresh browser context (its own storage: a second browser, as far as the server knows). CSP is
 * bypassed only so that axe can be injected; the app itself runs under the server's policy in
 * every other respect.
 */
export async function newContext(browser: Browser, look: Look = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: look.viewport ?? { width: 1200, height: 900 },
    colorScheme: look.colorScheme ?? 'light',
    locale: look.locale ?? 'en-GB',
    bypassCSP: true,
  });
}

/** Opens the UI at `path` and signs in with `token` through the sign-in page, as a user does. */
export async function signIn(page: Page, url: string, token: string, path = '/'): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.getByLabel('Token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Overview' }).waitFor();
}

/** Runs axe on the page (shadow roots included) and returns its violations, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }>;
    };
    return result.violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  });
  return violations;
}

/** Keeps a screenshot of the page under test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Parts of the page below the window are drawn too: `content-visibility: auto` (long forms
  // use it) would leave them blank in a full-page picture. The style pierces shadow roots.
  await page.screenshot({
    path: join(screenshotDir, `${name}.png`),
    fullPage: true,
    style: '* { content-visibility: visible !important; }',
  });
}

/**
 * Runs axe and takes a screenshot with the whole page in the window: what `content-visibility:
 * auto` skips below the window (the setup page's long forms) is not laid out, so axe could not
 * check its contrast; a window as tall as the page has nothing below it.
 */
export async function checkWhole(page: Page, name: string): Promise<string[]> {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const taller = size !== null && height > size.height;
  if (taller) await page.setViewportSize({ width: size.width, height });
  try {
    const violations = await axeViolations(page);
    await screenshot(page, name);
    return violations;
  } finally {
    if (taller) await page.setViewportSize(size);
  }
}
