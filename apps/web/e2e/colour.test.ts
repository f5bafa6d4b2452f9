// The Colour page as a user drives it: pick a colour with the RGB picker, set it at a priority and
// see it on the live picture (as chosen: before the instance's colour adjustment) and on
// the overview; clear it again; a timed colour counts down on the overview.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './support/browser.js';
import {
  INSTANCE,
  LIVE,
  livePicture,
  PICTURE,
  TEST_TIMEOUT,
  useLedSuite,
} from './support/led-suite.js';
import { brightest, distinctColours, jsonRpc, ledColours, type Rgb } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

const suite = useLedSuite();

async function openColourPage(look = {}): Promise<Page> {
  const page = await suite.signedInPage('/colour', look);
  await page.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
  return page;
}

/** Types a colour into the picker's channels, as a keyboard user does. */
async function pick(page: Page, [red, green, blue]: Rgb): Promise<void> {
  const picker = page.getByRole('group', { name: 'Colour', exact: true });
  for (const [channel, value] of [
    ['Red', red],
    ['Green', green],
    ['Blue', blue],
  ] as const) {
    const field = picker.getByRole('spinbutton', { name: channel, exact: true });
    await field.fill(String(value));
    await field.press('Tab');
  }
}

const status = (page: Page) => page.getByTestId('colour-status');
const showing = (page: Page) =>
  page.getByRole('article', { name: INSTANCE }).getByTestId('showing');

