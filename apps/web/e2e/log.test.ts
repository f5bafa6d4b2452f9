// The Log page as an admin sees it: a line the server logs appears live (a sign-in refused on the
// server, which logs it as a warning at the e2e server's level), the level filter and the search
// hide and show it, Pause holds new lines until Resume, Copy and Download give the lines shown;
// axe finds nothing and a phone shows it without scrolling sideways.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

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

/** A refused sign-in on the server: it logs `authorization failed` as a warning. */
async function refusedSignIn(): Promise<void> {
  const response = await fetch(`${glowkit.url}/json-rpc`, {
    method: 'POST',
    headers: { Authorization: 'Bearer not-a-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ command: 'sysinfo' }),
  });
  expect(response.status).toBe(401);
}

async function logPage(look: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, look);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: glowkit.url });
  const page = await context.newPage();
  await signIn(page, glowkit.url, glowkit.token, '/log');
  await page.getByRole('heading', { name: 'Log', level: 1 }).waitFor();
  return page;
}

/** The lines the page lists, as their text. */
const lineTexts = (page: Page) => page.locator('gk-log-page li').allInnerTexts();
const refusals = async (page: Page) =>
  (await lineTexts(page)).filter((text) => text.includes('authorization failed')).length;

describe('the Log page', () => {
  it('shows a line live, filters it by level and search, pauses, copies and downloads', async () => {
    const page = await logPage();
    expect(
      await page
        .locator('header nav')
        .getByRole('link', { name: 'Log' })
        .getAttribute('aria-current'),
    ).toBe('page');
    const before = await refusals(page);
    await refusedSignIn();
    await poll(() => refusals(page)).toBe(before + 1);
    const line = page.locator('gk-log-page li', { hasText: 'authorization failed' }).last();
    await expect(line.getAttribute('data-level')).resolves.toBe('WARNING');
    expect(await line.innerText()).toContain('Warning');

    // Errors only: the warning goes; warnings and errors: it is back.
    const show = page.getByLabel('Show');
    await show.selectOption({ label: 'Errors only' });
    await poll(() => refusals(page)).toBe(0);
    await show.selectOption({ label: 'Warnings and errors' });
    await poll(() => refusals(page)).toBe(before + 1);
    // The search: a text no line has hides them all.
    const search = page.getByLabel('Search');
    await search.fill('no line says this');
    await page.getByText('No lines to show.').waitFor();
    await search.fill('AUTHORIZATION');
    await poll(() => refusals(page)).toBe(before + 1);
    await screenshot(page, 'log-desktop-light');
    expect(await axeViolations(page)).toEqual([]);

    // Paused: a new line is held, not shown, until Resume.
    await page.getByRole('button', { name: 'Pause' }).click();
    await refusedSignIn();
    await page.getByText('paused: 1 new lines held').waitFor();
    expect(await refusals(page)).toBe(before + 1);
    await page.getByRole('button', { name: 'Resume' }).click();
    await poll(() => refusals(page)).toBe(before + 2);

    // Copy and Download give the lines shown.
    await page.getByRole('button', { name: 'Copy' }).click();
    await poll(() => page.getByTestId('log-status').innerText()).toBe(
      `Copied ${before + 2} lines.`,
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim().split('\n')).toHaveLength(before + 2);
    expect(copied).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARNING glowkit: authorization failed /m);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^glowkit-\d{4}-\d\d-\d\d-\d{6}\.log$/);
    expect(readFileSync(await download.path(), 'utf8')).toBe(copied);
  });

  it('saves the server level from the logger group form, and says when --log-level keeps it', async () => {
    const page = await logPage();
    const level = page.locator('gk-server-level gk-effect-form select');
    await level.waitFor();
    // The stored level: the group's default.
    expect(await level.inputValue()).toBe('warn');
    await level.selectOption('debug');
    await page.getByRole('button', { name: 'Save' }).click();
    // The e2e server runs with --log-level warn: saved, and the reply says it does not apply.
    await poll(() => page.getByTestId('server-level-status').innerText()).toContain(
      'logger.level is saved, but the server logs at "warn" while it runs with --log-level',
    );
    const config = (await (
      await fetch(`${glowkit.url}/json-rpc`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${glowkit.token}` },
        body: JSON.stringify({ command: 'config', subcommand: 'getconfig' }),
      })
    ).json()) as { info: { global: { settings: { logger: { level: string } } } } };
    expect(config.info.global.settings.logger.level).toBe('debug');
  });

  it('is dark when asked, and fits a phone', async () => {
    const dark = await logPage({ colorScheme: 'dark' });
    await refusedSignIn();
    await poll(() => refusals(dark)).toBeGreaterThan(0);
    await screenshot(dark, 'log-desktop-dark');
    expect(await axeViolations(dark)).toEqual([]);

    const phone = await logPage({ viewport: PHONE });
    await poll(() => refusals(phone)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(phone);
    for (const name of ['Pause', 'Copy', 'Download']) {
      await expectReachable(phone.getByRole('button', { name }));
    }
    await expectReachable(phone.getByLabel('Search'));
    await screenshot(phone, 'log-phone');
    expect(await axeViolations(phone)).toEqual([]);
  });
});
