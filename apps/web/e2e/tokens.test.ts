// Tokens as an admin and a second browser see them: a browser asks for a token and is signed in
// once an admin approves the request live on the Tokens page; a denied request is told so, and so
// is each of many when an admin denies them all at once; a token
// created on the page (shown once) signs another browser in; revoking a token signs out the
// browser using it at once, and only that one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type FrameLog, recordFrames } from './support/frames.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

let glowkit: Glowkit;
let browser: Browser;
/** The admin's browser, on the Tokens page throughout. */
let admin: BrowserContext;
let adminPage: Page;
/** What the admin's page said to the server and heard. */
let adminFrames: FrameLog;
/** Other browsers the tests open; closed at the end. */
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
  admin = await newContext(browser);
  adminPage = await admin.newPage();
  adminFrames = recordFrames(adminPage);
  await signIn(adminPage, glowkit.url, glowkit.token, '/tokens');
  await adminPage.getByRole('heading', { name: 'Tokens', level: 1 }).waitFor();
  await adminPage.getByText('No requests are waiting.').waitFor();
});

afterAll(async () => {
  for (const context of [...contexts, admin]) await context?.close();
  await browser?.close();
  await glowkit?.stop();
});

/** A second browser (its own storage), on the UI's address. */
async function otherBrowser(path = '/'): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${glowkit.url}${path}`);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  return page;
}

/** Asks for a token as `name` from the sign-in page; returns the request's id the page shows. */
async function askForToken(page: Page, name: string): Promise<string> {
  await page.getByLabel("This browser's name").fill(name);
  await page.getByRole('button', { name: 'Ask for a token' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for an admin' });
  await waiting.waitFor();
  const text = await waiting.innerText();
  const id = /approve request (\S{5})…/.exec(text)?.[1];
  if (!id) throw new Error(`no request id in "${text}"`);
  return id;
}

/** The admin page's status line (what it last did or heard). */
const adminStatus = () => adminPage.locator('gk-tokens-page p.status').innerText();

/** The names of the tokens the admin page lists. */
const tokenNames = () => adminPage.locator('li[data-token] .item-name').allInnerTexts();

/** Revokes the token named `name` from the admin page, confirming as the page asks. */
async function revoke(name: string): Promise<void> {
  await adminPage.getByRole('button', { name: `Revoke the token “${name}”` }).click();
  await adminPage
    .getByText(`Revoke the token “${name}”? Everything that uses it is signed out at once.`)
    .waitFor();
  await adminPage.getByRole('button', { name: 'Yes, revoke' }).click();
  await poll(adminStatus).toBe(`Revoked the token “${name}”.`);
  await poll(tokenNames).not.toContain(name);
}

/** Waits until `page` shows the sign-in page with the notice of a revoked token. */
async function signedOutByRevoke(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'token was revoked' }).waitFor();
  await expect.poll(() => page.getByRole('link', { name: 'Overview' }).count()).toBe(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('glowkit.token'))).toBeNull();
}

/** The kitchen tablet's browser: signed in by an approved request, signed out by a revoke. */
let tablet: Page;
/** A browser signed in with a token created on the page. */
let assistant: Page;

describe('tokens', () => {
  it('signs a second browser in once an admin approves its request live', async () => {
    tablet = await otherBrowser('/colour');
    const id = await askForToken(tablet, 'Kitchen tablet');
    await screenshot(tablet, 'tokens-request-waiting');

    // The admin's page shows the request as it arrives, without a reload.
    const request = adminPage.locator(`li[data-request="${id}"]`);
    await request.waitFor();
    await expect.poll(() => request.locator('.item-name').innerText()).toBe('Kitchen tablet');
    await poll(adminStatus).toBe(`New token request from “Kitchen tablet” (${id}).`);
    await screenshot(adminPage, 'tokens-request');
    expect(await axeViolations(adminPage)).toEqual([]);
    await adminPage
      .getByRole('button', { name: `Approve request ${id} from “Kitchen tablet”` })
      .click();
    await poll(adminStatus).toBe('Approved: “Kitchen tablet” has its token.');
    await expect.poll(() => request.count()).toBe(0);
    await adminPage.getByText('No requests are waiting.').waitFor();
    await poll(tokenNames).toContain('Kitchen tablet');

    // The tablet is signed in, on the page it asked from, and keeps its token.
    await tablet.getByRole('link', { name: 'Overview' }).waitFor();
    await tablet.getByRole('heading', { name: 'Colour', level: 1 }).waitFor();
    await expect
      .poll(() => tablet.evaluate(() => localStorage.getItem('glowkit.token')))
      .toBeTruthy();
    await screenshot(tablet, 'tokens-request-approved');
  }, 30_000);

  it('tells a browser whose request was denied, and leaves it signed out', async () => {
    const stranger = await otherBrowser();
    const id = await askForToken(stranger, 'Unknown phone');
    await adminPage
      .getByRole('button', { name: `Deny request ${id} from “Unknown phone”` })
      .click();
    await poll(adminStatus).toBe('Denied the request of “Unknown phone”.');
    // The server's words, on the sign-in page.
    await stranger.getByRole('alert').filter({ hasText: 'an admin denied the request' }).waitFor();
    await screenshot(stranger, 'tokens-request-denied');
    // Back to the form with the name it asked with, still signed out: it may ask again.
    await stranger.getByRole('button', { name: 'Ask for a token' }).waitFor();
    await expect
      .poll(() => stranger.getByLabel("This browser's name").inputValue())
      .toBe('Unknown phone');
    await expect.poll(() => stranger.getByRole('link', { name: 'Overview' }).count()).toBe(0);
    await expect.poll(() => tokenNames()).not.toContain('Unknown phone');
  }, 30_000);

  it('denies every waiting request at once with “Deny all”, telling each browser', async () => {
    const phones = [await otherBrowser(), await otherBrowser()];
    const names = ['Phone in the hall', 'Phone in the attic'];
    const ids: string[] = [];
    for (const [i, phone] of phones.entries())
      ids.push(await askForToken(phone, names[i] as string));
    for (const id of ids) await adminPage.locator(`li[data-request="${id}"]`).waitFor();
    await screenshot(adminPage, 'tokens-requests-deny-all');
    expect(await axeViolations(adminPage)).toEqual([]);

    await adminPage.getByRole('button', { name: 'Deny all' }).click();
    await poll(adminStatus).toBe('Denied all 2 requests.');
    await adminPage.getByText('No requests are waiting.').waitFor();
    await expect.poll(() => adminPage.getByRole('button', { name: 'Deny all' }).count()).toBe(0);
    for (const phone of phones) {
      // The server's words, on each sign-in page; still signed out, free to ask again.
      await phone
        .getByRole('alert')
        .filter({ hasText: 'an admin denied every pending request' })
        .waitFor();
      await phone.getByRole('button', { name: 'Ask for a token' }).waitFor();
      await expect.poll(() => phone.getByRole('link', { name: 'Overview' }).count()).toBe(0);
    }
    for (const name of names) await expect.poll(() => tokenNames()).not.toContain(name);
  }, 30_000);

  it('drops a request its requester cancelled, told by the server, not by asking again', async () => {
    const phone = await otherBrowser();
    const id = await askForToken(phone, 'Phone on the stairs');
    const request = adminPage.locator(`li[data-request="${id}"]`);
    await request.waitFor();
    const asked = adminFrames.requests('authorize', 'getPendingTokenRequests').length;
    await phone.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => request.count()).toBe(0);
    await adminPage.getByText('No requests are waiting.').waitFor();
    // The server said the request ended: the page never fetched the list again.
    expect(adminFrames.requests('authorize', 'getPendingTokenRequests').length).toBe(asked);
  }, 30_000);

  it('creates a token, shown once, that signs another browser in', async () => {
    await adminPage.getByLabel('What the token is for').fill('Home Assistant');
    await adminPage.getByRole('button', { name: 'Create token' }).click();
    const created = adminPage.getByTestId('new-token');
    await created.getByRole('heading', { name: 'New token for “Home Assistant”' }).waitFor();
    const token = await created.getByLabel('Token', { exact: true }).inputValue();
    expect(token).toMatch(/^\S{8,}$/);
    await expect
      .poll(() => created.getByLabel('Token', { exact: true }).getAttribute('readonly'))
      .not.toBe(null);
    await created.getByRole('button', { name: 'Copy' }).click();
    await created.getByRole('status').filter({ hasText: /\S/ }).waitFor();
    await poll(tokenNames).toContain('Home Assistant');
    await screenshot(adminPage, 'tokens-created');
    expect(await axeViolations(adminPage)).toEqual([]);

    // Shown once: Done takes it away for good.
    await created.getByRole('button', { name: 'Done' }).click();
    await adminPage.getByLabel('What the token is for').waitFor();
    await expect.poll(() => adminPage.getByTestId('new-token').count()).toBe(0);

    const context = await newContext(browser);
    contexts.push(context);
    assistant = await context.newPage();
    await signIn(assistant, glowkit.url, token);
  }, 30_000);

  it('signs a browser out at once when its token is revoked, and only that browser', async () => {
    await revoke('Kitchen tablet');
    await signedOutByRevoke(tablet);
    await screenshot(tablet, 'tokens-revoked-sign-in');
    // The browser with the other token stays signed in and can still talk to the server.
    await assistant.getByRole('link', { name: 'Tokens' }).click();
    await assistant.getByRole('heading', { name: 'Tokens', level: 1 }).waitFor();
    await poll(() => assistant.locator('li[data-token] .item-name').allInnerTexts()).toContain(
      'Home Assistant',
    );
    await expect.poll(() => assistant.getByRole('link', { name: 'Overview' }).count()).toBe(1);

    await revoke('Home Assistant');
    await signedOutByRevoke(assistant);
    // The admin's own token is untouched.
    await poll(tokenNames).toHaveLength(1);
    await screenshot(adminPage, 'tokens-after-revokes');
  }, 30_000);
});
