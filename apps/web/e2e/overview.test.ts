// The overview keeps itself current from the server's pushes: the LED device's state arrives as a
// `device-update` push, so the page never reads serverinfo again to learn it — also after the
// server restarted (a restore) and the page connected anew. A picture input's client is listed
// among the instance's sources while it is connected, with its frame rate from the
// `input-sources-update` pushes; its picture shows beside the LEDs while it is the visible source;
// a source can be pinned, and the instance returned to automatic selection.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { connectGrabber } from './support/flatbuf-client.js';
import { enableFlatbuffers } from './support/flatbuf-input.js';
import { type Frame, type FrameLog, recordFrames } from './support/frames.js';
import { INSTANCE, LIVE, PICTURE, TEST_TIMEOUT, useLedSuite } from './support/led-suite.js';
import { jsonRpc } from './support/leds.js';

const suite = useLedSuite();

let flatbufServerPort: number | undefined;
/** The flatbuffers input's port, switched on once for the file. */
async function flatbufPort(): Promise<number> {
  flatbufServerPort ??= await enableFlatbuffers(suite.glowkit);
  return flatbufServerPort;
}

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

/** Whether the server answered the request `frame` with success. */
const succeeded = (frames: FrameLog, frame: Frame) =>
  frames.received.some(
    ({ socket, message }) =>
      socket === frame.socket && message.tan === frame.message.tan && message.success === true,
  );

