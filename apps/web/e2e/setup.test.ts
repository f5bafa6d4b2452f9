// The Setup page as a user drives it: a `file` device and a 60-LED frame around a screen, saved in
// one go; the device then writes frames of 60 LEDs to the file (read here as the file it is), the
// page shows the saved values after a reload, and the overview the new device and layout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, screenshot, signIn } from './support/browser.js';
import { framesInFile } from './support/file-frames.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

const INSTANCE = 'First LED instance';

/**
 * Each test waits on what the page shows, never on the clock; this only bounds a test on a slow,
 * busy machine (the whole suite runs its files side by side).
 */
const TEST_TIMEOUT = 60_000;

let glowkit: Glowkit;
let browser: Browser;
let context: BrowserContext | undefined;
let outputDir: string;
let output: string;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
  outputDir = mkdtempSync(join(tmpdir(), 'glowkit-e2e-frames-'));
  output = join(outputDir, 'frames.txt');
}, TEST_TIMEOUT);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await glowkit?.stop();
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

async function openSetup(look = {}): Promise<Page> {
  context = await newContext(browser, look);
  const page = await context.newPage();
  await signIn(page, glowkit.url, glowkit.token, '/setup/0');
  await page.getByRole('heading', { name: 'Setup', level: 1 }).waitFor();
  await page.getByLabel('Device type').waitFor();
  return page;
}

/** The configuration as the server stores it: what any client reads. */
const storedConfig = async () =>
  (
    await fetch(`${glowkit.url}/json-rpc`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${glowkit.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'config', subcommand: 'getconfig' }),
    })
  ).json();

const frameField = (page: Page, edge: string) =>
  page.getByRole('spinbutton', { name: edge, exact: true });

