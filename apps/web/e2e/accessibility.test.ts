// Axe on every page, in both themes and both languages: one browser context per combination, each
// page visited once through the navigation as a user goes, with a screenshot of each (the issue's
// screenshots of each page, kept as test artifacts). The overview shows a picture input's client,
// pinned: its picture beside the LEDs, its sources with their pin controls. The themes and languages are reached both
// ways a user has: from the system (the context's colour scheme and locale) and from the header's
// Theme and Language selects.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../translations/de.json';
import en from '../../../translations/en.json';
import { checkWhole, type Look, launch, newContext } from './support/browser.js';
import { connectGrabber, type FlatbufGrabber } from './support/flatbuf-client.js';
import { enableFlatbuffers, waitUntil } from './support/flatbuf-input.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { jsonRpc } from './support/leds.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

type Language = 'en' | 'de';
type Theme = 'light' | 'dark';

/** One combination: what the browser brings (`look`), and what the user picks in the header. */
interface Combination {
  language: Language;
  theme: Theme;
  look: Look;
  pick?: { language?: Language; theme?: Theme };
}

const COMBINATIONS: Combination[] = [
  // From the system: the context's colour scheme and locale.
  { language: 'en', theme: 'light', look: { colorScheme: 'light', locale: 'en-GB' } },
  { language: 'en', theme: 'dark', look: { colorScheme: 'dark', locale: 'en-GB' } },
  // German from the locale, and light picked against a dark system.
  {
    language: 'de',
    theme: 'light',
    look: { colorScheme: 'dark', locale: 'de-DE' },
    pick: { theme: 'light' },
  },
  // Both picked in the header, against an English, light system.
  {
    language: 'de',
    theme: 'dark',
    look: { colorScheme: 'light', locale: 'en-GB' },
    pick: { language: 'de', theme: 'dark' },
  },
];

/** The UI's phrase `key` in `language` (from the project's phrase files, as the UI shows it). */
function t(language: Language, key: string): string {
  const phrases: Record<string, string> = language === 'de' ? de : en;
  const text = phrases[key];
  if (text === undefined) throw new Error(`no phrase ${key} in ${language}`);
  return text;
}

/** The effect chosen on the Effects page (effect names are not translated). */
const EFFECT = 'Rainbow Wave';

/** The grabber the overview shows, pinned. */
const GRABBER = 'A11y-Grabber';

let glowkit: Glowkit;
let browser: Browser;
let grabber: FlatbufGrabber | undefined;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
  grabber = await connectGrabber(await enableFlatbuffers(glowkit), GRABBER, 150);
  grabber.stream(1);
  // Pinned once the server has its entry (it registers as the connection opens).
  const pin = { command: 'sourceselect', instance: [0], priority: 150 };
  const pinned = () =>
    jsonRpc(glowkit, pin).then(
      () => true,
      () => false,
    );
  await waitUntil(pinned, `${GRABBER} could not be pinned`);
});

afterAll(async () => {
  await grabber?.close();
  await browser?.close();
  await glowkit?.stop();
});

/** How light the page's background is, 0 (black) to 255 (white). */
function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

/** The navigation's link to the page named `name`. */
function nav(page: Page, name: string) {
  return page.locator('header nav').getByRole('link', { name, exact: true });
}

