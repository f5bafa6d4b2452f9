// The System page as an admin sees it (issue 25 §5): the server's version, an instance's frames
// per second while an effect runs, the effect's own process, and the diagnostics bundle saved as
// one JSON file that holds the figures and the configuration but not the admin's token; axe
// finds nothing and a phone shows it without scrolling sideways.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { expectNoSidewaysScroll, PHONE } from './support/phone.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

const SERVER_VERSION = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'server', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

let glowkit: Glowkit;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await glowkit?.stop();
});

/** A JSON-RPC request over HTTP with the admin token, as another client would send it. */
async function rpc(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${glowkit.url}/json-rpc`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${glowkit.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function systemPage(look: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, look);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, glowkit.url, glowkit.token, '/system');
  await page.getByRole('heading', { name: 'System', level: 1 }).waitFor();
  return page;
}

describe('the System page', () => {
  it('shows the version, an instance fps and the effect process, and downloads the bundle', async () => {
    expect(
      await rpc({
        command: 'effect',
        priority: 64,
        effect: { name: 'Rainbow Wave' },
        origin: 'System e2e',
      }),
    ).toMatchObject({ success: true });
    const page = await systemPage();
    expect(
      await page
        .locator('header nav')
        .getByRole('link', { name: 'System' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await poll(() => page.getByTestId('system-version').innerText()).toBe(SERVER_VERSION);

    // The figures are read again while the page is shown: the fps comes once frames flow.
    const fps = page.getByTestId('system-fps').first();
    await poll(async () => Number(await fps.innerText())).toBeGreaterThan(0);
    const instance = page.getByTestId('system-instance').first();
    expect(await instance.innerText()).toContain('running');
    // Its own process, at its priority (a boot effect may run at another one for a while).
    const effectRows = () => page.getByTestId('system-effect').allInnerTexts();
    const ours = (rows: string[]) =>
      rows.filter((row) => /Rainbow Wave\s+0\s+64\s+\d+\s/.test(row));
    await poll(async () => ours(await effectRows()).length).toBe(1);
    await screenshot(page, 'system-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download diagnostics' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^glowkit-diagnostics-\d{4}-\d\d-\d\d-\d{6}\.json$/,
    );
    await poll(() => page.getByTestId('system-status').innerText()).toBe(
      `Saved ${download.suggestedFilename()}.`,
    );
    const text = readFileSync(await download.path(), 'utf8');
    const bundle = JSON.parse(text) as {
      kind: string;
      figures: { version: string; instances: Array<{ running: boolean }> };
      configuration: { instances: unknown[] };
      log: unknown[];
    };
    expect(bundle.kind).toBe('glowkit-diagnostics');
    expect(bundle.figures.version).toBe(SERVER_VERSION);
    expect(bundle.figures.instances[0]).toMatchObject({ running: true });
    expect(bundle.configuration.instances.length).toBeGreaterThan(0);
    expect(Array.isArray(bundle.log)).toBe(true);
    expect(text).not.toContain(glowkit.token);

    // Cleared: its process is gone from the page.
    await rpc({ command: 'clear', priority: 64 });
    await poll(async () => ours(await effectRows()).length).toBe(0);
  });

  it('reads the figures again while the tab is visible, and not while it is hidden', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    let asked = 0;
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('"diagnostics"')) asked += 1;
      }),
    );
    await signIn(page, glowkit.url, glowkit.token, '/system');
    await page.getByTestId('system-version').waitFor();
    // Every 3 s while shown.
    const first = asked;
    await poll(() => asked).toBeGreaterThanOrEqual(first + 2);

    // The tab goes to the background, as the browser tells a page.
    const setVisibility = (hidden: boolean) =>
      page.evaluate((isHidden) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (isHidden ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setVisibility(true);
    // A request already on its way may still be answered; then nothing for three periods.
    await page.waitForTimeout(500);
    const hidden = asked;
    await page.waitForTimeout(9000);
    expect(asked).toBe(hidden);

    // Back in front: at once, and again every 3 s.
    await setVisibility(false);
    await poll(() => asked).toBeGreaterThanOrEqual(hidden + 2);
  });

  it('fits a phone without scrolling sideways', async () => {
    const page = await systemPage({ viewport: PHONE });
    await page.getByTestId('system-version').waitFor();
    await expectNoSidewaysScroll(page);
  });
});
