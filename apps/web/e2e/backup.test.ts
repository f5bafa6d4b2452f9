// Backup and restore as a user does it: download a backup, change it, restore it through the file
// input after reading its change summary, watch the restart screen come back, and see the change;
// undo it from the snapshot the restore kept; a broken file is refused in the browser.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launch, newContext, screenshot, signIn } from './support/browser.js';
import { type Glowkit, startGlowkit } from './support/glowkit.js';

/** Polls for as long as a busy machine may need (vitest's own default is one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** What the backup download holds (getconfig's `info`): only what the test reads and changes. */
interface Backup {
  global: { settings: Record<string, unknown> };
  instances: Array<{ id: number; name: string; settings: Record<string, unknown> }>;
}

/** A group's value: getconfig gives objects, but a backup may hold a group as JSON text. */
function group(settings: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = settings[name];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

let glowkit: Glowkit;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Everything the page sent on its WebSocket, in order. */
const sent: string[] = [];
/** How many WebSockets the page opened: more after each restart it reconnected from. */
let sockets = 0;

/** The instance's name before the restore, and after it. */
const NEW_NAME = 'Living room TV';
let oldName = '';
/** The smoothing time before the restore. */
let oldSmoothing = 0;

beforeAll(async () => {
  [glowkit, browser] = await Promise.all([startGlowkit(), launch()]);
  context = await newContext(browser);
  page = await context.newPage();
  page.on('websocket', (socket) => {
    sockets += 1;
    socket.on('framesent', (frame) => sent.push(String(frame.payload)));
  });
  await signIn(page, glowkit.url, glowkit.token, '/backup');
  await page.getByRole('heading', { name: 'Backup and restore', level: 1 }).waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await glowkit?.stop();
});

/** Downloads a backup with the page's button and returns it, parsed. */
async function downloadBackup(): Promise<Backup> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^glowkit-backup-\d{4}-\d\d-\d\d\.json$/);
  const path = await download.path();
  return JSON.parse(readFileSync(path, 'utf8')) as Backup;
}

/** The snapshots the page lists, newest first. */
async function snapshotIds(): Promise<number[]> {
  const ids = await page
    .locator('li.snapshot')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-snapshot'))));
  return ids;
}

/**
 * Confirms a restore with `button`, then waits for the restart screen (`title`), for the page to
 * reconnect by itself on a new socket, and for its "Restored" message; returns that message.
 */
async function restoreAndWait(button: string, title: string, name: string): Promise<string> {
  const socketsBefore = sockets;
  await page.getByRole('button', { name: button, exact: true }).click();
  const restart = page.getByTestId('restart-screen');
  await restart.filter({ hasText: title }).waitFor();
  await screenshot(page, name);
  // The restart screen replaces the page's sections until the server is back.
  await page.locator('#restored').waitFor({ timeout: 20_000 });
  await expect.poll(() => restart.count()).toBe(0);
  // A new socket (or more: an attempt can come before the server listens again).
  expect(sockets).toBeGreaterThan(socketsBefore);
  await poll(() => page.locator('header').getByRole('status').innerText()).toBe('Connected');
  return (await page.locator('#restored').innerText())?.trim() ?? '';
}