/** Each signed-in page: how to get there from the navigation, and what shows once it is ready. */
const PAGES: Array<{
  name: string;
  open(page: Page, lang: Language): Promise<void>;
}> = [
  {
    name: 'overview',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_overview')).click();
      await page
        .getByRole('list', { name: t(lang, 'web_overview_instances') })
        .getByRole('article')
        .first()
        .waitFor();
      // The live picture has started (or said why not).
      await poll(() =>
        page.locator('gk-live-leds').first().getByRole('status').getAttribute('data-state'),
      ).toMatch(/^(live|stopped|failed)$/);
      // The pinned grabber's picture beside it, and the way back to automatic selection.
      const alt = t(lang, 'web_input_picture_alt').replace('{{source}}', `${GRABBER}@127.0.0.1`);
      await page.getByRole('img', { name: alt }).waitFor();
      await page.getByRole('button', { name: t(lang, 'web_overview_source_auto') }).waitFor();
      // How long its pictures take to reach the LEDs.
      await page.getByTestId('latency').first().waitFor();
    },
  },
  {
    name: 'effects',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_effects')).click();
      await page.getByRole('link', { name: EFFECT, exact: true }).click();
      await page.getByRole('heading', { name: EFFECT, level: 2 }).waitFor();
      await page.locator('gk-effect-form input').first().waitFor();
      expect(new URL(page.url()).pathname).toBe(`/effects/${encodeURIComponent(EFFECT)}`);
    },
  },
  {
    name: 'colour',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_colour')).click();
      await page.getByRole('heading', { name: t(lang, 'web_colour_form_title') }).waitFor();
      await page.getByRole('button', { name: t(lang, 'web_colour_set') }).waitFor();
    },
  },
  {
    name: 'setup',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_setup')).click();
      for (const key of ['web_setup_device', 'web_setup_layout', 'web_setup_smoothing']) {
        await page.getByRole('heading', { name: t(lang, key), level: 2 }).waitFor();
      }
      await page.getByLabel(t(lang, 'web_setup_device_type')).waitFor();
      // The group forms the server's schemas make: smoothing, each colour adjustment (drawn
      // only near the window: attached is what counts here).
      for (const form of ['#smoothing-form', '.adjustment-form']) {
        await page.locator(`${form} input`).first().waitFor({ state: 'attached' });
      }
    },
  },
  {
    name: 'capture',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_capture')).click();
      await page.getByRole('heading', { name: t(lang, 'web_capture_title'), level: 1 }).waitFor();
      // Discovery answered: the choices, "capture off" among them, and the instance's form.
      await page.getByRole('group', { name: t(lang, 'web_capture_choose') }).waitFor();
      await page.getByRole('radio', { name: t(lang, 'web_capture_off') }).waitFor();
      await page.locator('#instCapture-form input').first().waitFor({ state: 'attached' });
    },
  },
  {
    name: 'instances',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_instances')).click();
      await page.getByRole('heading', { name: t(lang, 'web_instances_title'), level: 1 }).waitFor();
      await page.getByText(t(lang, 'web_instances_main')).waitFor();
    },
  },
  {
    name: 'backup',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_backup')).click();
      await page.getByRole('heading', { name: t(lang, 'web_backup_title'), level: 1 }).waitFor();
      // Switching the flatbuffers input on (beforeAll) kept one snapshot: the list shows it.
      await page
        .getByRole('list', { name: t(lang, 'web_backup_snapshots_title') })
        .getByRole('listitem')
        .first()
        .waitFor();
    },
  },
  {
    name: 'tokens',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_tokens')).click();
      await page.getByRole('heading', { name: t(lang, 'web_tokens_title'), level: 1 }).waitFor();
      await page.getByText(t(lang, 'web_tokens_requests_none')).waitFor();
      await page.locator('li[data-token]').first().waitFor();
    },
  },
  {
    name: 'log',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_log')).click();
      await page.getByRole('heading', { name: t(lang, 'web_log_title'), level: 1 }).waitFor();
      await page.getByRole('region', { name: t(lang, 'web_log_lines') }).waitFor();
      // The server's level, the logger group's form.
      await page.locator('gk-server-level gk-effect-form select').waitFor();
    },
  },
  {
    name: 'system',
    async open(page, lang) {
      await nav(page, t(lang, 'web_nav_system')).click();
      await page.getByRole('heading', { name: t(lang, 'web_system_title'), level: 1 }).waitFor();
      await page.getByTestId('system-fps').first().waitFor();
    },
  },
];

describe('accessibility', () => {
  for (const { language, theme, look, pick } of COMBINATIONS) {
    const named = `${theme} theme, ${language === 'de' ? 'German' : 'English'}`;
    it(`every page has no axe violations: ${named}`, async () => {
      const combination = `${theme}-${language}`;
      const context = await newContext(browser, look);
      try {
        const page = await context.newPage();
        await page.goto(glowkit.url);
        // The sign-in page, in the browser's language until the user picks one.
        const browserLanguage: Language = look.locale === 'de-DE' ? 'de' : 'en';
        await page
          .getByRole('heading', { name: t(browserLanguage, 'web_sign_in_title'), level: 1 })
          .waitFor();
        if (pick?.language) {
          await page
            .getByRole('combobox', { name: t(browserLanguage, 'web_language') })
            .selectOption(pick.language);
        }
        if (pick?.theme) {
          await page
            .getByRole('combobox', { name: t(language, 'web_theme') })
            .selectOption(pick.theme);
        }
        await page
          .getByRole('heading', { name: t(language, 'web_sign_in_with_token'), level: 2 })
          .waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        const lightness = await backgroundLightness(page);
        if (theme === 'dark') expect(lightness).toBeLessThan(64);
        else expect(lightness).toBeGreaterThan(192);

        const violations: Record<string, string[]> = {};
        violations['sign-in'] = await checkWhole(page, `a11y-${combination}-sign-in`);

        await page
          .getByLabel(t(language, 'web_sign_in_token'), { exact: true })
          .fill(glowkit.token);
        await page.getByRole('button', { name: t(language, 'web_sign_in_submit') }).click();
        await page.getByRole('link', { name: t(language, 'web_nav_overview') }).waitFor();

        for (const { name, open } of PAGES) {
          await open(page, language);
          violations[name] = await checkWhole(page, `a11y-${combination}-${name}`);
        }
        // Signed in, the picked language and theme still hold on every page.
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expect.poll(() => backgroundLightness(page)).toBe(lightness);
        expect(violations).toEqual({
          'sign-in': [],
          overview: [],
          effects: [],
          colour: [],
          setup: [],
          capture: [],
          instances: [],
          backup: [],
          tokens: [],
          log: [],
          system: [],
        });
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
