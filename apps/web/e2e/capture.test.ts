// The capture page against a real server whose machine has one X display of the test's own (an
// Xvfb, given to the server as its DISPLAY) and no video device: it lists what `inputsource
// discover` finds, says plainly that no USB device was found, and saves the screen grabber's
// settings and the instance's capture through the group schemas, read back after a reload.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paint, solid } from '../../server/test/support/x11-paint.js';
import { startXvfb, type XvfbDisplay } from '../../server/test/support/xvfb-display.js';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { jsonRpc } from './support/leds.js';

const TIMEOUT = 60_000;
const LIVE = { timeout: 20_000, interval: 100 };

let xvfb: XvfbDisplay;
let glowkit: Glowkit;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  xvfb = await startXvfb(640, 360);
  [glowkit, browser] = await Promise.all([startGlowkit({ DISPLAY: xvfb.display }), launch()]);
}, TIMEOUT);
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await glowkit?.stop();
  await xvfb?.stop();
});

async function openCapture(): Promise<Page> {
  context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, glowkit.url, glowkit.token, '/capture');
  await page.getByRole('heading', { name: 'Capture', level: 1 }).waitFor();
  // Discovery is done once the choices are there.
  await page.getByRole('group', { name: 'Capture from' }).waitFor({ timeout: LIVE.timeout });
  return page;
}

interface Discovered {
  video_sources?: Array<{
    device: string;
    device_name: string;
    video_inputs: Array<{ name: string }>;
  }>;
}

/** Our display's choice: the X11 screen named by its display. */
const ourScreen = (page: Page) =>
  page.getByRole('radio', { name: new RegExp(`^Screen: X11 ${xvfb.display} \\(640×360\\)`) });

