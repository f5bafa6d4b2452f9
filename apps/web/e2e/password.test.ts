// The first sign-in by password from a phone (issue 23 §2): on a fresh server the sign-in page
// offers to create the admin password; the phone that does is signed in, and stays so across a
// reload and a restart of the server. A second browser then sees the password sign-in, cannot
// claim the box, is told plainly when its password is wrong, and signs in with the right one.
// The password is changed on the Tokens page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple 4 the horse!';

let glowkit: Glowkit;
let browser: Browser;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await glowkit?.stop();
});

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('glowkit.token'));

/**
 * Sends requests from inside the page, in order, over a WebSocket of its own (another client of
 * the box); resolves with the last one's reply.
 */
function askOverWebSocket(page: Page, ...requests: Record<string, unknown>[]) {
  return page.evaluate(
    (messages) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const socket = new WebSocket(`ws://${location.host}/`);
        socket.onerror = () => reject(new Error('the WebSocket failed'));
        socket.onopen = () => {
          for (const [i, m] of messages.entries())
            socket.send(JSON.stringify({ ...m, tan: i + 1 }));
        };
        socket.onmessage = (event) => {
          const reply = JSON.parse(String(event.data)) as Record<string, unknown>;
          if (reply.tan !== messages.length) return;
          socket.close();
          resolve(reply);
        };
      }),
    requests,
  );
}

describe('the first sign-in by password', () => {
  it('creates the admin password on a phone and stays signed in across a reload and a restart', async () => {
    const context = await newContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${glowkit.url}/`);
    const create = page.getByRole('region', { name: 'Create the admin password' });
    await create.waitFor();
    // No password to sign in with yet: that form is not offered.
    expect(await page.getByRole('region', { name: 'Sign in with the password' }).count()).toBe(0);
    await create.getByLabel('New password', { exact: true }).fill('password');
    await expect.poll(() => create.textContent()).toContain('Weak:');
    await create.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await expect.poll(() => create.textContent()).toContain('Strong.');
    await create.getByLabel('Repeat the new password').fill(`${PASSWORD}!`);
    await expectNoSidewaysScroll(page);
    await expectReachable(create.getByRole('button', { name: 'Create password' }));
    await screenshot(page, 'password-create-phone');
    expect(await axeViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Create password' }).click();
    await expect
      .poll(() => create.getByRole('alert').textContent())
      .toContain('The two passwords differ');
    await create.getByLabel('Repeat the new password').fill(PASSWORD);
    await create.getByRole('button', { name: 'Create password' }).click();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    const token = await storedToken(page);
    expect(token).toMatch(/^\S{20,}$/);
    expect(page.url()).not.toContain(PASSWORD);

    await page.reload();
    await page.getByRole('link', { name: 'Overview' }).waitFor();

    await glowkit.restart();
    await page.reload();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in', level: 1 }).count()).toBe(0);
    expect(await storedToken(page)).toBe(token);
    await context.close();
  });

  it('shows a second browser the password sign-in, refuses its claim and a wrong password', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, { colorScheme });
      const page = await context.newPage();
      await page.goto(`${glowkit.url}/`);
      const form = page.getByRole('region', { name: 'Sign in with the password' });
      await form.waitFor();
      expect(await page.getByRole('region', { name: 'Create the admin password' }).count()).toBe(0);
      await screenshot(page, `password-sign-in-${colorScheme}`);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${glowkit.url}/`);
    const form = page.getByRole('region', { name: 'Sign in with the password' });
    await form.waitFor();
    // The box is claimed: asking the server straight away does not work either.
    const claim = await askOverWebSocket(page, {
      command: 'authorize',
      subcommand: 'newPassword',
      newPassword: 'my own password',
    });
    expect(claim).toMatchObject({ success: false, error: 'No Authorization' });
    expect(JSON.stringify(claim.errorData)).toContain('the admin password exists already');

    await form.getByLabel('Password', { exact: true }).fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain('The password is wrong.');
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'password-wrong');

    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    expect(await storedToken(page)).not.toBeNull();
    await context.close();
  });

  it('changes the password on the Tokens page, in German too', async () => {
    const context = await newContext(browser, { viewport: PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${glowkit.url}/tokens`);
    const signIn = page.getByRole('region', { name: 'Mit dem Passwort anmelden' });
    await signIn.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Anmelden' }).click();
    const section = page.getByRole('region', { name: 'Admin-Passwort' });
    await section.waitFor();
    await section.getByLabel('Aktuelles Passwort').fill('wrong password');
    await section.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toContain('Das Passwort ist falsch.');
    await section.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await section.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toContain('Das Admin-Passwort wurde geändert.');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'password-change-phone-de');
    expect(await axeViolations(page)).toEqual([]);

    // Signing out revokes this browser's sign-in token, without calling it a revocation; the
    // new password signs in again.
    const signInId = await page.evaluate(() => localStorage.getItem('glowkit.signInTokenId'));
    expect(signInId).toMatch(/^\S+$/);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    const again = page.getByRole('region', { name: 'Mit dem Passwort anmelden' });
    await again.waitFor();
    const ids = async () => {
      const list = await askOverWebSocket(
        page,
        { command: 'authorize', subcommand: 'login', token: glowkit.token },
        { command: 'authorize', subcommand: 'getTokenList' },
      );
      return (list.info as { id: string }[]).map((token) => token.id);
    };
    await expect.poll(ids).not.toContain(signInId);
    expect(await page.getByRole('alert').count()).toBe(0);
    await again.getByLabel('Passwort', { exact: true }).fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Tokens', level: 1 }).waitFor();
    await context.close();
  });
});