describe('the setup page', { timeout: TEST_TIMEOUT }, () => {
  it('saves a file device and a 60-LED frame; the file gets frames of 60 LEDs', async () => {
    const page = await openSetup();
    await expect.poll(() => page.getByLabel('Instance', { exact: true }).inputValue()).toBe('0');
    for (const heading of ['LED device', 'LED layout', 'Smoothing', 'Colour adjustment']) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isDisabled()).toBe(true);

    await page.getByLabel('Device type').selectOption('file');
    await page.getByLabel('Output file').fill(output);
    // The forms are the groups' schemas; the page's own type select and adjustment forms stand
    // for the schema's `type` and its list of adjustments, which are not shown again.
    await page.getByRole('heading', { name: 'Adjustment “default”', level: 3 }).waitFor();
    expect(await page.getByLabel('Controller type').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Color adjustments' }).count()).toBe(0);

    await page.getByRole('radio', { name: 'Frame around a screen' }).check();
    await frameField(page, 'Top').fill('20');
    await frameField(page, 'Right').fill('10');
    await frameField(page, 'Bottom').fill('20');
    await frameField(page, 'Left').fill('10');
    await page.getByRole('img', { name: 'Preview of the layout: 60 LEDs' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'LEDs in this layout: 60' }).waitFor();
    // The device still has the default's 1 LED: the page says so and offers to fix it.
    const mismatch = page
      .getByRole('status')
      .filter({ hasText: 'The layout has 60 LEDs, the device 1.' });
    await mismatch.waitFor();
    await screenshot(page, 'setup-mismatch');
    await page.getByRole('button', { name: 'Give the device 60 LEDs' }).click();
    await expect
      .poll(() => page.getByLabel('Number of LEDs on the hardware').inputValue())
      .toBe('60');
    await expect.poll(() => mismatch.count()).toBe(0);
    await screenshot(page, 'setup-file-frame');

    await save.click();
    const saved = page.getByRole('status').filter({ hasText: 'Saved.' });
    await saved.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => saved.textContent())
      .toContain('The instance runs with the new settings.');
    await screenshot(page, 'setup-saved');

    // The device writes what the instance shows (the boot effect runs again on a rebuild, then
    // nothing): every line 60 LEDs.
    await expect.poll(() => framesInFile(output).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new Set(framesInFile(output).map((frame) => frame.length))).toEqual(new Set([60]));

    // A colour set on the Colour page reaches the file: 60 times red (gamma keeps 255 and 0).
    await page.getByRole('link', { name: 'Colour' }).click();
    const picker = page.getByRole('group', { name: 'Colour', exact: true });
    for (const [channel, value] of [
      ['Red', '255'],
      ['Green', '0'],
      ['Blue', '0'],
    ] as const) {
      await picker.getByRole('spinbutton', { name: channel, exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Set colour' }).click();
    await expect.poll(() => page.getByTestId('colour-status').textContent()).toContain('#FF0000');
    await expect
      .poll(() => JSON.stringify(framesInFile(output).at(-1)), { timeout: 20_000, interval: 100 })
      .toBe(JSON.stringify(Array.from({ length: 60 }, () => [255, 0, 0])));
    expect(new Set(framesInFile(output).map((frame) => frame.length))).toEqual(new Set([60]));
  });

  it('shows the saved values after a reload, and the overview the new device', async () => {
    const page = await openSetup();
    await expect.poll(() => page.getByLabel('Device type').inputValue()).toBe('file');
    await expect.poll(() => page.getByLabel('Output file').inputValue()).toBe(output);
    await expect
      .poll(() => page.getByLabel('Number of LEDs on the hardware').inputValue())
      .toBe('60');
    await page.getByRole('status').filter({ hasText: 'LEDs in this layout: 60' }).waitFor();
    await page.getByRole('img', { name: 'Preview of the layout: 60 LEDs' }).waitFor();
    // The generator knows the frame it made.
    await expect
      .poll(() => page.getByRole('radio', { name: 'Frame around a screen' }).isChecked())
      .toBe(true);
    for (const [edge, count] of [
      ['Top', '20'],
      ['Right', '10'],
      ['Bottom', '20'],
      ['Left', '10'],
    ] as const) {
      await expect.poll(() => frameField(page, edge).inputValue(), { message: edge }).toBe(count);
    }
    await expect.poll(() => page.getByText('The layout has 60 LEDs').count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    await screenshot(page, 'setup-reloaded');

    await page.reload();
    await page.getByLabel('Output file').waitFor();
    await expect.poll(() => page.getByLabel('Output file').inputValue()).toBe(output);

    await page.getByRole('link', { name: 'Overview' }).click();
    const card = page.getByRole('article', { name: INSTANCE });
    await expect.poll(() => card.getByTestId('device').textContent()).toContain('file: on');
    await card.getByRole('img', { name: `Live picture of 60 LEDs of ${INSTANCE}` }).waitFor();
    await screenshot(page, 'overview-file-device');
  });

  it('saves the black-border mode and the flatbuffers timeout; a reload reads them back', async () => {
    const page = await openSetup();
    const borders = page.getByRole('region', { name: 'Black borders' });
    const inputs = page.getByRole('region', { name: 'Picture inputs' });
    await page.getByRole('region', { name: 'Boblight input' }).waitFor();
    const mode = borders.getByLabel('Detection mode');
    const timeout = inputs.locator('#flatbufServer-form').getByLabel('Timeout without pictures');
    await expect.poll(() => mode.inputValue()).toBe('default');
    await expect.poll(() => timeout.inputValue()).toBe('5');

    await mode.selectOption('letterbox');
    await timeout.fill('42');
    await page.getByRole('status').filter({ hasText: 'Black borders' }).waitFor();
    await screenshot(page, 'setup-inputs-edited');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The global group restarts the server's listeners: the page waits until it is back.
    const saved = page.getByRole('status').filter({ hasText: 'Saved.' });
    await saved.waitFor({ timeout: 30_000 });
    await expect.poll(() => saved.textContent()).toContain('The server restarted its listeners.');

    await page.reload();
    await page
      .getByRole('region', { name: 'Black borders' })
      .getByLabel('Detection mode')
      .waitFor();
    await expect.poll(() => mode.inputValue()).toBe('letterbox');
    await expect.poll(() => timeout.inputValue()).toBe('42');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    // The server stored them: what any client reads.
    const config = await storedConfig();
    expect(config.info.global.settings.flatbufServer.timeout).toBe(42);
    expect(config.info.instances[0].settings.blackborderdetector.mode).toBe('letterbox');
  });

  it('shows the MQTT settings in the network section, from the schema, and saves them at once', async () => {
    const page = await openSetup();
    const network = page.getByRole('region', { name: 'Network and home automation' });
    await network.getByRole('heading', { name: 'MQTT (Home Assistant)', level: 3 }).waitFor();
    const mqtt = network.locator('#mqtt-form');
    // The object's keys, each one input: rendered from network.mqtt's schema.
    for (const label of ['Port', 'User name', 'Password', 'Base topic', 'Group topic']) {
      await mqtt.getByLabel(label, { exact: true }).waitFor();
    }
    await expect.poll(() => mqtt.getByLabel('Port', { exact: true }).inputValue()).toBe('1883');
    await expect
      .poll(() => mqtt.getByLabel('Home Assistant discovery prefix').inputValue())
      .toBe('homeassistant');
    // The group's own keys are there too, in a form of their own.
    await network.locator('#network-form').getByText('Serve inputs from the internet').waitFor();

    await mqtt.getByLabel('IP address or host name').fill('broker.local');
    await mqtt.getByLabel('Group topic').fill('glowkit/group/living');
    await page.getByRole('status').filter({ hasText: 'Network and home automation' }).waitFor();
    await screenshot(page, 'setup-network-edited');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 30_000 });

    const config = await storedConfig();
    expect(config.info.global.settings.network.mqtt).toMatchObject({
      enable: false,
      host: 'broker.local',
      port: 1883,
      groupTopic: 'glowkit/group/living',
    });
    expect(config.info.global.settings.network.internetAccessAPI).toBe(false);
    await page.reload();
    await expect
      .poll(() => page.locator('#mqtt-form').getByLabel('IP address or host name').inputValue())
      .toBe('broker.local');
  });

  it('fits a phone: no sideways scroll, the fields and the save bar within reach', async () => {
    const page = await openSetup({ viewport: PHONE });
    await page.getByRole('status').filter({ hasText: 'LEDs in this layout: 60' }).waitFor();
    await expectNoSidewaysScroll(page);
    for (const control of [
      page.getByLabel('Instance', { exact: true }),
      page.getByLabel('Device type'),
      page.getByLabel('Output file'),
      page.getByLabel('Number of LEDs on the hardware'),
      page.getByRole('radio', { name: 'Matrix' }),
      frameField(page, 'Top'),
      frameField(page, 'Left'),
      page.getByRole('img', { name: 'Preview of the layout: 60 LEDs' }),
    ]) {
      await expectReachable(control);
    }
    // An edit, then the save bar: both buttons take a tap; discarding goes back.
    await frameField(page, 'Top').fill('21');
    await page.getByRole('status').filter({ hasText: 'LEDs in this layout: 61' }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectReachable(page.getByRole('button', { name: 'Save', exact: true }));
    const discard = page.getByRole('button', { name: 'Discard changes' });
    await expectReachable(discard);
    await screenshot(page, 'phone-setup-edited');
    await discard.click();
    await expect.poll(() => frameField(page, 'Top').inputValue()).toBe('20');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
  });
});