describe('the capture page', { timeout: TIMEOUT }, () => {
  it('is in the navigation and lists what discovery finds', async () => {
    context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, glowkit.url, glowkit.token, '/');
    await page.locator('header nav').getByRole('link', { name: 'Capture', exact: true }).click();
    await page.getByRole('group', { name: 'Capture from' }).waitFor({ timeout: LIVE.timeout });
    expect(new URL(page.url()).pathname).toBe('/capture');

    // What the server itself answers: every input of every source is a choice on the page.
    const screens = await jsonRpc<Discovered>(glowkit, {
      command: 'inputsource',
      subcommand: 'discover',
      sourceType: 'screen',
    });
    const video = await jsonRpc<Discovered>(glowkit, {
      command: 'inputsource',
      subcommand: 'discover',
      sourceType: 'video',
    });
    const ours = screens.video_sources
      ?.flatMap((s) => s.video_inputs)
      .find((i) => i.name === xvfb.display);
    expect(ours).toBeDefined();
    await ourScreen(page).waitFor();
    const labels = await page
      .getByRole('radio')
      .evaluateAll((radios) =>
        radios.map((r) => r.parentElement?.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
      );
    for (const source of screens.video_sources ?? []) {
      for (const input of source.video_inputs) {
        expect(labels.some((l) => l.includes(`${source.device_name} ${input.name}`))).toBe(true);
      }
    }
    // No capture device on this machine (nor in CI): said plainly, with what to do.
    expect(video.video_sources ?? []).toEqual([]);
    await page.getByText('No USB capture device found: plug one in').waitFor();
    expect(await page.getByRole('radio', { name: /^USB video/ }).count()).toBe(0);
    // Nothing captures by default.
    expect(await page.getByRole('radio', { name: 'Nothing (capture off)' }).isChecked()).toBe(true);
    // The grabber's state while it runs is followed in "follows the running grabber" below.
  });

  it('saves the screen grabber and the instance capture, and reads them back after a reload', async () => {
    const page = await openCapture();
    await ourScreen(page).check();
    await page.getByRole('heading', { name: 'Screen grabber', level: 2 }).waitFor();
    // Size and rate from what discovery offers: the 640×360 screen every 4th pixel is 160×90.
    await page
      .getByLabel('Size handed to the LEDs')
      .selectOption({ label: 'Every 4. pixel: 160×90' });
    await page.getByLabel('Frames per second').selectOption('25');
    await page.locator('#framegrabber-form').getByLabel('Crop at the top').fill('20');
    // The instance takes the screen, at priority 200.
    const instCapture = page.locator('#instCapture-form');
    await instCapture.getByLabel('Use screen capture').check();
    await instCapture.getByLabel('Priority').first().fill('200');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'capture-screen');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.save-bar [role=status]').textContent(), LIVE)
      .toContain('Saved');

    const config = await jsonRpc<{
      global: { settings: Record<string, Record<string, unknown>> };
      instances: Array<{ settings: Record<string, Record<string, unknown>> }>;
    }>(glowkit, { command: 'config', subcommand: 'getconfig' });
    expect(config.global.settings.framegrabber).toMatchObject({
      enable: true,
      device: 'x11',
      input: 0,
      pixelDecimation: 4,
      fps: 25,
      cropTop: 20,
    });
    expect(config.instances[0]?.settings.instCapture).toMatchObject({
      systemEnable: true,
      systemPriority: 200,
    });

    await page.reload();
    await page.getByRole('group', { name: 'Capture from' }).waitFor({ timeout: LIVE.timeout });
    await expect.poll(() => ourScreen(page).isChecked(), LIVE).toBe(true);
    expect(await page.getByLabel('Frames per second').inputValue()).toBe('25');
    expect(await page.getByLabel('Size handed to the LEDs').inputValue()).toBe('4');
    expect(
      await page.locator('#framegrabber-form').getByLabel('Crop at the top').inputValue(),
    ).toBe('20');
    const instCaptureAgain = page.locator('#instCapture-form');
    expect(await instCaptureAgain.getByLabel('Use screen capture').isChecked()).toBe(true);
    expect(await instCaptureAgain.getByLabel('Priority').first().inputValue()).toBe('200');
  });

  it('has no axe violations with the screen grabber shown, in German and dark', async () => {
    context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await signIn(page, glowkit.url, glowkit.token, '/capture');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('group', { name: 'Aufnehmen von' }).waitFor({ timeout: LIVE.timeout });
    await page.getByRole('radio', { name: new RegExp(`^Bildschirm: X11 ${xvfb.display}`) }).check();
    await page.getByRole('heading', { name: 'Bildschirmaufnahme', level: 2 }).waitFor();
    await page.getByLabel('Bilder pro Sekunde').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'capture-screen-dark-de');
  });

  it('follows the running grabber: its status, crop handles on the live picture, the overview', async () => {
    await paint(xvfb.display, 640, 360, solid(640, 360, [255, 128, 0]));
    // The screen grabber saved on, instance 0 taking it (as the page saves them).
    await jsonRpc(glowkit, {
      command: 'config',
      subcommand: 'setconfig',
      config: {
        framegrabber: { enable: true, device: 'x11', input: 0, pixelDecimation: 4, fps: 10 },
      },
    });
    await jsonRpc(glowkit, {
      command: 'config',
      subcommand: 'setconfig',
      instance: 0,
      config: { instCapture: { systemEnable: true, systemPriority: 200 } },
    });
    const page = await openCapture();
    await expect.poll(() => ourScreen(page).isChecked(), LIVE).toBe(true);
    // The status follows the grabber (pushed), without asking again.
    const status = page.locator('[data-grabber-state]');
    await expect.poll(() => status.getAttribute('data-grabber-state'), LIVE).toBe('running');
    expect((await status.textContent())?.replace(/\s+/g, ' ')).toContain('Grabber: running');
    // The crop handles over the live picture; the top one moved with the keyboard crops the top.
    const top = page.getByRole('slider', { name: 'Top crop' });
    await top.waitFor({ timeout: LIVE.timeout });
    const cropTop = page.locator('#framegrabber-form').getByLabel('Crop at the top');
    const before = Number(await cropTop.inputValue());
    await top.focus();
    await page.keyboard.press('PageUp');
    await expect.poll(async () => Number(await cropTop.inputValue()), LIVE).toBeGreaterThan(before);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'capture-running');

    // The overview names the grabber as the visible source, beside its input picture.
    await page.locator('header nav').getByRole('link', { name: 'Overview', exact: true }).click();
    const card = page.getByRole('article').first();
    const showing = card.getByTestId('showing');
    await expect.poll(() => showing.textContent(), LIVE).toContain('Screen capture');
    await card
      .getByRole('img', { name: /^Input picture from / })
      .waitFor({ timeout: LIVE.timeout });
    const source = card.getByTestId('sources').locator('li[data-component=GRABBER] .source');
    expect(await source.textContent()).toBe('Screen capture');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'overview-screen-capture');

    // Switched off while the page shows it: the status follows, without asking again (and the
    // grabber stays off for the tests after this one).
    await page.locator('header nav').getByRole('link', { name: 'Capture', exact: true }).click();
    await expect.poll(() => status.getAttribute('data-grabber-state'), LIVE).toBe('running');
    await jsonRpc(glowkit, {
      command: 'config',
      subcommand: 'setconfig',
      config: { framegrabber: { enable: false, device: 'x11', input: 0 } },
    });
    await expect.poll(() => status.getAttribute('data-grabber-state'), LIVE).toBe('stopped');
  });

  it('keeps Save off while a field is out of range, and says so', async () => {
    const page = await openCapture();
    const priority = page.locator('#instCapture-form').getByLabel('Priority').first();
    const save = page.getByRole('button', { name: 'Save' });
    await priority.fill('50');
    await expect.poll(() => save.isDisabled(), LIVE).toBe(true);
    await page.getByText('Some values need correcting before they can be saved.').waitFor();
    expect(await priority.getAttribute('aria-invalid')).toBe('true');
    await priority.fill('150');
    await expect.poll(() => save.isEnabled(), LIVE).toBe(true);
  });
});
