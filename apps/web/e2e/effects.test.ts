// The Effects page as a user drives it: run a bundled effect and watch the live picture move,
// change its options while it runs and see the LEDs follow, keep the options as a custom effect
// and delete it again; the overview says what runs; both pages fit a phone.
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
import { allGrey, brightest, distinctColours, ledColours, type Rgb } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

const suite = useLedSuite();

/** A signed-in page on the effect `name` (chosen from the catalogue, as a user does). */
async function openEffect(name: string, look = {}): Promise<Page> {
  const page = await suite.signedInPage('/effects', look);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 2 }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/effects/${encodeURIComponent(name)}`);
  return page;
}

/** The Run section's status line. */
function runStatus(page: Page) {
  return page.getByRole('region', { name: 'Run' }).getByRole('status');
}

async function run(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect
    .poll(() => runStatus(page).textContent())
    .toContain(`runs on ${INSTANCE} at priority 50 until stopped`);
}

async function stop(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect
    .poll(async () => (await runStatus(page).textContent())?.trim())
    .toBe(`Priority 50 on ${INSTANCE} was cleared.`);
}

describe('the effects page', { timeout: TEST_TIMEOUT }, () => {
  it('runs Rainbow Wave: the live picture moves in many colours, the overview says so', async () => {
    const page = await openEffect('Rainbow Wave');
    const picture = await livePicture(page);
    // Nothing runs yet: the LEDs are dark.
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBe(0);
    await run(page);
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBeGreaterThan(200);
    // A rainbow along the frame: many colours at once, and they move.
    await expect
      .poll(async () => distinctColours(await ledColours(picture)), LIVE)
      .toBeGreaterThan(20);
    const before = await ledColours(picture);
    await expect.poll(() => ledColours(picture), LIVE).not.toEqual(before);
    await screenshot(page, 'effects-rainbow-running');

    await page.getByRole('link', { name: 'Overview' }).click();
    const card = page.getByRole('article', { name: INSTANCE });
    await expect
      .poll(() => card.getByTestId('showing').textContent())
      .toContain('Effect “Rainbow Wave”');
    await expect.poll(() => card.getByTestId('showing').textContent()).toContain('Priority 50');
    const overviewPicture = card.locator('gk-led-picture');
    await card.getByRole('img', { name: PICTURE }).waitFor();
    await expect
      .poll(async () => distinctColours(await ledColours(overviewPicture)), LIVE)
      .toBeGreaterThan(20);
    await screenshot(page, 'overview-rainbow');

    // Back on the page, it knows the effect runs, and Stop ends it.
    await page.goBack();
    await page.getByRole('heading', { name: 'Rainbow Wave', level: 2 }).waitFor();
    await expect.poll(() => runStatus(page).textContent()).toContain('Rainbow Wave runs on');
    await stop(page);
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBe(0);
  });

  it('runs for tenths of a second, as the colour page sets a colour for', async () => {
    const page = await openEffect('Rainbow Wave');
    await page.getByRole('spinbutton', { name: 'Duration in seconds' }).fill('2.5');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => runStatus(page).textContent())
      .toContain(`Rainbow Wave runs on ${INSTANCE} at priority 50 for 2.5 s.`);
    // Timed: it ends by itself, and the page says no more that it runs.
    await expect.poll(() => runStatus(page).textContent(), LIVE).not.toContain('runs on');
  });

  it('follows a changed option while it runs: Rainbow Wave at saturation 0 is white', async () => {
    const page = await openEffect('Rainbow Wave');
    const picture = await livePicture(page);
    await run(page);
    await expect
      .poll(async () => distinctColours(await ledColours(picture)), LIVE)
      .toBeGreaterThan(20);
    const options = page.getByRole('region', { name: 'Options' });
    await options.getByRole('spinbutton', { name: 'Saturation' }).fill('0');
    await options.getByRole('spinbutton', { name: 'Saturation' }).press('Tab');
    // Saturation 0: every LED the same white (the picture shows it before the instance's
    // brightness compensation, which dims white on the LEDs, as Hyperion.ng's does).
    const white = (colours: Rgb[]) => allGrey(colours) && distinctColours(colours) === 1;
    await expect.poll(async () => white(await ledColours(picture)), LIVE).toBe(true);
    expect(brightest(await ledColours(picture))).toBeGreaterThan(50);
    await screenshot(page, 'effects-rainbow-saturation-0');
    await stop(page);
    // The form keeps what was edited while the page changes around it.
    await expect
      .poll(() => options.getByRole('spinbutton', { name: 'Saturation' }).inputValue())
      .toBe('0');
  });

  it('follows a changed colour option: Warm Pulse turns blue', async () => {
    const page = await openEffect('Warm Pulse');
    const picture = await livePicture(page);
    await run(page);
    // Orange: red strongest, no blue.
    const orange = (c: Rgb) => c[0] > c[1] && c[2] === 0 && c[0] > 0;
    await expect.poll(async () => (await ledColours(picture)).every(orange), LIVE).toBe(true);
    const options = page.getByRole('region', { name: 'Options' });
    for (const [channel, value] of [
      ['Red', '0'],
      ['Green', '0'],
      ['Blue', '255'],
    ] as const) {
      const field = options.getByRole('spinbutton', { name: channel, exact: true });
      await field.fill(value);
      await field.press('Tab');
    }
    // Blue only, and lit (the pulse never goes fully dark for long).
    const blue = (c: Rgb) => c[0] === 0 && c[1] === 0 && c[2] > 100;
    await expect.poll(async () => (await ledColours(picture)).every(blue), LIVE).toBe(true);
    await screenshot(page, 'effects-pulse-blue');
    await stop(page);
  });

  it('keeps changed options as a custom effect, and deletes it again', async () => {
    const page = await openEffect('Warm Pulse');
    const option = (name: string) =>
      page.getByRole('region', { name: 'Options' }).getByRole('spinbutton', { name, exact: true });
    await option('Cycle length').fill('2.5');
    await option('Green').fill('0');
    await page.getByRole('textbox', { name: 'Name of the new effect' }).fill('Red Heartbeat');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Red Heartbeat”.' }).waitFor();
    await page.getByRole('heading', { name: 'Red Heartbeat', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/effects/Red%20Heartbeat');
    const custom = page.getByRole('region', { name: 'Custom effects' });
    await custom.getByRole('link', { name: 'Red Heartbeat', exact: true }).waitFor();
    // The new effect starts from the options it was saved with.
    await expect.poll(() => option('Cycle length').inputValue()).toBe('2.5');
    await expect.poll(() => option('Red').inputValue()).toBe('255');
    await expect.poll(() => option('Green').inputValue()).toBe('0');
    await screenshot(page, 'effects-custom-saved');

    // It runs like a bundled one: red, no green, no blue.
    const picture = await livePicture(page);
    await run(page);
    const red = (c: Rgb) => c[0] > 50 && c[1] === 0 && c[2] === 0;
    await expect.poll(async () => (await ledColours(picture)).every(red), LIVE).toBe(true);
    await stop(page);

    await page.getByRole('button', { name: 'Delete effect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Red Heartbeat”?' });
    await dialog.waitFor();
    await screenshot(page, 'effects-custom-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/effects');
    await expect.poll(() => custom.getByRole('link', { name: 'Red Heartbeat' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('link', { name: 'Warm Pulse', exact: true }).count())
      .toBe(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`on a phone, brings Run into view on a tap and keeps the live picture in sight (${theme})`, async () => {
      const page = await suite.signedInPage('/effects', { viewport: PHONE, colorScheme: theme });
      const inView = async (name: string, locator: ReturnType<Page['getByRole']>) => {
        const box = await locator.boundingBox();
        expect(box, name).not.toBeNull();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
      };
      // An effect far down the list: tapping it shows its Run button without scrolling.
      await page.getByRole('link', { name: 'Theatre Chase', exact: true }).click();
      await page.getByRole('heading', { name: 'Theatre Chase', level: 2 }).waitFor();
      const runButton = page.getByRole('button', { name: 'Run', exact: true });
      await expect.poll(() => inView('Run', runButton)).toBe(true);
      const picture = await livePicture(page);
      await run(page);
      await expect
        .poll(async () => brightest(await ledColours(picture)), LIVE)
        .toBeGreaterThan(100);
      // Down to the last option: the live picture is still on the screen.
      const options = page.getByRole('region', { name: 'Options' });
      const last = options.getByRole('spinbutton').last();
      const shown = page.getByRole('img', { name: PICTURE });
      // Scrolled again at each look: the form may still be laid out anew on a busy machine (the
      // running effect's state), moving the last option after it was scrolled to.
      await expect
        .poll(async () => {
          await last.scrollIntoViewIfNeeded();
          return (await inView('option', last)) && (await inView('live picture', shown));
        })
        .toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `phone-effect-options-${theme}`);
      await stop(page);
    });
  }

  it('fits a phone: the overview and an effect, run from there', async () => {
    const page = await suite.signedInPage('/', { viewport: PHONE });
    const card = page.getByRole('article', { name: INSTANCE });
    await card.getByRole('img', { name: PICTURE }).waitFor();
    await card.getByTestId('showing').waitFor();
    await expectNoSidewaysScroll(page);
    await expectReachable(card.getByRole('switch', { name: 'Instance on' }));
    await expectReachable(card.getByRole('switch', { name: 'LED output on' }));
    await expectReachable(card.getByRole('slider', { name: 'Brightness' }));
    await screenshot(page, 'phone-overview');

    await page.getByRole('link', { name: 'Effects' }).first().click();
    await page.getByRole('searchbox', { name: 'Search effects' }).fill('rainbow');
    await page.getByRole('link', { name: 'Rainbow Wave', exact: true }).click();
    await page.getByRole('heading', { name: 'Rainbow Wave', level: 2 }).waitFor();
    const picture = await livePicture(page);
    await expectNoSidewaysScroll(page);
    for (const control of [
      page.getByRole('combobox', { name: 'Instance' }),
      page.getByRole('spinbutton', { name: 'Priority (1–253, lower wins)' }),
      page.getByRole('spinbutton', { name: 'Duration in seconds' }),
      page.getByRole('button', { name: 'Stop', exact: true }),
      page.getByRole('region', { name: 'Options' }).getByRole('spinbutton', { name: 'Saturation' }),
      page.getByRole('button', { name: 'Save', exact: true }),
    ]) {
      await expectReachable(control);
    }
    await expectReachable(page.getByRole('button', { name: 'Run', exact: true }));
    await run(page);
    await expect.poll(async () => brightest(await ledColours(picture)), LIVE).toBeGreaterThan(200);
    await expectReachable(page.getByRole('img', { name: PICTURE }));
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'phone-effects-running');
    await stop(page);
  });
});
