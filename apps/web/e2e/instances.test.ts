// The Instances page as an admin drives it: a new instance named "Kitchen", set up on the
// defaults (a virtual device and its layout) with Next and Finish, runs and shows on the
// overview; it is renamed (the name checked as the server checks it), stopped (the overview says
// so), and deleted once the page has asked. Instance 0 is never offered for deletion. A device
// that cannot open says why; a browser without an admin token sees the server's refusal where it
// acted; the Setup and Capture pickers follow instances made elsewhere. Then the same in German
// and dark, and on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, type Look, screenshot, signIn } from './support/browser.js';
import { useServerSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

const MAIN = 'First LED instance';

const suite = useServerSuite();

async function openInstances(look: Look = {}): Promise<Page> {
  const page = await suite.page(look);
  await signIn(page, suite.glowkit.url, suite.glowkit.token, '/instances');
  await page.locator('gk-instances-page h1').waitFor();
  return page;
}

/** An instance's entry in the list, by its name. */
const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** An instance's card on the overview, and what its badge says. */
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const badge = (page: Page, name: string) => card(page, name).getByTestId('running').innerText();

/** Names a new instance and sets it up on the defaults; leaves the page on the list. */
async function createOnDefaults(page: Page, name: string, shots?: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create and set up' }).click();
  await page.getByRole('heading', { name: `Set up “${name}”`, level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/instances\/new\/\d+$/);
  await page.getByText('Step 1 of 2').waitFor();
  await poll(() => page.getByLabel('Device type').inputValue()).toBe('virtual');
  if (shots) await screenshot(page, `${shots}-device`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 2').waitFor();
  await page.getByRole('heading', { name: 'LED layout', level: 2 }).waitFor();
  if (shots) await screenshot(page, `${shots}-layout`);
  await page.getByRole('button', { name: 'Finish and start' }).click();
  await page.getByRole('heading', { name: 'Instances', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/instances');
}

describe('the instances page', () => {
  it('creates "Kitchen" on the defaults, renames, stops and deletes it', async () => {
    const page = await openInstances();
    await page.locator('header nav').getByRole('link', { name: 'Instances' }).waitFor();
    // The main instance is there, and says why it has no Delete.
    const main = row(page, MAIN);
    await main.getByText('Running', { exact: true }).waitFor();
    await main.getByText('Device: virtual').waitFor();
    await main.getByText('it cannot be deleted, only stopped').waitFor();
    expect(await main.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

    // A name the server would refuse is refused at the field, before anything is sent.
    await page.getByLabel('Name', { exact: true }).fill('Kit');
    await page.getByRole('button', { name: 'Create and set up' }).click();
    await page.getByText('The name needs at least 5 characters.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(MAIN);
    await page.getByRole('button', { name: 'Create and set up' }).click();
    await page.getByText(`Another instance is called “${MAIN}”`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/instances');
    await screenshot(page, 'instances-name-refused');

    await createOnDefaults(page, 'Kitchen', 'instances-new');
    const kitchen = row(page, 'Kitchen');
    await kitchen.getByText('Running', { exact: true }).waitFor();
    await kitchen.getByText('Device: virtual · LEDs: 50').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'instances-list');

    // The overview shows it, running, its device on.
    await page.locator('header nav').getByRole('link', { name: 'Overview' }).click();
    await poll(() => badge(page, 'Kitchen')).toBe('Running');
    await poll(() => card(page, 'Kitchen').getByTestId('device').getAttribute('data-state')).toBe(
      'on',
    );

    // Renamed: the name is checked as it is typed, and other pages' pickers follow.
    await page.locator('header nav').getByRole('link', { name: 'Instances' }).click();
    await page.getByRole('button', { name: 'Rename Kitchen' }).click();
    const field = page.getByLabel('New name for “Kitchen”');
    await field.fill('Kit');
    await page.getByText('The name needs at least 5 characters.').waitFor();
    expect(await page.getByRole('button', { name: 'Save name' }).isDisabled()).toBe(true);
    await field.fill('Kitchen counter');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').getByText('Renamed to “Kitchen counter”.').waitFor();
    await row(page, 'Kitchen counter').waitFor();
    await page.locator('header nav').getByRole('link', { name: 'Colour' }).click();
    await page.getByRole('option', { name: /Kitchen counter/ }).waitFor({ state: 'attached' });

    // Stopped: the list and the overview say so.
    await page.locator('header nav').getByRole('link', { name: 'Instances' }).click();
    await page.getByRole('button', { name: 'Stop Kitchen counter' }).click();
    await row(page, 'Kitchen counter').getByText('Stopped', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start Kitchen counter' }).waitFor();
    await page.locator('header nav').getByRole('link', { name: 'Overview' }).click();
    await poll(() => badge(page, 'Kitchen counter')).toBe('Stopped');

    // Deleted, once asked: Cancel keeps it, the confirmation deletes it.
    await page.locator('header nav').getByRole('link', { name: 'Instances' }).click();
    await page.getByRole('button', { name: 'Delete Kitchen counter' }).click();
    await page.getByText('Delete “Kitchen counter” and its settings?').waitFor();
    await screenshot(page, 'instances-delete-asked');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Kitchen counter' }).click();
    await page.getByRole('button', { name: 'Delete instance' }).click();
    await page.getByRole('status').getByText('“Kitchen counter” was deleted.').waitFor();
    await poll(() => row(page, 'Kitchen counter').count()).toBe(0);
    await page.locator('header nav').getByRole('link', { name: 'Overview' }).click();
    await card(page, MAIN).waitFor();
    await poll(() => card(page, 'Kitchen counter').count()).toBe(0);
  });

  it('says why an instance cannot run: its device does not open', async () => {
    const page = await openInstances();
    const output = '/nonexistent-glowkit-folder/frames.txt';
    await page.getByLabel('Name', { exact: true }).fill('Broken strip');
    await page.getByRole('button', { name: 'Create and set up' }).click();
    await page.getByText('Step 1 of 2').waitFor();
    // The set-up's edits are unsaved until Finish (the app's leave-without-saving guard).
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { unsaved: unknown[] }).unsaved = seen;
      document.addEventListener('gk-unsaved', (e) => seen.push((e as CustomEvent).detail));
    });
    const unsaved = () =>
      page.evaluate(() => (window as unknown as { unsaved: unknown[] }).unsaved);
    await page.getByLabel('Device type').selectOption('file');
    await page.getByLabel('Output file').fill(output);
    await poll(unsaved).toEqual([{ key: 'new-instance', dirty: true }]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish and start' }).click();
    const broken = row(page, 'Broken strip');
    await broken.getByText('Device: file · LEDs: 50').waitFor();
    await broken
      .getByText(`The device cannot open: file device: cannot open "${output}"`)
      .waitFor();
    await screenshot(page, 'instances-device-error');
    expect(await unsaved()).toEqual([
      { key: 'new-instance', dirty: true },
      { key: 'new-instance', dirty: false },
    ]);
    await broken.getByRole('button', { name: 'Delete Broken strip' }).click();
    await page.getByRole('button', { name: 'Delete instance' }).click();
    await poll(() => row(page, 'Broken strip').count()).toBe(0);
  });

  it("shows a browser without an admin token the server's refusal where it acted", async () => {
    const page = await suite.page();
    await page.goto(`${suite.glowkit.url}/instances`);
    await page.getByLabel("This browser's name").fill('Hall tablet');
    await page.getByRole('button', { name: 'Ask for a token' }).click();
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for an admin' });
    await waiting.waitFor();
    const id = /approve request (\S{5})…/.exec(await waiting.innerText())?.[1];
    await jsonRpc(suite.glowkit, {
      command: 'authorize',
      subcommand: 'answerRequest',
      id,
      accept: true,
    });
    await page.getByRole('heading', { name: 'Instances', level: 1 }).waitFor();
    // Said in the UI's words (the reply's errorCode), not the server's English sentence.
    const refusal = /This needs an admin token/;
    await page.locator('#list-title ~ [role="alert"]').getByText(refusal).waitFor();

    await page.getByRole('button', { name: `Rename ${MAIN}` }).click();
    const field = page.getByLabel(`New name for “${MAIN}”`);
    await field.fill('Main strip');
    await page.getByRole('button', { name: 'Save name' }).click();
    const form = page.locator('form').filter({ has: field });
    await form.getByRole('alert').getByText(refusal).waitFor();
    await screenshot(page, 'instances-refused');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing changed: the name is the old one once the rename is given up.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await row(page, MAIN).waitFor();
  });

  it("other pages' instance pickers follow an instance created and deleted elsewhere", async () => {
    const page = await openInstances();
    for (const path of ['setup', 'capture']) {
      await page
        .locator('header nav')
        .getByRole('link', { name: path === 'setup' ? 'Setup' : 'Capture' })
        .click();
      const picker = page.getByRole('combobox', { name: 'Instance', exact: true });
      await picker.getByRole('option', { name: MAIN }).waitFor({ state: 'attached' });
      // Another client (a script, another browser) creates one, then deletes it.
      const { instance } = await jsonRpc<{ instance: number }>(suite.glowkit, {
        command: 'instance',
        subcommand: 'createInstance',
        name: 'Garage lights',
      });
      await picker.getByRole('option', { name: /Garage lights/ }).waitFor({ state: 'attached' });
      await jsonRpc(suite.glowkit, { command: 'instance', subcommand: 'deleteInstance', instance });
      await poll(() => picker.getByRole('option', { name: /Garage lights/ }).count()).toBe(0);
    }
    // The set-up's address of an instance that is not (or no longer) there says so.
    await page.goto(`${suite.glowkit.url}/instances/new/7`);
    await page.getByRole('alert').getByText('Instance 7 does not exist (any more).').waitFor();
  });

  it('reads in German and in the dark (picked in the header), axe clean, the set-up steps too', async () => {
    const page = await openInstances({ colorScheme: 'dark' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Instanzen', level: 1 }).waitFor();
    await row(page, MAIN).getByText('Läuft', { exact: true }).waitFor();
    await page.getByText('Instanz 0 ist die Hauptinstanz').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'instances-list-dark-de');

    await page.getByLabel('Name', { exact: true }).fill('Wohnzimmer');
    await page.getByRole('button', { name: 'Anlegen und einrichten' }).click();
    await page.getByRole('heading', { name: '„Wohnzimmer“ einrichten', level: 1 }).waitFor();
    await page.getByText('Schritt 1 von 2').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'instances-new-device-dark-de');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByText('Schritt 2 von 2').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'instances-new-layout-dark-de');
    // Set up later: it stays, stopped, for the Setup page.
    await page.getByRole('link', { name: 'Später einrichten' }).click();
    const later = row(page, 'Wohnzimmer');
    await later.getByText('Gestoppt', { exact: true }).waitFor();
    await later.getByRole('button', { name: 'Wohnzimmer löschen' }).click();
    await page.getByRole('button', { name: 'Instanz löschen' }).click();
    await poll(() => row(page, 'Wohnzimmer').count()).toBe(0);
  });

  it('works on a phone: create, finish, delete', async () => {
    const page = await openInstances({ viewport: PHONE });
    await expectNoSidewaysScroll(page);
    await expectReachable(page.getByRole('button', { name: 'Create and set up' }));
    await createOnDefaults(page, 'Phone strip', 'phone-instances-new');
    const strip = row(page, 'Phone strip');
    await strip.getByText('Running', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    for (const name of ['Stop Phone strip', 'Rename Phone strip', 'Delete Phone strip']) {
      await expectReachable(page.getByRole('button', { name }));
    }
    await screenshot(page, 'phone-instances-list');
    await page.getByRole('button', { name: 'Delete Phone strip' }).click();
    await expectReachable(page.getByRole('button', { name: 'Delete instance' }));
    await page.getByRole('button', { name: 'Delete instance' }).click();
    await poll(() => strip.count()).toBe(0);
  });
});
