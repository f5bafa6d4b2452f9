// Token requests reach an admin on any page, not only on Tokens: a notice below the header with
// Approve and Deny and a link to the Tokens page. The Tokens page marks the token this browser
// uses, and revoking it (or the last admin token) says what follows before it is done.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

let glowkit: Glowkit;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await glowkit?.stop();
});

async function page(look: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, look);
  contexts.push(context);
  return context.newPage();
}

/** A browser that asks for a token as `name` from the sign-in page; the request's id. */
async function askForToken(requester: Page, name: string): Promise<string> {
  await requester.goto(glowkit.url);
  await requester.getByLabel("This browser's name").fill(name);
  await requester.getByRole('button', { name: 'Ask for a token' }).click();
  const waiting = requester.getByRole('status').filter({ hasText: 'Waiting for an admin' });
  await waiting.waitFor();
  const id = /approve request (\S{5})…/.exec(await waiting.innerText())?.[1];
  if (!id) throw new Error('no request id on the sign-in page');
  return id;
}

describe('token requests on every page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows an admin a request on the overview, approved there (${theme})`, async () => {
      const admin = await page({ colorScheme: theme });
      await signIn(admin, glowkit.url, glowkit.token, '/effects');
      await admin.getByRole('heading', { name: 'Effects', level: 1 }).waitFor();
      // No request: no notice.
      expect(await admin.getByTestId('token-notice').count()).toBe(0);

      const tablet = await page();
      const name = `Tablet ${theme}`;
      const id = await askForToken(tablet, name);
      const notice = admin.getByTestId('token-notice');
      await notice.getByRole('heading', { name: 'A token request is waiting' }).waitFor();
      await poll(() => notice.innerText()).toContain(`“${name}” asks for a token (request ${id}).`);
      await notice.getByRole('link', { name: 'Open the Tokens page' }).waitFor();
      expect(await axeViolations(admin)).toEqual([]);
      await screenshot(admin, `token-notice-${theme}`);

      await notice.getByRole('button', { name: `Approve request ${id} from “${name}”` }).click();
      await poll(() => admin.getByTestId('token-notice').count()).toBe(0);
      await admin
        .getByRole('status')
        .filter({ hasText: `Approved: “${name}” has its token.` })
        .waitFor();
      await tablet.getByRole('link', { name: 'Overview' }).waitFor();
    }, 40_000);
  }

  it('says it in German, and a denied request leaves the notice', async () => {
    const admin = await page({ locale: 'de-DE' });
    await admin.goto(glowkit.url);
    await admin.getByLabel('Token', { exact: true }).fill(glowkit.token);
    await admin.getByRole('button', { name: 'Anmelden' }).click();
    await admin.getByRole('link', { name: 'Übersicht' }).waitFor();
    const phone = await page();
    const id = await askForToken(phone, 'Telefon');
    const notice = admin.getByTestId('token-notice');
    await notice.getByRole('heading', { name: 'Eine Token-Anfrage wartet' }).waitFor();
    await poll(() => notice.innerText()).toContain(
      `„Telefon“ bittet um einen Token (Anfrage ${id}).`,
    );
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'token-notice-german');
    await notice
      .getByRole('button', { name: new RegExp(`${id}`) })
      .last()
      .click();
    await poll(() => admin.getByTestId('token-notice').count()).toBe(0);
    await phone.getByRole('alert').filter({ hasText: 'denied' }).waitFor();
  }, 40_000);

  it('shows no notice to a browser whose token only drives the LEDs', async () => {
    const admin = await page();
    await signIn(admin, glowkit.url, glowkit.token, '/tokens');
    const tablet = await page();
    const id = await askForToken(tablet, 'Hall tablet');
    await admin.getByRole('button', { name: `Approve request ${id} from “Hall tablet”` }).click();
    await tablet.getByRole('link', { name: 'Overview' }).waitFor();
    // On the Tokens page the admin answers in the list itself: no notice there either.
    const other = await page();
    const second = await askForToken(other, 'Attic tablet');
    await admin.locator(`li[data-request="${second}"]`).waitFor();
    expect(await admin.getByTestId('token-notice').count()).toBe(0);
    // The LEDs-only tablet is never told of requests.
    await tablet.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await tablet.getByTestId('token-notice').count()).toBe(0);
    await admin.getByRole('button', { name: `Deny request ${second} from “Attic tablet”` }).click();
  }, 40_000);
});

describe('the token list', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`marks this browser's token and warns before revoking it, the last admin token (${theme})`, async () => {
      const admin = await page({ colorScheme: theme });
      await signIn(admin, glowkit.url, glowkit.token, '/tokens');
      const own = admin.locator('li[data-token]').filter({ has: admin.getByTestId('own-token') });
      await poll(() => own.count()).toBe(1);
      await poll(() => own.getByTestId('own-token').innerText()).toBe('This browser');
      const name = (await own.locator('.item-name').innerText()).trim();
      // Only this token is marked; tokens made by a request only drive the LEDs, and say so.
      expect(await admin.getByTestId('own-token').count()).toBe(1);

      await own.getByRole('button', { name: `Revoke the token “${name}”` }).click();
      const confirm = own.getByRole('group');
      await poll(() => confirm.innerText()).toContain(
        'This browser uses this token: revoking it signs this browser out at once.',
      );
      await poll(() => confirm.innerText()).toContain('It is the last admin token');
      expect(await confirm.innerText()).not.toContain('`');
      expect(await axeViolations(admin)).toEqual([]);
      await screenshot(admin, `tokens-revoke-own-${theme}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => own.getByRole('group').count()).toBe(0);
    }, 40_000);
  }

  it('warns only of this browser when another admin token is left, and not for another token', async () => {
    const admin = await page();
    await signIn(admin, glowkit.url, glowkit.token, '/tokens');
    await admin.getByLabel('What the token is for').fill('Spare admin');
    await admin.getByRole('button', { name: 'Create token' }).click();
    await admin.getByTestId('new-token').getByRole('button', { name: 'Done' }).click();
    const own = admin.locator('li[data-token]').filter({ has: admin.getByTestId('own-token') });
    await own.getByRole('button', { name: /^Revoke the token/ }).click();
    await poll(() => own.getByRole('group').innerText()).toContain('This browser uses this token');
    expect(await own.getByRole('group').innerText()).not.toContain('last admin token');
    await own.getByRole('button', { name: 'Cancel' }).click();
    const spare = admin.locator('li[data-token]').filter({ hasText: 'Spare admin' });
    await spare.getByRole('button', { name: 'Revoke the token “Spare admin”' }).click();
    await poll(() => spare.getByRole('group').innerText()).toContain('Everything that uses it');
    const text = await spare.getByRole('group').innerText();
    expect(text).not.toContain('This browser uses');
    expect(text).not.toContain('last admin token');
    await spare.getByRole('button', { name: 'Cancel' }).click();
  }, 40_000);
});
