// While the connection to the server is down, the overview's cards say so: greyed, the live
// picture not "Live", every control disabled; once the server is back they are live again. The
// server's process is killed (as a crash or a pulled plug would end it) and started again.
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './support/browser.js';
import { INSTANCE, LIVE, TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';

const suite = useLedSuite();

describe('the overview while the connection is down', { timeout: TEST_TIMEOUT * 2 }, () => {
  it('greys the cards and disables their controls, and comes back live', async () => {
    await jsonRpc(suite.glowkit, {
      command: 'color',
      instance: [0],
      color: [255, 96, 0],
      priority: 100,
    });
    const page = await suite.signedInPage('/');
    const card = page.getByRole('article', { name: INSTANCE });
    const liveState = () =>
      card.locator('gk-live-leds').getByRole('status').getAttribute('data-state');
    const controls = [
      card.getByRole('switch', { name: 'Instance on' }),
      card.getByRole('switch', { name: 'LED output on' }),
      card.getByRole('slider', { name: 'Brightness' }),
      card.getByRole('button', { name: 'Pin priority 100' }),
      card.getByRole('button', { name: 'Clear priority 100' }),
      card.getByRole('button', { name: 'Clear all' }),
    ];
    await expect.poll(liveState, LIVE).toBe('live');
    for (const control of controls) expect(await control.isEnabled()).toBe(true);
    expect(await card.getAttribute('data-offline')).toBeNull();

    await suite.glowkit.kill();
    await expect.poll(() => card.getAttribute('data-offline'), LIVE).toBe('');
    await expect.poll(liveState, LIVE).toBe('offline');
    expect(await card.getByTestId('offline').textContent()).toContain(
      'Connection to the server lost',
    );
    expect(await card.locator('gk-live-leds').getByRole('status').textContent()).toContain(
      'Not live',
    );
    for (const control of controls) expect(await control.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'overview-offline');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'overview-offline-dark');

    await suite.glowkit.restart();
    await expect.poll(() => card.getAttribute('data-offline'), LIVE).toBeNull();
    await expect.poll(liveState, LIVE).toBe('live');
    // A new process: the colour did not survive it; the switches and the slider work again.
    await card.getByTestId('sources-none').waitFor({ timeout: LIVE.timeout });
    for (const control of controls.slice(0, 3)) {
      await expect.poll(() => control.isEnabled(), LIVE).toBe(true);
    }
  });
});
