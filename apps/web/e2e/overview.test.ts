// The overview keeps itself current from the server's pushes: the LED device's state arrives as a
// `device-update` push, so the page never reads serverinfo again to learn it — also after the
// server restarted (a restore) and the page connected anew. A picture input's client is listed
// among the instance's sources while it is connected.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectGrabber } from './support/flatbuf-client.js';
import { type FrameLog, recordFrames } from './support/frames.js';
import { freePort } from './support/glowkit.js';
import { INSTANCE, LIVE, PICTURE, TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';

const suite = useLedSuite();

/** The overview, signed in, with every frame of its sockets recorded. */
async function openOverview(): Promise<{ page: Page; frames: FrameLog }> {
  let frames: FrameLog | undefined;
  const page = await suite.signedInPage('/', {}, (p) => {
    frames = recordFrames(p);
  });
  if (!frames) throw new Error('the frames were not recorded');
  return { page, frames };
}

const card = (page: Page) => page.getByRole('article', { name: INSTANCE });
const deviceState = (page: Page) => card(page).getByTestId('device').getAttribute('data-state');

/** Switches instance 0's LED output, as another client does (not through the page). */
const switchOutput = (state: boolean) =>
  jsonRpc(suite.glowkit, {
    command: 'componentstate',
    instance: [0],
    componentstate: { component: 'LEDDEVICE', state },
  });

/** The `serverinfo` reads (not subscriptions) the page sent. */
const reads = (frames: FrameLog) =>
  frames.requests('serverinfo').filter((f) => (f.message.subcommand ?? 'getInfo') === 'getInfo');

/** Whether the page has read instance 0 on a socket from the `from`th on and heard the answer. */
const readInstance0 = (frames: FrameLog, from = 0) =>
  reads(frames).some((f) => f.socket >= from && f.message.instance === 0 && frames.answered(f));

describe('the overview', { timeout: TEST_TIMEOUT }, () => {
  it("shows the device's state from its push, without reading serverinfo again", async () => {
    const { page, frames } = await openOverview();
    await card(page).getByRole('img', { name: PICTURE }).waitFor();
    await expect.poll(() => deviceState(page)).toBe('on');
    await expect.poll(() => readInstance0(frames)).toBe(true);
    const before = reads(frames).length;

    await switchOutput(false);
    await expect.poll(() => deviceState(page), LIVE).toBe('off');
    await expect
      .poll(async () => (await card(page).getByTestId('device').textContent())?.trim())
      .toBe('virtual: off');
    await switchOutput(true);
    await expect.poll(() => deviceState(page), LIVE).toBe('on');
    // Learnt from the pushes alone: not one serverinfo read since the page had loaded.
    expect(reads(frames).slice(before)).toEqual([]);
  });

  it('subscribes again after the server restarted, and follows the device from there', async () => {
    const { page, frames } = await openOverview();
    await expect.poll(() => deviceState(page)).toBe('on');
    // A restore of the configuration as it is: the server restarts and closes every WebSocket.
    const config = await jsonRpc(suite.glowkit, { command: 'config', subcommand: 'getconfig' });
    await jsonRpc(suite.glowkit, { command: 'config', subcommand: 'restoreconfig', config });
    await expect.poll(() => readInstance0(frames, 1), LIVE).toBe(true);
    await expect.poll(() => deviceState(page), LIVE).toBe('on');
    const before = reads(frames).length;

    await switchOutput(false);
    await expect.poll(() => deviceState(page), LIVE).toBe('off');
    await switchOutput(true);
    await expect.poll(() => deviceState(page), LIVE).toBe('on');
    expect(reads(frames).slice(before)).toEqual([]);
  });

  it('lists a flatbuffers client among the sources while it streams, and not after', async () => {
    // The input on a port of this test's own, with a timeout longer than the test (the server
    // restarts its listeners and answers first: the client retries until it listens).
    const port = await freePort();
    await jsonRpc(suite.glowkit, {
      command: 'config',
      subcommand: 'setconfig',
      config: { flatbufServer: { enable: true, port, timeout: 600, pixelDecimation: 1 } },
    });
    const { page } = await openOverview();
    const sources = card(page).getByRole('region', { name: 'Sources' });
    await sources.waitFor();
    const grabber = await connectGrabber(port, 'E2E-Grabber', 150);
    grabber.stream(5);
    const entry = sources.locator('li[data-component="FLATBUFSERVER"]');
    await expect.poll(() => entry.getAttribute('data-origin'), LIVE).toMatch(/^E2E-Grabber@/);
    // The frame counts come with the next input-sources-update push, after the entry itself.
    await expect.poll(() => entry.textContent(), LIVE).toMatch(/\d+ dropped/);
    const text = await entry.textContent();
    expect(text).toContain('Flatbuffers input');
    expect(text).toContain('Priority 150');

    await grabber.close();
    await expect.poll(() => entry.count(), LIVE).toBe(0);
  });
});
