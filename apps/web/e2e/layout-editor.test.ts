// The layout editor on the Setup page as a user drives it, with the mouse: the corners and edges of
// a frame dragged, one LED of a restored hand-made layout edited, undo, and identify, which lights
// one LED alone on a `file` device (read here as the file it is). What is saved is read back with
// `config getconfig`, as any client reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../translations/de.json';
import {
  DEFAULT_CLASSIC,
  generateLayout,
  type LayoutSpec,
  type LedArea,
} from '../src/components/layout-generator/layouts.js';
import { SPEC_KEY } from '../src/components/layout-generator/stored-spec.js';
import {
  checkWhole,
  type Look,
  launch,
  newContext,
  screenshot,
  screenshotDir,
  signIn,
} from './support/browser.js';
import { framesInFile } from './support/file-frames.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';
import { jsonRpc } from './support/leds.js';
import { expectNoSidewaysScroll, expectReachable, PHONE } from './support/phone.js';

/** Each test waits on what the page shows; this only bounds a test on a busy machine. */
const TEST_TIMEOUT = 90_000;

/** A 24-LED frame: 8 along the top and bottom, 4 on each side, clockwise from the top left. */
const FRAME: LayoutSpec = {
  kind: 'classic',
  ...DEFAULT_CLASSIC,
  top: 8,
  right: 4,
  bottom: 8,
  left: 4,
  start: 'top-left',
};

/** A hand-made layout, as a backup of another installation has it: 6 LEDs the generator did not make. */
const CUSTOM: LedArea[] = [
  { hmin: 0, hmax: 0.2, vmin: 0, vmax: 0.1 },
  { hmin: 0.25, hmax: 0.45, vmin: 0, vmax: 0.1 },
  { hmin: 0.55, hmax: 0.75, vmin: 0, vmax: 0.12 },
  { hmin: 0.8, hmax: 1, vmin: 0, vmax: 0.1 },
  { hmin: 0.9, hmax: 1, vmin: 0.3, vmax: 0.7 },
  { hmin: 0, hmax: 0.1, vmin: 0.3, vmax: 0.7 },
];

let glowkit: Glowkit;
let browser: Browser;
let context: BrowserContext | undefined;
let outputDir: string;
let output: string;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
  outputDir = mkdtempSync(join(tmpdir(), 'glowkit-e2e-layout-'));
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

type Config = {
  instances: Array<{ settings: Record<string, Record<string, unknown> | unknown[]> }>;
};

const getConfig = () => jsonRpc<Config>(glowkit, { command: 'config', subcommand: 'getconfig' });

/** The `leds` instance 0 has stored. */
async function storedLeds(): Promise<LedArea[]> {
  return (await getConfig()).instances[0]?.settings.leds as LedArea[];
}

/**
 * Gives instance 0 a `file` device writing to `output`, `leds` (and the generator's inputs when
 * `spec` is given), no smoothing and no boot effect: what the device writes is what is set.
 */
async function useLayout(leds: LedArea[], spec?: LayoutSpec): Promise<void> {
  const config = await getConfig();
  const settings = config.instances[0]?.settings ?? {};
  const ledConfig = { ...(settings.ledConfig as object) } as Record<string, unknown>;
  if (spec) ledConfig[SPEC_KEY] = spec;
  else delete ledConfig[SPEC_KEY];
  await jsonRpc(glowkit, {
    command: 'config',
    subcommand: 'setconfig',
    instance: 0,
    config: {
      device: { type: 'file', output, hardwareLedCount: leds.length, colorOrder: 'rgb' },
      leds,
      ledConfig,
      smoothing: { ...(settings.smoothing as object), enable: false },
      foregroundEffect: { ...(settings.foregroundEffect as object), enable: false },
    },
  });
  await jsonRpc(glowkit, { command: 'clear', instance: [0], priority: -1 });
}

function frameLeds(spec: LayoutSpec): LedArea[] {
  const made = generateLayout(spec);
  if (!made.ok) throw new Error(`the test's frame is invalid: ${JSON.stringify(made.problems)}`);
  return made.leds;
}