describe('the colour page', { timeout: TEST_TIMEOUT }, () => {
  it('sets a colour: every LED shows it, the overview names it; clearing darkens them', async () => {
    const page = await openColourPage();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Instance' }).inputValue())
      .toBe('0');
    await expect
      .poll(() => page.getByRole('spinbutton', { name: 'Priority' }).inputValue())
      .toBe('50');
    const picture = await livePicture(page);
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBe(0);

    await pick(page, [0, 128, 255]);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Pick a color' }).inputValue())
      .toBe('#0080ff');
    await page.getByRole('button', { name: 'Set colour' }).click();
    await expect
      .poll(() => status(page).textContent())
      .toContain(`#0080FF set on ${INSTANCE} at priority 50`);
    await expect
      .poll(async () => (await page.getByTestId('colour-error').textContent())?.trim())
      .toBe('');
    // The picture shows the colour chosen (the LEDs get it after the instance's gamma 2.2, which
    // the picture leaves out, as Hyperion.ng's does); every LED alike, within the canvas's rounding.
    const azure = (colours: Rgb[]) =>
      distinctColours(colours) === 1 &&
      colours.every(([r, g, b]) => b >= 253 && Math.abs(g - 128) <= 2 && r === 0);
    await expect.poll(async () => azure(await ledColours(picture)), LIVE).toBe(true);
    await screenshot(page, 'colour-set');

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect
      .poll(() => showing(page).textContent(), LIVE)
      .toContain('Colour #0080FF (RGB 0, 128, 255)');
    await expect.poll(() => showing(page).textContent()).toContain('Priority 50');
    const card = page.getByRole('article', { name: INSTANCE });
    await card.getByRole('img', { name: PICTURE }).waitFor();
    await expect
      .poll(async () => azure(await ledColours(card.locator('gk-led-picture'))), LIVE)
      .toBe(true);
    // Untimed: no time left.
    await expect.poll(() => card.getByTestId('time-left').count()).toBe(0);
    await screenshot(page, 'overview-colour');

    // The overview's own link to the colour of this instance, then Clear.
    await card.getByRole('link', { name: 'Colour' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/colour/0');
    await page.getByRole('button', { name: 'Clear priority' }).click();
    await expect
      .poll(async () => (await status(page).textContent())?.trim())
      .toBe(`Priority 50 cleared on ${INSTANCE}.`);
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBe(0);
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect
      .poll(async () => (await showing(page).textContent())?.trim(), LIVE)
      .toBe('Nothing: the LEDs are dark.');
  });

  it('keeps the lower priority on top, and a timed colour counts down on the overview', async () => {
    const page = await openColourPage();
    const picture = await livePicture(page);
    // Red at 50, for a minute.
    await pick(page, [255, 0, 0]);
    await page.getByRole('spinbutton', { name: 'Duration in seconds' }).fill('60');
    await page.getByRole('button', { name: 'Set colour' }).click();
    await expect.poll(() => status(page).textContent()).toContain('#FF0000 set on');
    const red = (colours: Rgb[]) => colours.every(([r, g, b]) => r > 200 && g === 0 && b === 0);
    await expect.poll(async () => red(await ledColours(picture)), LIVE).toBe(true);
    // Green at 100 stays behind it.
    await pick(page, [0, 255, 0]);
    await page.getByRole('spinbutton', { name: 'Duration in seconds' }).fill('');
    await page.getByRole('spinbutton', { name: 'Priority' }).fill('100');
    await page.getByRole('button', { name: 'Set colour' }).click();
    await expect
      .poll(() => status(page).textContent())
      .toContain(`#00FF00 set on ${INSTANCE} at priority 100`);
    expect(red(await ledColours(picture))).toBe(true);

    await page.getByRole('link', { name: 'Overview' }).click();
    const card = page.getByRole('article', { name: INSTANCE });
    await expect.poll(() => showing(page).textContent(), LIVE).toContain('Colour #FF0000');
    await expect
      .poll(() => card.getByTestId('time-left').textContent())
      .toMatch(/^\s*[01]:\d\d\s*$/);
    await screenshot(page, 'overview-colour-timed');

    // Cleared from the overview: green (priority 100) shows.
    await card.getByRole('button', { name: 'Clear priority 50' }).click();
    await expect.poll(() => showing(page).textContent(), LIVE).toContain('Colour #00FF00');
    const green = (colours: Rgb[]) => colours.every(([r, g, b]) => g > 200 && r === 0 && b === 0);
    await expect
      .poll(async () => green(await ledColours(card.locator('gk-led-picture'))), LIVE)
      .toBe(true);
    await card.getByRole('button', { name: 'Clear priority 100' }).click();
    await expect
      .poll(async () => (await showing(page).textContent())?.trim(), LIVE)
      .toBe('Nothing: the LEDs are dark.');
  });

  it("dims the LEDs with the overview's brightness, and switches their output off and on", async () => {
    const page = await openColourPage();
    await pick(page, [255, 0, 0]);
    await page.getByRole('button', { name: 'Set colour' }).click();
    await expect.poll(() => status(page).textContent()).toContain('#FF0000 set on');
    await page.getByRole('link', { name: 'Overview' }).click();
    const card = page.getByRole('article', { name: INSTANCE });
    const picture = card.locator('gk-led-picture');
    await card.getByRole('img', { name: PICTURE }).waitFor();
    const reds = async () => (await ledColours(picture)).map(([r]) => r);
    await expect.poll(async () => Math.min(...(await reds())), LIVE).toBeGreaterThan(240);

    const slider = card.getByRole('slider', { name: 'Brightness' });
    const brightness = async () =>
      (
        await jsonRpc<{ adjustment: Array<{ brightness: number }> }>(suite.glowkit, {
          command: 'serverinfo',
          instance: 0,
        })
      ).adjustment[0]?.brightness;
    await slider.fill('40');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('40 %');
    // The LEDs are dimmed (the instance's adjustment); the live picture still shows the red
    // chosen, as Hyperion.ng's does: it shows colours before the adjustment.
    await expect.poll(brightness, LIVE).toBe(40);
    const dimmed = await ledColours(picture);
    expect(distinctColours(dimmed)).toBe(1);
    expect(dimmed[0]).toEqual([255, 0, 0]);
    await screenshot(page, 'overview-dimmed');
    await slider.fill('100');
    await expect.poll(brightness, LIVE).toBe(100);
    expect(Math.min(...(await reds()))).toBe(255);

    const output = card.getByRole('switch', { name: 'LED output on' });
    await output.uncheck();
    await expect
      .poll(() => card.getByTestId('device').getAttribute('data-state'), LIVE)
      .toBe('off');
    await expect
      .poll(async () => (await card.getByTestId('device').textContent())?.trim())
      .toBe('virtual: off');
    // The picture still shows the instance's colours, so the card says the LEDs are dark.
    await card.getByTestId('output-off').waitFor();
    await expect
      .poll(() => card.getByTestId('output-off').textContent())
      .toContain('the LEDs are dark');
    await screenshot(page, 'overview-output-off');
    await output.check();
    await card.getByTestId('output-off').waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('device').getAttribute('data-state'), LIVE).toBe('on');
    await expect.poll(() => output.isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Clear priority 50' }).click();
    await expect
      .poll(async () => (await showing(page).textContent())?.trim(), LIVE)
      .toBe('Nothing: the LEDs are dark.');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`sets a quick colour in one tap, and keeps the colours set last (${theme})`, async () => {
      const page = await openColourPage({ colorScheme: theme });
      const picture = await livePicture(page);
      // Nothing set from this browser yet: no recent colours.
      expect(await page.getByTestId('recent-colours').count()).toBe(0);
      await page.getByRole('button', { name: 'Set Red' }).click();
      await expect
        .poll(() => status(page).textContent())
        .toContain(`#FF0000 set on ${INSTANCE} at priority 50`);
      const red = (colours: Rgb[]) => colours.every(([r, g, b]) => r > 200 && g === 0 && b === 0);
      await expect.poll(async () => red(await ledColours(picture)), LIVE).toBe(true);
      // The picker shows the colour set.
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Pick a color' }).inputValue())
        .toBe('#ff0000');
      await pick(page, [0, 128, 255]);
      await page.getByRole('button', { name: 'Set colour' }).click();
      await expect.poll(() => status(page).textContent()).toContain('#0080FF set on');
      const recent = () => page.getByTestId('recent-colours').getByRole('button').allInnerTexts();
      await expect
        .poll(async () => (await recent()).map((t) => t.trim()))
        .toEqual(['#0080FF', '#FF0000']);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `colour-quick-${theme}`);

      // Kept in this browser: after a reload, one tap sets red again.
      await page.reload();
      await page.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
      await expect
        .poll(async () => (await recent()).map((t) => t.trim()))
        .toEqual(['#0080FF', '#FF0000']);
      await page.getByRole('button', { name: 'Set #FF0000' }).click();
      await expect.poll(() => status(page).textContent()).toContain('#FF0000 set on');
      await expect.poll(async () => (await recent()).map((t) => t.trim())[0]).toBe('#FF0000');
      await page.getByRole('button', { name: 'Clear priority' }).click();
      await expect.poll(() => status(page).textContent()).toContain('Priority 50 cleared');
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`puts on/off and brightness at the top on a phone, in German too (${theme})`, async () => {
      const page = await openColourPage({ viewport: PHONE, colorScheme: theme });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      await page.getByRole('heading', { name: 'Farbe', level: 1 }).waitFor();
      const slider = page.getByRole('slider', { name: 'Helligkeit' });
      const output = page.getByRole('switch', { name: 'LED-Ausgabe an' });
      await slider.waitFor();
      // Above the picker and within the first screen, without scrolling.
      const picker = page.getByRole('group', { name: 'Farbe', exact: true });
      for (const control of [slider, output, page.getByRole('switch', { name: 'Instanz an' })]) {
        const box = await control.boundingBox();
        const pickerBox = await picker.boundingBox();
        expect(box && pickerBox && box.y < pickerBox.y).toBe(true);
        expect(box && box.y + box.height <= PHONE.height).toBe(true);
      }
      await page.getByRole('button', { name: 'Rot setzen' }).waitFor();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `phone-colour-top-${theme}`);
      // The switch works from here: the LED output goes off, then on again.
      await output.uncheck();
      await expect
        .poll(async () => {
          const info = await jsonRpc<{ components: { name: string; enabled: boolean }[] }>(
            suite.glowkit,
            { command: 'serverinfo', instance: 0 },
          );
          return info.components.find((c) => c.name === 'LEDDEVICE')?.enabled;
        })
        .toBe(false);
      await output.check();
      await expect.poll(() => output.isChecked()).toBe(true);
    });
  }

  it('fits a phone', async () => {
    const page = await openColourPage({ viewport: PHONE });
    await livePicture(page);
    await expectNoSidewaysScroll(page);
    for (const control of [
      page.getByRole('combobox', { name: 'Instance' }),
      page.getByRole('spinbutton', { name: 'Red', exact: true }),
      page.getByRole('spinbutton', { name: 'Blue', exact: true }),
      page.getByRole('spinbutton', { name: 'Priority' }),
      page.getByRole('button', { name: 'Clear priority' }),
      page.getByRole('button', { name: 'Set colour' }),
      page.getByRole('img', { name: PICTURE }),
    ]) {
      await expectReachable(control);
    }
    await screenshot(page, 'phone-colour');
  });
});
