// The live picture shows the colours the user chose, not what the LEDs need to show them: the
// server streams the colours before the instance's colour adjustment (its gamma 2.2 and brightness
// compensation), as Hyperion.ng does. Read from the canvas pixels, for a colour set on the Colour
// page and for an effect whose colour is known (Warm Pulse held at full brightness).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  INSTANCE,
  LIVE,
  livePicture,
  PICTURE,
  TEST_TIMEOUT,
  useLedSuite,
} from './support/led-suite.js';
import { ledColours, type Rgb } from './support/leds.js';

const suite = useLedSuite();

/** Whether every LED of the picture shows `rgb`, give or take the canvas's rounding (±2). */
async function everyLedShows(picture: Locator, rgb: Rgb): Promise<boolean> {
  const colours = await ledColours(picture);
  return (
    colours.length === 60 &&
    colours.every((c) => c.every((channel, i) => Math.abs(channel - (rgb[i] ?? 0)) <= 2))
  );
}

/** Types a colour into the Colour page's picker and sets it, as a keyboard user does. */
async function setColour(page: Page, rgb: Rgb): Promise<void> {
  const picker = page.getByRole('group', { name: 'Colour', exact: true });
  for (const [i, channel] of ['Red', 'Green', 'Blue'].entries()) {
    const field = picker.getByRole('spinbutton', { name: channel, exact: true });
    await field.fill(String(rgb[i]));
    await field.press('Tab');
  }
  await page.getByRole('button', { name: 'Set colour' }).click();
  await expect.poll(() => page.getByTestId('colour-status').textContent()).toContain('set on');
}

describe('the live picture', { timeout: TEST_TIMEOUT }, () => {
  it('shows the colour set, on the Colour page and on the overview', async () => {
    const page = await suite.signedInPage('/colour');
    await page.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
    const picture = await livePicture(page);
    try {
      for (const rgb of [
        [255, 96, 0],
        [0, 200, 255],
      ] as Rgb[]) {
        await setColour(page, rgb);
        await expect.poll(() => everyLedShows(picture, rgb), LIVE).toBe(true);
      }
      await page.getByRole('link', { name: 'Overview' }).click();
      const card = page.getByRole('article', { name: INSTANCE });
      await card.getByRole('img', { name: PICTURE }).waitFor();
      await expect
        .poll(() => everyLedShows(card.locator('gk-led-picture'), [0, 200, 255]), LIVE)
        .toBe(true);
    } finally {
      await page.request.post(`${suite.glowkit.url}/json-rpc`, {
        headers: { Authorization: `Bearer ${suite.glowkit.token}` },
        data: { command: 'clear', instance: [0], priority: -1 },
      });
    }
  });

  it("shows an effect's colour: Warm Pulse at full brightness is orange (255, 96, 0)", async () => {
    const page = await suite.signedInPage('/effects');
    await page.getByRole('link', { name: 'Warm Pulse', exact: true }).click();
    await page.getByRole('heading', { name: 'Warm Pulse', level: 2 }).waitFor();
    const picture = await livePicture(page);
    // Its lowest brightness at 100 %: it holds its colour instead of breathing.
    const options = page.getByRole('region', { name: 'Options' });
    const lowest = options.getByRole('spinbutton', { name: 'Lowest brightness' });
    await lowest.fill('100');
    await lowest.press('Tab');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    try {
      await expect.poll(() => everyLedShows(picture, [255, 96, 0]), LIVE).toBe(true);
    } finally {
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
    }
  });
});