describe('backup and restore', () => {
  it('restores a changed backup after its change summary, and the server comes back with it', async () => {
    // Nothing has replaced the configuration yet: no snapshot to undo to.
    await page.getByText('No snapshots yet.').waitFor();
    const backup = await downloadBackup();
    await poll(() => page.getByRole('status').filter({ hasText: 'Saved as' }).innerText()).toMatch(
      /^\s*Saved as glowkit-backup-.*\.json\.\s*$/,
    );

    // The user changes the file: renames the first instance and makes its smoothing slower.
    const instance = backup.instances.find((i) => i.id === 0);
    if (!instance) throw new Error('the backup has no instance 0');
    oldName = instance.name;
    const smoothing = group(instance.settings, 'smoothing');
    oldSmoothing = Number(smoothing.time_ms);
    instance.name = NEW_NAME;
    instance.settings.smoothing = { ...smoothing, time_ms: oldSmoothing + 150 };
    const file = join(glowkit.dataDir, 'changed-backup.json');
    writeFileSync(file, JSON.stringify(backup, null, 2));

    await page.getByLabel('Backup file').setInputFiles(file);
    await page.getByText('changed-backup.json is a valid backup.').waitFor();
    const summary = page.locator('.summary');
    await summary.getByRole('heading', { name: 'What will change', level: 3 }).waitFor();
    await screenshot(page, 'backup-summary');

    // Exactly these changes: no global group, instance 0 renamed and its smoothing's time_ms.
    await expect.poll(() => summary.innerText()).toContain('No global setting changes.');
    const changes = await summary.locator('li').evaluateAll((items) =>
      items.map((item) => ({
        group: item.getAttribute('data-group'),
        instance: item.getAttribute('data-instance'),
        kind: item.getAttribute('data-kind'),
      })),
    );
    expect(changes.filter((c) => c.kind !== null)).toEqual([
      { group: null, instance: '0', kind: 'changed' },
      { group: 'smoothing', instance: null, kind: 'changed' },
    ]);
    const changed = summary.locator('li[data-instance="0"][data-kind="changed"]');
    await expect
      .poll(() => changed.locator('.instance').innerText())
      .toBe(`Instance 0 “${NEW_NAME}” changes`);
    const details = (await changed.locator('li').allInnerTexts()).map((t) => t.trim());
    expect(details).toEqual([
      `renamed from “${oldName}” to “${NEW_NAME}”`,
      'smoothing changes: time_ms',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    expect(
      await restoreAndWait(
        'Restore this configuration',
        'Restarting with the restored configuration…',
        'backup-restarting',
      ),
    ).toBe('Restored. The server runs with the restored configuration.');
    await screenshot(page, 'backup-restored');
    // The restore kept the configuration it replaced: one snapshot, ready to undo.
    await poll(snapshotIds).toHaveLength(1);

    // The change is the server's now: the overview shows the new name.
    await page.getByRole('link', { name: 'Overview' }).click();
    await page
      .getByRole('list', { name: 'Instances' })
      .getByRole('article', { name: NEW_NAME })
      .waitFor();
    await expect.poll(() => page.getByRole('article', { name: oldName }).count()).toBe(0);
    await screenshot(page, 'backup-overview-renamed');
  }, 60_000);

  it('undoes the restore from the snapshot it kept', async () => {
    await page.getByRole('link', { name: 'Backup' }).click();
    await poll(snapshotIds).toHaveLength(1);
    const [id] = await snapshotIds();
    const snapshot = page.locator(`li.snapshot[data-snapshot="${id}"]`);
    await expect.poll(() => snapshot.innerText()).toContain(`Snapshot ${id}`);

    await page.getByRole('button', { name: `Restore snapshot ${id}` }).click();
    await snapshot
      .getByText(`Restore snapshot ${id}? The current configuration is kept as a new snapshot`)
      .waitFor();
    await screenshot(page, 'backup-snapshot-confirm');
    expect(
      await restoreAndWait(
        'Yes, restore',
        `Restarting with snapshot ${id}…`,
        'backup-snapshot-restarting',
      ),
    ).toBe(`Restored snapshot ${id}. The configuration it replaced is kept as a snapshot too.`);
    await screenshot(page, 'backup-snapshot-restored');
    // The configuration the snapshot replaced is a snapshot in turn: undo can be undone.
    await poll(snapshotIds).toHaveLength(2);

    // Everything is as before the restore: the old smoothing, and the old name on the overview.
    const backup = await downloadBackup();
    const instance = backup.instances.find((i) => i.id === 0);
    expect(instance?.name).toBe(oldName);
    expect(group(instance?.settings ?? {}, 'smoothing').time_ms).toBe(oldSmoothing);
    await page.getByRole('link', { name: 'Overview' }).click();
    await page
      .getByRole('list', { name: 'Instances' })
      .getByRole('article', { name: oldName })
      .waitFor();
    await expect.poll(() => page.getByRole('article', { name: NEW_NAME }).count()).toBe(0);
  }, 60_000);

  it('refuses a broken file in the browser with its line and column, and sends nothing', async () => {
    await page.getByRole('link', { name: 'Backup' }).click();
    await page.getByRole('heading', { name: 'Restore from a file', level: 2 }).waitFor();
    await poll(snapshotIds).toHaveLength(2);
    const before = sent.length;
    // A trailing comma on line 3, column 14: what a hand edit often leaves behind.
    const text = '{\n  "instances": [\n    { "id": 0, }\n  ]\n}\n';
    await page.getByLabel('Backup file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'broken.json' });
    await alert.waitFor();
    await expect
      .poll(() => alert.innerText())
      .toContain('broken.json is not valid JSON (line 3, column 14):');
    await expect.poll(() => alert.locator('code').innerText()).toBe('broken.json:3:14');
    await screenshot(page, 'backup-broken-file');
    await expect
      .poll(() => page.getByRole('button', { name: 'Restore this configuration' }).count())
      .toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { name: 'What will change' }).count())
      .toBe(0);
    // Checked in the browser alone: not even the current configuration was asked for.
    expect(sent.slice(before)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  }, 30_000);

  it('says before restoring that a boot effect the backup names does not exist here', async () => {
    const backup = await downloadBackup();
    const instance = backup.instances.find((i) => i.id === 0);
    if (!instance) throw new Error('the backup has no instance 0');
    // Hyperion.ng's boot effect, which this server does not have.
    instance.settings.foregroundEffect = {
      ...group(instance.settings, 'foregroundEffect'),
      enable: true,
      type: 'effect',
      effect: 'Knight rider',
    };
    const file = join(glowkit.dataDir, 'old-effect-backup.json');
    writeFileSync(file, JSON.stringify(backup, null, 2));
    const before = await snapshotIds();
    for (const theme of ['light', 'dark'] as const) {
      const look = await newContext(browser, { colorScheme: theme });
      try {
        const other = await look.newPage();
        await signIn(other, glowkit.url, glowkit.token, '/backup');
        await other.getByLabel('Backup file').setInputFiles(file);
        const missing = other.getByTestId('missing-effects');
        await missing.getByRole('heading', { name: 'Effects this server does not have' }).waitFor();
        await expect
          .poll(() => missing.innerText())
          .toContain(
            `The boot effect of “${instance.name}”, “Knight rider”, does not exist here: the instance starts without it.`,
          );
        // Said with the summary, before anything is restored.
        await other.getByRole('button', { name: 'Restore this configuration' }).waitFor();
        expect(await axeViolations(other)).toEqual([]);
        await screenshot(other, `backup-missing-effect-${theme}`);
        if (theme === 'dark') {
          await other.getByRole('combobox', { name: 'Language' }).selectOption('de');
          await expect
            .poll(() => missing.innerText())
            .toContain(
              `Der Starteffekt von „${instance.name}“, „Knight rider“, existiert hier nicht`,
            );
          await screenshot(other, 'backup-missing-effect-german');
        }
      } finally {
        await look.close();
      }
    }
    // A backup whose boot effect exists says nothing of it.
    instance.settings.foregroundEffect = {
      ...group(instance.settings, 'foregroundEffect'),
      effect: 'Rainbow Wave',
    };
    writeFileSync(file, JSON.stringify(backup, null, 2));
    await page.getByLabel('Backup file').setInputFiles(file);
    await page.getByRole('button', { name: 'Restore this configuration' }).waitFor();
    expect(await page.getByTestId('missing-effects').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await snapshotIds()).toEqual(before);
  }, 60_000);
});
