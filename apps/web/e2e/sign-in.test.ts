// Signing in as a user does: with the token the server printed at its first start; a wrong token
// is refused in the server's words; signing out comes back to the sign-in page on the same URL.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';

let glowkit: Glowkit;
let browser: Browser;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await glowkit?.stop();
});

describe('signing in', () => {
  it('refuses a wrong token, then signs in with the printed one and keeps the URL', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${glowkit.url}/tokens`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await screenshot(page, 'sign-in');
    await page.getByLabel('Token', { exact: true }).fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').last().textContent())
      .toContain('This token is not valid. Check it, or make a new one');
    await page.getByLabel('Token', { exact: true }).fill(glowkit.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Tokens', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tokens');
    // The token is in the browser's storage, never in a URL.
    expect(page.url()).not.toContain(glowkit.token);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('glowkit.token')))
      .toBe(glowkit.token);
    await context.close();
  });

  it('stays signed in across a reload, and signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, glowkit.url, glowkit.token);
    await page.reload();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('glowkit.token'))).toBeNull();
    await context.close();
  });
});
