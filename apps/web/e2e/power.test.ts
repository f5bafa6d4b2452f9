// The footer: the server's version and uptime, its working / idle / suspended state, and the
// power menu — suspend every instance, resume them, idle, end idle, restart the service
// (`system`). Light and dark, English and German, a phone, axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, type Look, screenshot } from './support/browser.js';
import { type FrameLog, recordFrames } from './support/frames.js';
import { INSTANCE, LIVE, TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';
import { expectNoSidewaysScroll, PHONE } from './support/phone.js';

const suite = useLedSuite();

const footer = (page: Page) => page.locator('footer gk-server-about');

async function openOverview(look: Look = {}): Promise<{ page: Page; frames: FrameLog }> {
  let frames: FrameLog | undefined;
  const page = await suite.signedInPage('/', look, (p) => {
    frames = recordFrames(p);
  });
  if (!frames) throw new Error('the frames were not recorded');
  await footer(page).getByTestId('uptime').waitFor({ timeout: LIVE.timeout });
  return { page, frames };
}

/** Whether instance 0's `ALL` is on, as the server says. */
async function instanceOn(): Promise<boolean | undefined> {
  const info = await jsonRpc<{ components: { name: string; enabled: boolean }[] }>(suite.glowkit, {
    command: 'serverinfo',
    instance: 0,
  });
  return info.components.find((c) => c.name === 'ALL')?.enabled;
}

describe('the footer and the power menu', { timeout: TEST_TIMEOUT }, () => {
  it("shows the server's version and an uptime that counts", async () => {
    const { page } = await openOverview();
    expect(await footer(page).getByTestId('version').textContent()).toBe('Glowkit 0.1.0');
    const uptime = footer(page).getByTestId('uptime');
    const first = (await uptime.textContent())?.trim();
    expect(first).toMatch(/^Up \d+:\d\d(:\d\d)?$/);
    await expect.poll(async () => (await uptime.textContent())?.trim(), LIVE).not.toBe(first);
  });

  it('suspends every instance and resumes it, and the card follows', async () => {
    await jsonRpc(suite.glowkit, {
      command: 'effect',
      instance: [0],
      effect: { name: 'Warm Pulse' },
      priority: 50,
    });
    const { page } = await openOverview();
    const card = page.getByRole('article', { name: INSTANCE });
    const instanceSwitch = card.getByRole('switch', { name: 'Instance on' });
    await expect.poll(() => instanceSwitch.isChecked(), LIVE).toBe(true);
    await footer(page).getByText('Power', { exact: true }).click();
    const menu = footer(page).getByRole('group', { name: 'Power' });
    await menu.getByRole('button', { name: 'Suspend' }).click();
    await expect
      .poll(() => footer(page).getByTestId('power-status').textContent(), LIVE)
      .toContain('Suspended: every instance is off until you resume.');
    await expect.poll(() => instanceSwitch.isChecked(), LIVE).toBe(false);
    expect(await instanceOn()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'power-suspended');

    await menu.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(() => footer(page).getByTestId('power-status').textContent(), LIVE)
      .toContain('Resumed');
    await expect.poll(() => instanceSwitch.isChecked(), LIVE).toBe(true);
    // The effect it ran is back.
    await expect
      .poll(() => card.getByTestId('showing').textContent(), LIVE)
      .toContain('Warm Pulse');
    await jsonRpc(suite.glowkit, { command: 'clear', instance: [0], priority: -1 });
  });

  it('idles and ends idle, and shows the state whoever changes it', async () => {
    const { page } = await openOverview();
    const state = footer(page).getByTestId('power-state');
    await expect.poll(() => state.textContent(), LIVE).toContain('State: working');
    await footer(page).getByText('Power', { exact: true }).click();
    const menu = footer(page).getByRole('group', { name: 'Power' });
    await menu.getByRole('button', { name: 'Idle', exact: true }).click();
    await expect
      .poll(() => footer(page).getByTestId('power-status').textContent(), LIVE)
      .toContain('Idle: the captures are off');
    await expect.poll(() => state.textContent(), LIVE).toContain('State: idle');
    // The LED device stays on while idle.
    expect(await instanceOn()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'power-idle');

    await menu.getByRole('button', { name: 'End idle' }).click();
    await expect.poll(() => state.textContent(), LIVE).toContain('State: working');
    // Another client (a schedule, a phone) suspends and resumes: the footer follows.
    await jsonRpc(suite.glowkit, { command: 'system', subcommand: 'suspend' });
    await expect.poll(() => state.textContent(), LIVE).toContain('State: suspended');
    await jsonRpc(suite.glowkit, { command: 'system', subcommand: 'resume' });
    await expect.poll(() => state.textContent(), LIVE).toContain('State: working');
  });

  it('restarts the service: the page reconnects on its own', async () => {
    const { page, frames } = await openOverview({ colorScheme: 'dark' });
    await footer(page).getByText('Power', { exact: true }).click();
    await footer(page).getByRole('button', { name: 'Restart' }).click();
    await expect
      .poll(() => footer(page).getByTestId('power-status').textContent(), LIVE)
      .toContain('Restarting');
    // The server closed the socket as it restarted; the page opened another and read again.
    await expect.poll(() => frames.sockets, LIVE).toBeGreaterThan(1);
    await expect
      .poll(() => frames.requests('sysinfo').some((f) => f.socket >= 1 && frames.answered(f)), LIVE)
      .toBe(true);
    await expect
      .poll(() => page.locator('header .connection').getAttribute('data-state'), LIVE)
      .toBe('open');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'power-menu-dark');
  });

  it('reads in German and fits a phone', async () => {
    const { page } = await openOverview({ viewport: PHONE });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect
      .poll(async () => (await footer(page).getByTestId('uptime').textContent())?.trim())
      .toMatch(/^Läuft seit \d+:\d\d/);
    await footer(page).getByText('Ein/Aus', { exact: true }).click();
    for (const name of [
      'Ruhezustand',
      'Fortsetzen',
      'Leerlauf',
      'Leerlauf beenden',
      'Neu starten',
    ]) {
      await footer(page).getByRole('button', { name, exact: true }).waitFor();
    }
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'power-menu-phone-de');
  });
});