/** The page's `imagestream-stop` requests the server accepted. */
const imageStreamStops = (frames: FrameLog) =>
  frames.requests('ledcolors', 'imagestream-stop').filter((f) => succeeded(frames, f));

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
    const port = await flatbufPort();
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

  it('shows the frame rate while a client streams, and 0 once it pauses', async () => {
    const port = await flatbufPort();
    const { page } = await openOverview();
    const grabber = await connectGrabber(port, 'E2E-Rate', 160);
    try {
      const entry = card(page).locator('li[data-component="FLATBUFSERVER"]');
      await expect.poll(() => entry.getAttribute('data-origin'), LIVE).toMatch(/^E2E-Rate@/);
      // A few frames at each look until the page shows a rate above 0 (bounded by the poll).
      await expect
        .poll(async () => {
          grabber.stream(3);
          return entry.textContent();
        }, LIVE)
        .toMatch(/ [1-9]\d* frames\/s/);
      // No more frames: the next pushes show the counts standing still.
      await expect.poll(() => entry.textContent(), LIVE).toMatch(/ 0 frames\/s/);
    } finally {
      await grabber.close();
    }
  });

  it('shows how long pictures take to reach the LEDs while a client streams', async () => {
    const port = await flatbufPort();
    const { page, frames } = await openOverview();
    const grabber = await connectGrabber(port, 'E2E-Latency', 150);
    try {
      const readout = card(page).getByTestId('latency');
      // A few frames at each look until the figures came with a push (bounded by the poll).
      await expect
        .poll(async () => {
          grabber.stream(3);
          return readout.count();
        }, LIVE)
        .toBe(1);
      const text = (await readout.textContent())?.replace(/\s+/g, ' ').trim();
      expect(text).toMatch(
        /^\d+(\.\d)? ms typical, \d+(\.\d)? ms worst; most in (decoding|waiting for its turn|mapping|smoothing|the LED device) Over the last (picture|\d+ pictures)\. Set the smoothing's time and output delay \(updateDelay\) on the Setup page from these figures\.$/,
      );
      expect(await card(page).locator('dt', { hasText: 'Picture to LEDs' }).count()).toBe(1);

      // The figures follow the stream from the pushes the page subscribed to, without a read.
      await expect.poll(() => readInstance0(frames)).toBe(true);
      const before = reads(frames).length;
      const counted = Number(await readout.getAttribute('data-frames'));
      await expect
        .poll(async () => {
          grabber.stream(3);
          return Number(await readout.getAttribute('data-frames'));
        }, LIVE)
        .toBeGreaterThan(counted);
      expect(reads(frames).slice(before)).toEqual([]);
    } finally {
      await grabber.close();
    }
  });

  it('shows the input picture beside the LEDs while a client streams one, and not after', async () => {
    const port = await flatbufPort();
    const { page, frames } = await openOverview();
    const grabber = await connectGrabber(port, 'E2E-Picture', 150);
    const picture = card(page).getByRole('img', {
      name: 'Input picture from E2E-Picture@127.0.0.1',
    });
    try {
      grabber.stream(1);
      await picture.waitFor({ timeout: LIVE.timeout });
      expect(await picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      // Beside the live LED picture, at its size.
      const leds = await card(page).getByRole('img', { name: PICTURE }).boundingBox();
      const input = await picture.boundingBox();
      expect(input && leds && Math.abs(input.height - leds.height) <= 2).toBe(true);
      expect(input && leds && input.x > leds.x).toBe(true);
      expect(frames.requests('ledcolors', 'imagestream-start').length).toBeGreaterThan(0);
    } finally {
      await grabber.close();
    }
    await expect.poll(() => picture.count(), LIVE).toBe(0);
    // The stream is stopped with the picture: the server encodes nothing more for this page.
    await expect.poll(() => imageStreamStops(frames).length, LIVE).toBeGreaterThan(0);
  });

  it("stops the input picture's stream before signing out", async () => {
    const port = await flatbufPort();
    const { page, frames } = await openOverview();
    const grabber = await connectGrabber(port, 'E2E-Leaving', 150);
    try {
      grabber.stream(1);
      await card(page)
        .getByRole('img', { name: 'Input picture from E2E-Leaving@127.0.0.1' })
        .waitFor({ timeout: LIVE.timeout });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      // Stopped while still signed in: a signed-out session's stop would be refused, and the
      // server would go on encoding pictures for it.
      await expect.poll(() => imageStreamStops(frames).length, LIVE).toBeGreaterThan(0);
      const sent = frames.sent.map((f) => f.message);
      const stop = sent.findIndex((m) => m.subcommand === 'imagestream-stop');
      const logout = sent.findIndex((m) => m.command === 'authorize' && m.subcommand === 'logout');
      expect(stop).toBeGreaterThanOrEqual(0);
      expect(stop).toBeLessThan(logout);
    } finally {
      await grabber.close();
    }
  });

  it('pins the lower of two sources, and goes back to automatic selection', async () => {
    const port = await flatbufPort();
    await jsonRpc(suite.glowkit, {
      command: 'color',
      instance: [0],
      color: [0, 0, 255],
      priority: 100,
      origin: 'E2E colour',
    });
    const { page, frames } = await openOverview();
    const grabber = await connectGrabber(port, 'E2E-Pinned', 150);
    const showing = card(page).getByTestId('showing');
    const sources = card(page).getByRole('region', { name: 'Sources' });
    const pinned = sources.locator('li[data-pinned]');
    try {
      grabber.stream(1);
      await expect.poll(() => showing.textContent(), LIVE).toContain('Priority 100');
      await sources.getByRole('button', { name: 'Pin priority 150' }).click();
      // The grabber's picture shows now (its input picture with it), and its entry says pinned.
      await expect.poll(() => showing.textContent(), LIVE).toContain('Priority 150');
      expect(await showing.textContent()).toContain('pinned by hand');
      await expect.poll(() => pinned.getAttribute('data-priority'), LIVE).toBe('150');
      expect(await pinned.textContent()).toContain('Pinned');
      await card(page)
        .getByRole('img', { name: 'Input picture from E2E-Pinned@127.0.0.1' })
        .waitFor();
      await screenshot(page, 'overview-pinned-input-picture');

      await sources.getByRole('button', { name: 'Back to automatic' }).click();
      // The page asked, and the server said yes: what follows is the push's doing.
      const backToAuto = () =>
        frames.requests('sourceselect').filter((f) => f.message.auto === true);
      await expect.poll(() => backToAuto().some((f) => frames.answered(f)), LIVE).toBe(true);
      const reply = frames.received.find(
        (f) =>
          f.message.command === 'sourceselect' && f.message.tan === backToAuto()[0]?.message.tan,
      );
      expect(reply?.message).toMatchObject({ success: true });
      await expect.poll(() => showing.textContent(), LIVE).toContain('Priority 100');
      expect(await showing.textContent()).not.toContain('pinned');
      await expect.poll(() => pinned.count(), LIVE).toBe(0);
      expect(await sources.getByRole('button', { name: 'Back to automatic' }).count()).toBe(0);
    } finally {
      await grabber.close();
      await jsonRpc(suite.glowkit, { command: 'clear', instance: [0], priority: 100 });
    }
  });
});