async function openSetup(look: Look = {}): Promise<Page> {
  context = await newContext(browser, look);
  const page = await context.newPage();
  if (look.locale === 'de-DE') {
    // Signing in as a German user does: the page speaks the browser's language.
    await page.goto(`${glowkit.url}/setup/0`);
    await page.getByLabel(de.web_sign_in_token, { exact: true }).fill(glowkit.token);
    await page.getByRole('button', { name: de.web_sign_in_submit }).click();
  } else {
    await signIn(page, glowkit.url, glowkit.token, '/setup/0');
  }
  await page.getByLabel(look.locale === 'de-DE' ? 'Gerätetyp' : 'Device type').waitFor();
  // Every `gk-unsaved` the page hears, for the unsaved-changes contract.
  await page.evaluate(() => {
    const seen: Array<{ key: string; dirty: boolean }> = [];
    (window as unknown as { unsaved: typeof seen }).unsaved = seen;
    document.addEventListener('gk-unsaved', (event) =>
      seen.push((event as CustomEvent<{ key: string; dirty: boolean }>).detail),
    );
  });
  return page;
}

/** The last `gk-unsaved` state the editor sent (undefined before any; the page sends its own). */
const lastUnsaved = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { unsaved: Array<{ key: string; dirty: boolean }> }).unsaved
      .filter((state) => state.key === 'layout-editor')
      .at(-1),
  );

/** Drags `handle` by `dx`, `dy` fractions of the editor's picture, with the mouse. */
async function drag(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  const picture = page.getByRole('group', { name: /^(Layout editor|Anordnung bearbeiten)/ });
  const area = await picture.boundingBox();
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!area || !box) throw new Error('the picture or the handle is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // In steps, as a hand moves: each step a pointermove.
  for (let step = 1; step <= 5; step++) {
    await page.mouse.move(x + (dx * area.width * step) / 5, y + (dy * area.height * step) / 5);
  }
  await page.mouse.up();
}

/** Keeps a picture of the layout section alone (the whole page's is long): `<name>-section.png`. */
async function sectionShot(page: Page, name: string): Promise<void> {
  await page
    .getByRole('region', { name: /^(LED layout|LED-Anordnung)$/ })
    .screenshot({ path: join(screenshotDir, `${name}-section.png`) });
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 30_000 });
}

/** Which LEDs of a frame are not black. */
const lit = (frame: number[][] | undefined) =>
  (frame ?? []).flatMap((rgb, i) => (rgb.some((c) => c > 0) ? [i] : []));

