// The setup page's rough edges as a user meets them: leaving with unsaved edits asks first (Stay
// keeps them, Leave drops them), in English and German, light and dark; switching the device
// type gives the new type's defaults; the boot and background effects are set; a required field
// (a network device's host) blocks Save while empty.
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations, type Look, screenshot, signIn } from './support/browser.js';
import { useServerSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

/** Bounds a test on a busy machine; every wait is on what the page shows. */
const TEST_TIMEOUT = 90_000;

const suite = useServerSuite();

/** Opens instance 0's setup page signed in, in English or (with a German locale) German. */
async function openSetup(look: Look = {}): Promise<Page> {
  const page = await suite.page(look);
  if (look.locale === 'de-DE') {
    await page.goto(`${suite.glowkit.url}/setup/0`);
    await page.getByLabel('Token', { exact: true }).fill(suite.glowkit.token);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByLabel('Gerätetyp').waitFor();
  } else {
    await signIn(page, suite.glowkit.url, suite.glowkit.token, '/setup/0');
    await page.getByLabel('Device type').waitFor();
  }
  return page;
}

/** A page's link in the app's navigation. */
const nav = (page: Page, name: string) =>
  page.locator('header nav').getByRole('link', { name, exact: true });

/** What the server stores: `config getconfig`, as any client reads it. */
function storedConfig() {
  return jsonRpc<{ instances: Array<{ settings: Record<string, Record<string, unknown>> }> }>(
    suite.glowkit,
    { command: 'config', subcommand: 'getconfig' },
  );
}

describe('leaving the setup page with unsaved changes', { timeout: TEST_TIMEOUT }, () => {
  it('asks first: Stay keeps the edits, Leave drops them', async () => {
    const page = await openSetup();
    const mode = page.getByRole('region', { name: 'Black borders' }).getByLabel('Detection mode');
    await expect.poll(() => mode.inputValue()).toBe('default');
    // Nothing edited: the link goes at once.
    await nav(page, 'Effects').click();
    await page.getByRole('heading', { name: 'Effects', level: 1 }).waitFor();
    await nav(page, 'Setup').click();
    await expect.poll(() => mode.inputValue()).toBe('default');

    await mode.selectOption('letterbox');
    await page.getByRole('status').filter({ hasText: 'Black borders' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await nav(page, 'Overview').click();
    await dialog.waitFor();
    await screenshot(page, 'setup-leave-asked');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/setup');
    await expect.poll(() => mode.inputValue()).toBe('letterbox');

    // The back button asks too.
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/setup');
    await expect.poll(() => mode.inputValue()).toBe('letterbox');

    // A reload or closing the tab: the browser asks (beforeunload).
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await nav(page, 'Overview').click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect((await storedConfig()).instances[0]?.settings.blackborderdetector?.mode).not.toBe(
      'letterbox',
    );
    // Back on the page, the stored value, and nothing to ask about.
    await nav(page, 'Setup').click();
    await expect.poll(() => mode.inputValue()).toBe('default');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    await nav(page, 'Effects').click();
    await page.getByRole('heading', { name: 'Effects', level: 1 }).waitFor();
  });

  it('asks in German, in the dark theme; after a save it does not ask', async () => {
    const page = await openSetup({ colorScheme: 'dark', locale: 'de-DE' });
    const mode = page
      .getByRole('region', { name: 'Schwarze Ränder' })
      .getByLabel('Erkennungsmodus');
    await expect.poll(() => mode.inputValue()).toBe('default');
    await mode.selectOption('classic');
    const dialog = page.getByRole('dialog', { name: 'Ohne Speichern verlassen?' });
    await nav(page, 'Übersicht').click();
    await dialog.waitFor();
    await screenshot(page, 'setup-leave-asked-de-dark');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Bleiben' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor({ timeout: 30_000 });
    await nav(page, 'Übersicht').click();
    await page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect((await storedConfig()).instances[0]?.settings.blackborderdetector?.mode).toBe('classic');
  });
});

describe('choosing another instance with unsaved changes', { timeout: TEST_TIMEOUT }, () => {
  it('asks too: Stay keeps the instance and the select on it, Leave shows the other', async () => {
    await jsonRpc(suite.glowkit, {
      command: 'instance',
      subcommand: 'createInstance',
      name: 'Second LED instance',
    });
    const page = await openSetup();
    const picker = page.getByLabel('Instance', { exact: true });
    await expect.poll(() => picker.locator('option').count()).toBe(2);
    const mode = page.getByRole('region', { name: 'Black borders' }).getByLabel('Detection mode');
    await expect.poll(() => mode.inputValue()).not.toBe('');
    await mode.selectOption('osd');
    await page.getByRole('status').filter({ hasText: 'Black borders' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await picker.selectOption('1');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => picker.inputValue()).toBe('0');
    await expect.poll(() => mode.inputValue()).toBe('osd');

    await picker.selectOption('1');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setup/1');
    await expect.poll(() => picker.inputValue()).toBe('1');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
  });
});

describe('leaving on a phone', { timeout: TEST_TIMEOUT }, () => {
  it('asks in a dialog that fits the screen, both answers within reach', async () => {
    const page = await openSetup({ viewport: PHONE });
    const mode = page.getByRole('region', { name: 'Black borders' }).getByLabel('Detection mode');
    await expect.poll(() => mode.inputValue()).not.toBe('');
    await mode.selectOption('osd');
    await page.getByRole('status').filter({ hasText: 'Black borders' }).waitFor();
    await nav(page, 'Colour').click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(page);
    await expectReachable(dialog.getByRole('button', { name: 'Stay' }));
    await expectReachable(dialog.getByRole('button', { name: 'Leave' }));
    await screenshot(page, 'phone-setup-leave-asked');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
  });
});

describe('switching the device type', { timeout: TEST_TIMEOUT }, () => {
  it('gives the new type’s defaults (DDP 4048, not Raw UDP’s 5568), unless the user typed one', async () => {
    const page = await openSetup();
    const type = page.getByLabel('Device type');
    const device = page.getByRole('region', { name: 'LED device' });
    const port = device.getByLabel('Port', { exact: true });
    await type.selectOption('udpraw');
    await expect.poll(() => port.inputValue()).toBe('5568');
    await type.selectOption('udpddp');
    await expect.poll(() => port.inputValue()).toBe('4048');
    await type.selectOption('udpraw');
    await expect.poll(() => port.inputValue()).toBe('5568');

    // A port the user typed stays: it is the receiver's, whatever the protocol.
    await port.fill('6000');
    await type.selectOption('udpddp');
    await expect.poll(() => port.inputValue()).toBe('6000');
    await screenshot(page, 'setup-device-switched');
  });
});

describe('the boot and background effects', { timeout: TEST_TIMEOUT }, () => {
  it('are set from their groups’ forms, offering the server’s effects; a reload keeps them', async () => {
    const page = await openSetup();
    const section = page.getByRole('region', { name: 'Boot and background effect' });
    const boot = section.locator('#foregroundEffect-form');
    const background = section.locator('#backgroundEffect-form');
    const bootEffect = boot.getByLabel('Effect', { exact: true });
    await expect.poll(() => bootEffect.inputValue()).toBe('Rainbow Wave');
    // The effects the server has are the choices.
    const offered = await bootEffect.locator('option').allTextContents();
    expect(offered.map((o) => o.trim())).toEqual(
      expect.arrayContaining(['Rainbow Wave', 'Scanner']),
    );
    await bootEffect.selectOption('Scanner');
    // The form may render again after the choice, under the click on a busy machine: check
    // until the box shows it.
    const enabled = background.getByLabel('Enabled', { exact: true });
    await vi.waitFor(
      async () => {
        await enabled.check({ timeout: 2000 });
        expect(await enabled.isChecked()).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    await background.getByLabel('Effect', { exact: true }).selectOption('Campfire');
    await screenshot(page, 'setup-effects-edited');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 30_000 });

    await page.reload();
    await expect.poll(() => bootEffect.inputValue()).toBe('Scanner');
    await expect
      .poll(() => background.getByLabel('Effect', { exact: true }).inputValue())
      .toBe('Campfire');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    const settings = (await storedConfig()).instances[0]?.settings;
    expect(settings?.foregroundEffect?.effect).toBe('Scanner');
    expect(settings?.backgroundEffect).toMatchObject({ enable: true, effect: 'Campfire' });
  });
});

describe('a required field', { timeout: TEST_TIMEOUT }, () => {
  it('blocks Save while empty (a WLED without a host), with the message at the field', async () => {
    const page = await openSetup();
    await page.getByLabel('Device type').selectOption('wled');
    const device = page.getByRole('region', { name: 'LED device' });
    const host = device.getByLabel('IP address or host name');
    await expect.poll(() => host.inputValue()).toBe('');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await device.getByText('This field is required.').waitFor();
    await expect.poll(() => host.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'setup-required-host');
    expect(await axeViolations(page)).toEqual([]);

    await host.fill('wled.local');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await expect.poll(() => device.getByText('This field is required.').count()).toBe(0);
    // Emptied again: blocked again.
    await host.fill('');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await device.getByText('This field is required.').waitFor();
  });

  it('says so in German, in the dark theme', async () => {
    const page = await openSetup({ colorScheme: 'dark', locale: 'de-DE' });
    await page.getByLabel('Gerätetyp').selectOption('udpddp');
    await page.getByText('Dieses Feld muss ausgefüllt werden.').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Speichern', exact: true }).isDisabled())
      .toBe(true);
    await screenshot(page, 'setup-required-host-de-dark');
    expect(await axeViolations(page)).toEqual([]);
  });
});
