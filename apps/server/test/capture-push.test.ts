import { afterEach, describe, expect, it } from 'vitest';
import { startCaptureServer } from './support/capture-server.js';
import { setconfigRequest } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import type { TestServer } from './support/server.js';
import { paint, solid } from './support/x11-paint.js';
import { startXvfb, type XvfbDisplay } from './support/xvfb-display.js';

type Json = Record<string, unknown>;
const WIDTH = 160;
const HEIGHT = 90;

let t: TestServer | undefined;
let x: XvfbDisplay | undefined;
let watcher: LiveSocket | undefined;
afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await t?.close();
  t = undefined;
  await x?.stop();
  x = undefined;
});

interface Pushed {
  inputSources: unknown[];
  grabbers: { screen: Json & { state: string; framesRead: number }; video: Json };
}
const isSourcesPush = (p: Json) => p.command === 'input-sources-update';
const dataOf = (p: Json) => p.data as Pushed;

type Screen = Pushed['grabbers']['screen'];

/** The screen grabber's status in the first of the next pushes where it is `state` (bounded). */
async function screenIn(socket: LiveSocket, state: string): Promise<Screen | undefined> {
  for (let i = 0; i < 100; i++) {
    const screen = dataOf(await socket.next(isSourcesPush)).grabbers.screen;
    if (screen.state === state) return screen;
  }
  return undefined;
}

/** Saves `framegrabber` over the socket. */
async function saveGrabber(socket: LiveSocket, framegrabber: Json): Promise<void> {
  const reply = await socket.call(setconfigRequest({ framegrabber }) as unknown as Json);
  expect(reply).toMatchObject({ success: true });
}

/**
 * A server whose instance takes the screen grabber capturing `display` (with `framegrabber`
 * keys over the defaults), and a WebSocket subscribed to `input-sources-update`.
 */
async function start(display: string, framegrabber: Json = {}): Promise<LiveSocket> {
  ({ t } = await startCaptureServer({
    leds: 8,
    instCapture: { systemEnable: true, systemPriority: 250 },
    framegrabber: {
      enable: true,
      device: 'x11',
      display,
      fps: 10,
      pixelDecimation: 2,
      ...framegrabber,
    },
    server: { inputSourcesPushMs: 100 },
  }));
  const socket = await LiveSocket.open(t.ws, t.token);
  expect(
    await socket.call({ command: 'serverinfo', subscribe: ['input-sources-update'] }),
  ).toMatchObject({ success: true });
  return socket;
}

describe('input-sources-update while a grabber runs', () => {
  it('carries the grabber status with growing frame counts, without a network client', async () => {
    x = await startXvfb(WIDTH, HEIGHT);
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [255, 128, 0]));
    watcher = await start(x.display);

    // Pushes until one shows more frames read than an earlier running one (bounded by count).
    let first: number | undefined;
    let grown: Screen | undefined;
    for (let i = 0; i < 100 && !grown; i++) {
      const data = dataOf(await watcher.next(isSourcesPush));
      expect(data.inputSources).toEqual([]);
      expect(data.grabbers.video).toMatchObject({ kind: 'video', state: 'stopped' });
      const screen = data.grabbers.screen;
      if (screen.state !== 'running') continue;
      if (first === undefined) first = screen.framesRead;
      else if (screen.framesRead > first) grown = screen;
    }
    expect(grown).toMatchObject({
      kind: 'screen',
      state: 'running',
      name: 'X11',
      width: WIDTH / 2,
      height: HEIGHT / 2,
      instances: [0],
    });
    expect(grown?.framesRead).toBeGreaterThan(first ?? 0);

    // Switched off: a push says it stopped.
    await saveGrabber(watcher, { enable: false, device: 'x11', display: x?.display });
    const stopped = await screenIn(watcher, 'stopped');
    expect(stopped).toMatchObject({ kind: 'screen', state: 'stopped' });
  });

  it('says that a grabber failed, and that it stopped when switched off', async () => {
    x = await startXvfb(WIDTH, HEIGHT);
    watcher = await start(x.display);
    const display = { device: 'x11', display: x.display };
    expect(await screenIn(watcher, 'running')).toBeDefined();
    // Crops that leave nothing: the grabber made anew fails, and stays so.
    await saveGrabber(watcher, { enable: true, ...display, cropLeft: 100, cropRight: 60 });
    const failed = await screenIn(watcher, 'error');
    expect(failed?.error).toBe(
      'framegrabber crops leave nothing of the 160×90 screen: cropLeft 100 + cropRight 60 ≥ width 160; lower them',
    );
    // Switched off, the failed grabber says it stopped (it never ran, so no push was going).
    await saveGrabber(watcher, { enable: false, ...display, cropLeft: 100, cropRight: 60 });
    const stopped = await screenIn(watcher, 'stopped');
    expect(stopped).toMatchObject({ kind: 'screen', state: 'stopped', instances: [0] });
  });
});