describe('the layout editor', { timeout: TEST_TIMEOUT }, () => {
  it('moves a corner and an edge of a frame by dragging; the saved leds follow', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup();
    const corner = page.getByRole('button', { name: 'Move corner: Top right' });
    await corner.waitFor();
    expect(await page.getByRole('button', { name: /^LED \d+$/ }).count()).toBe(24);

    // The top right corner in and down (a TV seen from its left), the left edge inwards.
    await drag(page, corner, -0.1, 0.1);
    await drag(page, page.getByRole('button', { name: 'Move edge: Left' }), 0.05, 0);
    expect(await lastUnsaved(page)).toEqual({ key: 'layout-editor', dirty: true });
    // Leaving now asks first; Stay keeps the moved corner.
    await page.getByRole('link', { name: 'Overview' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await lastUnsaved(page)).toEqual({ key: 'layout-editor', dirty: true });
    expect(await checkWhole(page, 'layout-editor-keystone')).toEqual([]);
    await sectionShot(page, 'layout-editor-keystone');
    await save(page);
    await expect.poll(() => lastUnsaved(page)).toEqual({ key: 'layout-editor', dirty: false });

    const config = await getConfig();
    const settings = config.instances[0]?.settings ?? {};
    const spec = (settings.ledConfig as Record<string, LayoutSpec & Record<string, number>>)[
      SPEC_KEY
    ];
    // Dragged by hand: within a percent of where the mouse went.
    expect(spec?.ptrh).toBeGreaterThanOrEqual(89);
    expect(spec?.ptrh).toBeLessThanOrEqual(91);
    expect(spec?.ptrv).toBeGreaterThanOrEqual(9);
    expect(spec?.ptrv).toBeLessThanOrEqual(11);
    expect(spec?.ptlh).toBe(spec?.pblh);
    expect(spec?.ptlh).toBeGreaterThanOrEqual(4);
    expect(spec?.ptlh).toBeLessThanOrEqual(6);
    const leds = settings.leds as LedArea[];
    expect(leds).toEqual(frameLeds(spec as LayoutSpec));
    // The top edge's last LED ends at the moved corner, the right edge's first starts below it;
    // the left edge's LEDs start at the moved edge.
    expect(leds[7]?.hmax).toBe((spec?.ptrh ?? 0) / 100);
    expect(leds[8]?.vmin).toBe((spec?.ptrv ?? 0) / 100);
    expect(leds.slice(20).map((led) => led.hmin)).toEqual(
      Array.from({ length: 4 }, () => (spec?.ptlh ?? 0) / 100),
    );
    expect(leds).not.toEqual(frameLeds(FRAME));
  });

  it('changes an edge’s count, flips an edge, leaves a middle gap and overlaps; saved as shown', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup();
    await page.getByRole('spinbutton', { name: 'Right', exact: true }).fill('5');
    await page.getByRole('checkbox', { name: 'Top runs the other way' }).check();
    await page.getByRole('spinbutton', { name: 'Places without LEDs in the middle' }).fill('2');
    await page
      .getByRole('spinbutton', { name: 'Middle gap from place (counted from 0)' })
      .fill('16');
    await page.getByRole('spinbutton', { name: 'Overlap with the neighbours (%)' }).fill('20');
    // 25 places, 2 of them without an LED: the editor draws the 23.
    await expect.poll(() => page.getByRole('button', { name: /^LED \d+$/ }).count()).toBe(23);
    await save(page);
    const expected = {
      ...FRAME,
      right: 5,
      flipTop: true,
      gapLength: 2,
      gapPosition: 16,
      overlap: 20,
    } as LayoutSpec;
    expect(await storedLeds()).toEqual(frameLeds(expected));
  });

  it('identify: choosing an LED lights that LED alone on the device', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup();
    const led = page.getByRole('button', { name: 'LED 7', exact: true });
    await led.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'LED 7 lights white on the device for 3 seconds.' })
      .waitFor();
    await expect
      .poll(() => lit(framesInFile(output).at(-1)), { timeout: 20_000, interval: 50 })
      .toEqual([6]);
    expect(await led.getAttribute('aria-pressed')).toBe('true');
    // The editor shows the live colours: another client's colours, LED by LED.
    const colors = Array.from({ length: 24 }, (_, i) => (i === 2 ? [255, 0, 0] : [0, 0, 255]));
    await jsonRpc(glowkit, { command: 'color', instance: [0], priority: 50, color: colors.flat() });
    const fill = (index: number) =>
      page
        .locator(`gk-layout-editor .led[data-index="${index}"] rect`)
        .evaluate((rect) => getComputedStyle(rect).fill);
    await expect.poll(() => fill(2), { timeout: 20_000 }).toBe('rgb(255, 0, 0)');
    expect(await fill(3)).toBe('rgb(0, 0, 255)');
    await jsonRpc(glowkit, { command: 'clear', instance: [0], priority: 50 });
  });

  it('moves a corner with the keyboard, and undoes it with Ctrl+Z', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup();
    const corner = page.getByRole('button', { name: 'Move corner: Bottom right' });
    await corner.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    const field = page.getByRole('spinbutton', { name: 'Bottom right: from the left (%)' });
    await expect.poll(() => field.inputValue()).toBe('97');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes: LED layout' }).waitFor();
    await corner.focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => field.inputValue()).toBe('98');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => field.inputValue()).toBe('100');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
  });

  it('undoes typing in the generator, through a field left empty on the way', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup();
    const top = page.getByRole('spinbutton', { name: 'Top', exact: true });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await top.fill('');
    await top.fill('9');
    await expect.poll(() => page.getByRole('button', { name: /^LED \d+$/ }).count()).toBe(25);
    expect(await save.isDisabled()).toBe(false);
    const undo = page.getByRole('button', { name: 'Undo' });
    // Back to the empty field: its problem shows again, and there is nothing to save.
    await undo.click();
    await expect.poll(() => top.inputValue()).toBe('');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await undo.click();
    await expect.poll(() => top.inputValue()).toBe('8');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    expect(await undo.isDisabled()).toBe(true);
  });

  it('edits one LED of a restored hand-made layout; undo brings back its rectangle', async () => {
    // A backup from another installation, restored as it is: its `leds` are not the generator's.
    const config = await getConfig();
    const settings = config.instances[0]?.settings as Record<string, unknown>;
    const ledConfig = { ...(settings.ledConfig as object) } as Record<string, unknown>;
    delete ledConfig[SPEC_KEY];
    settings.leds = CUSTOM;
    settings.ledConfig = ledConfig;
    settings.device = { ...(settings.device as object), hardwareLedCount: CUSTOM.length };
    await jsonRpc(glowkit, { command: 'config', subcommand: 'restoreconfig', config });
    await expect.poll(() => storedLeds().catch(() => []), { timeout: 30_000 }).toEqual(CUSTOM);

    const page = await openSetup();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Keep the stored layout' }).isChecked())
      .toBe(true);
    expect(await page.getByRole('button', { name: /^LED \d+$/ }).count()).toBe(6);
    const third = page.getByRole('button', { name: 'LED 3', exact: true });
    await third.click();
    const left = page.getByRole('spinbutton', { name: 'Left edge (0 to 1)' });
    await expect.poll(() => left.inputValue()).toBe('0.55');

    // Dragged right and down by a tenth of the picture: the rectangle moves, its size kept.
    await drag(page, third, 0.1, 0.1);
    await expect.poll(async () => Number(await left.inputValue())).toBeGreaterThan(0.6);
    // The generator says the layout is now the one edited here, not the stored one.
    await expect
      .poll(() =>
        page.getByRole('radio', { name: 'Keep this layout (edited by hand)' }).isChecked(),
      )
      .toBe(true);
    await screenshot(page, 'layout-editor-custom');
    // Undo (the keyboard's Ctrl+Z in the picture) brings the rectangle back.
    await third.focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => left.inputValue()).toBe('0.55');
    await page.getByRole('status').filter({ hasText: 'No unsaved changes.' }).waitFor();
    await page.getByRole('radio', { name: 'Keep the stored layout' }).waitFor();
    await expect.poll(() => lastUnsaved(page)).toEqual({ key: 'layout-editor', dirty: false });

    // Typed: the right edge, then Undo by its button and the edit typed again.
    const right = page.getByRole('spinbutton', { name: 'Right edge (0 to 1)' });
    await right.fill('0.7');
    await right.press('Tab');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => right.inputValue()).toBe('0.75');
    // Resized by its corner's handle: wider and taller; Undo again.
    await drag(page, page.getByRole('button', { name: 'Resize LED 3' }), 0.05, 0.1);
    await expect.poll(async () => Number(await right.inputValue())).toBeGreaterThan(0.78);
    const bottom = page.getByRole('spinbutton', { name: 'Bottom edge (0 to 1)' });
    expect(Number(await bottom.inputValue())).toBeGreaterThan(0.2);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => right.inputValue()).toBe('0.75');
    await expect.poll(() => bottom.inputValue()).toBe('0.12');
    await left.fill('0.5');
    await left.press('Tab');
    await save(page);
    const leds = await storedLeds();
    expect(leds[2]).toEqual({ hmin: 0.5, hmax: 0.75, vmin: 0, vmax: 0.12 });
    expect([...leds.slice(0, 2), ...leds.slice(3)]).toEqual([
      ...CUSTOM.slice(0, 2),
      ...CUSTOM.slice(3),
    ]);
  });

  for (const look of [
    { name: 'dark', look: { colorScheme: 'dark' } },
    { name: 'german', look: { locale: 'de-DE' } },
  ] as const) {
    it(`is accessible and reads well (${look.name})`, async () => {
      await useLayout(frameLeds(FRAME), FRAME);
      const page = await openSetup(look.look);
      const german = look.name === 'german';
      await page
        .getByRole('button', {
          name: german ? 'Ecke verschieben: Oben rechts' : 'Move corner: Top right',
        })
        .waitFor();
      await page.getByRole('button', { name: 'LED 2', exact: true }).click();
      await page
        .getByRole('spinbutton', { name: german ? 'Linke Kante (0 bis 1)' : 'Left edge (0 to 1)' })
        .waitFor();
      expect(await checkWhole(page, `layout-editor-${look.name}`)).toEqual([]);
      await sectionShot(page, `layout-editor-${look.name}`);
    });
  }

  it('fits a phone: the picture, its LEDs and the fields within reach', async () => {
    await useLayout(frameLeds(FRAME), FRAME);
    const page = await openSetup({ viewport: PHONE });
    const led = page.getByRole('button', { name: 'LED 1', exact: true });
    await expectReachable(led);
    await expectReachable(page.getByRole('button', { name: 'Move corner: Bottom left' }));
    await led.click();
    const bottom = page.getByRole('spinbutton', { name: 'Bottom edge (0 to 1)' });
    await expectReachable(bottom);
    await bottom.fill('0.2');
    await bottom.press('Tab');
    await expectReachable(page.getByRole('button', { name: 'Undo' }));
    await expectNoSidewaysScroll(page);
    expect(await checkWhole(page, 'phone-layout-editor')).toEqual([]);
    await sectionShot(page, 'phone-layout-editor');
  });
});
