// What the server refuses, said in the UI's language: each error reply carries a code
// (`errorCode`, beside Hyperion.ng's `error` text) and the UI shows its phrase, so a German UI
// shows no English sentence; snapshots say why they were kept as a person would.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from './support/browser.js';
import { TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';

const suite = useLedSuite();

/** Switches the signed-in UI to German, as a user does in the header. */
async function german(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('combobox', { name: 'Sprache' }).waitFor();
}

const switchAll = (on: boolean) =>
  jsonRpc(suite.glowkit, {
    command: 'componentstate',
    instance: [0],
    componentstate: { component: 'ALL', state: on },
  });

describe('errors in the UI language', { timeout: TEST_TIMEOUT }, () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says a refusal in German, not the server's English (${theme})`, async () => {
      const page = await suite.signedInPage('/colour', { colorScheme: theme });
      await german(page);
      await page.getByRole('heading', { name: 'Farbe', level: 1 }).waitFor();
      // The instance switched off elsewhere: the server refuses the colour (`instance-off`).
      await switchAll(false);
      try {
        await page.getByRole('button', { name: 'Farbe setzen' }).click();
        const error = page.getByTestId('colour-error').getByRole('alert');
        await expect
          .poll(async () => (await error.textContent())?.trim())
          .toBe('Die Instanz ist ausgeschaltet. Bitte zuerst einschalten.');
        const text = (await error.textContent()) ?? '';
        expect(text).not.toContain('Component ALL');
        expect(text).not.toContain('`');
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `error-german-${theme}`);
      } finally {
        await switchAll(true);
      }
    });
  }

  it("falls back to the server's words in English for the same refusal", async () => {
    const page = await suite.signedInPage('/colour');
    await page.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
    await switchAll(false);
    try {
      await page.getByRole('button', { name: 'Set colour' }).click();
      await expect
        .poll(async () => (await page.getByTestId('colour-error').textContent())?.trim())
        .toBe('The instance is switched off. Switch it on first.');
    } finally {
      await switchAll(true);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`says why each snapshot was kept as a person would (${theme})`, async () => {
      // The suite set its LED frame up over HTTP: the configuration it replaced is a snapshot.
      const page = await suite.signedInPage('/backup', { colorScheme: theme });
      const snapshot = page.locator('li.snapshot').last();
      await expect.poll(() => snapshot.innerText()).toContain('Saved by a script over HTTP');
      expect(await snapshot.innerText()).not.toContain('setconfig over');
      await german(page);
      await expect
        .poll(() => snapshot.innerText())
        .toContain('Von einem Skript über HTTP gespeichert');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `backup-snapshot-reason-german-${theme}`);
    });
  }
});
