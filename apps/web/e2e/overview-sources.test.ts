// Every source of an instance on the overview, as Hyperion.ng's Remote Control lists them: what
// each shows (an effect by name, a colour by its code), its priority, the time left of a timed one,
// and a button to clear it; one button clears them all. Light and dark, English and German, axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, type Look, screenshot } from './support/browser.js';
import { INSTANCE, LIVE, TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

const suite = useLedSuite();

const card = (page: Page) => page.getByRole('article', { name: INSTANCE });
const entry = (page: Page, priority: number) =>
  card(page).locator(`li[data-priority="${priority}"]`);

/** An effect at 60 until cleared, and a colour at 100 for ten minutes, set as another client does. */
async function twoSources(): Promise<void> {
  await jsonRpc(suite.glowkit, {
    command: 'effect',
    instance: [0],
    effect: { name: 'Warm Pulse' },
    priority: 60,
    origin: 'E2E effect',
  });
  await jsonRpc(suite.glowkit, {
    command: 'color',
    instance: [0],
    color: [255, 96, 0],
    priority: 100,
    duration: 600_000,
    origin: 'E2E colour',
  });
}

async function openOverview(look: Look = {}): Promise<Page> {
  const page = await suite.signedInPage('/', look);
  await card(page).getByRole('region', { name: 'Sources' }).waitFor();
  return page;
}

describe('the sources on the overview', { timeout: TEST_TIMEOUT }, () => {
  it('lists what each source shows with its time left, clears one, then all', async () => {
    await twoSources();
    const page = await openOverview();
    await expect.poll(() => entry(page, 60).textContent(), LIVE).toContain('Effect “Warm Pulse”');
    expect(await entry(page, 60).textContent()).toContain('E2E effect@');
    // The timed colour: its code and the minutes left, counting down.
    const colour = entry(page, 100);
    await expect
      .poll(() => colour.textContent(), LIVE)
      .toContain('Colour #FF6000 (RGB 255, 96, 0)');
    await expect.poll(() => colour.textContent(), LIVE).toMatch(/Time left (9|10):\d\d/);
    expect(await entry(page, 60).textContent()).not.toContain('Time left');
    const first = (await colour.textContent())?.match(/Time left (\d+:\d\d)/)?.[1];
    await expect
      .poll(async () => (await colour.textContent())?.match(/Time left (\d+:\d\d)/)?.[1], LIVE)
      .not.toBe(first);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'overview-sources');

    // Clear the effect: the colour shows.
    await entry(page, 60).getByRole('button', { name: 'Clear priority 60' }).click();
    await expect.poll(() => entry(page, 60).count(), LIVE).toBe(0);
    await expect.poll(() => card(page).getByTestId('showing').textContent()).toContain('#FF6000');

    // A third, then Clear all: nothing is left.
    await jsonRpc(suite.glowkit, {
      command: 'color',
      instance: [0],
      color: [0, 0, 255],
      priority: 120,
    });
    await expect.poll(() => entry(page, 120).count(), LIVE).toBe(1);
    await card(page).getByRole('button', { name: 'Clear all' }).click();
    await card(page).getByTestId('sources-none').waitFor({ timeout: LIVE.timeout });
    const info = await jsonRpc<{ priorities: unknown[] }>(suite.glowkit, {
      command: 'serverinfo',
      instance: 0,
    });
    expect(info.priorities).toEqual([]);
    expect(await card(page).getByRole('button', { name: 'Clear all' }).count()).toBe(0);
  });

  it('reads the same in dark and in German, and fits a phone', async () => {
    await twoSources();
    try {
      const page = await openOverview({ colorScheme: 'dark', viewport: PHONE });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      await expect.poll(() => entry(page, 100).textContent(), LIVE).toMatch(/Noch (9|10):\d\d/);
      await card(page).getByRole('button', { name: 'Priorität 60 löschen' }).waitFor();
      await card(page).getByRole('button', { name: 'Alle löschen' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectReachable(card(page).getByRole('button', { name: 'Priorität 100 löschen' }));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'overview-sources-dark-de');
    } finally {
      await jsonRpc(suite.glowkit, { command: 'clear', instance: [0], priority: -1 });
    }
  });
});
