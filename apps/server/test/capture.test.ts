// The screen grabber on a real server: Debian's Xvfb as the screen, Debian's ffmpeg capturing it,
// a `file` device as the LEDs. The screen is painted over the X11 protocol (support/x11-paint.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { CaptureKind } from '../src/capture/capture-sources.js';
import { CAPTURE_TIMING, ffmpegChildren, startCaptureServer } from './support/capture-server.js';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { lastFrame, shows } from './support/file-device.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';
import { paint, solid } from './support/x11-paint.js';
import { startXvfb, type XvfbDisplay } from './support/xvfb-display.js';

const LEDS = 8;
const WIDTH = 160;
const HEIGHT = 90;

let t: TestServer | undefined;
let screens: XvfbDisplay[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const screen of screens) await screen.stop();
  screens = [];
});

async function screen(display?: number): Promise<XvfbDisplay> {
  const x = await startXvfb(WIDTH, HEIGHT, display);
  screens.push(x);
  return x;
}

/** Short waits: a failed grabber is tried again after 0.1 s, at most 0.4 s. */

/**
 * One instance whose 8 LEDs run along the top edge (8 % high) to a `file` device, taking the
 * screen grabber at priority 250; `framegrabber` captures `display` at 10 fps, decimated by 2.
 */
async function start(
  display: string,
  options: {
    framegrabber?: Record<string, unknown>;
    instCapture?: Record<string, unknown>;
    server?: Parameters<typeof startServer>[0];
  } = {},
) {
  const started = await startCaptureServer({
    leds: LEDS,
    instCapture: { systemEnable: true, systemPriority: 250, ...options.instCapture },
    framegrabber: {
      enable: true,
      device: 'x11',
      display,
      fps: 10,
      pixelDecimation: 2,
      ...options.framegrabber,
    },
    ...(options.server ? { server: options.server } : {}),
  });
  t = started.t;
  return { output: started.output };
}

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Record<string, unknown>;

interface Info {
  priorities: Record<string, unknown>[];
  components: { name: string; enabled: boolean }[];
  grabbers: {
    screen: { active: string[]; available: string[]; status: Record<string, unknown> };
    video: { active: string[]; available: string[]; status: Record<string, unknown> };
  };
}
const info = async (): Promise<Info> => (await rpc({ command: 'serverinfo' })).info as Info;

const leds = (rgb: readonly number[]) => Array.from({ length: LEDS }, () => rgb.join());

/** A picture with `bar` black rows above and below an orange middle. */
function letterboxed(bar: number): Uint8Array {
  const out = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = bar; y < HEIGHT - bar; y++) {
    for (let x = 0; x < WIDTH; x++) out.set([255, 128, 0], (y * WIDTH + x) * 3);
  }
  return out;
}

/** Red fading into blue from left to right (or from right to left). */
function gradient(leftToRight: boolean): Uint8Array {
  const out = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const f = leftToRight ? x / (WIDTH - 1) : 1 - x / (WIDTH - 1);
      out.set([Math.round(255 * (1 - f)), 0, Math.round(255 * f)], (y * WIDTH + x) * 3);
    }
  }
  return out;
}

/** Whether each LED's red is below the one before it (strictly), and its blue above. */
const fading = (frame: number[][]): boolean =>
  frame.length === LEDS &&
  frame.every(
    (led, i) =>
      i === 0 ||
      ((led[0] as number) < (frame[i - 1]?.[0] as number) &&
        (led[2] as number) > (frame[i - 1]?.[2] as number)),
  );

describe('the screen grabber', () => {
  it('lights the LEDs with the colour the screen shows, and follows it', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [255, 128, 0]));
    const { output } = await start(x.display);
    await shows(output, leds([255, 128, 0]));
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [0, 0, 255]));
    await shows(output, leds([0, 0, 255]));
    const { priorities, grabbers, components } = await info();
    expect(priorities).toEqual([
      {
        active: true,
        componentId: 'GRABBER',
        origin: 'System',
        owner: 'X11',
        priority: 250,
        visible: true,
      },
    ]);
    expect(components).toContainEqual({ enabled: true, name: 'GRABBER' });
    expect(grabbers.screen).toMatchObject({
      active: ['X11'],
      available: ['auto', 'x11', 'xcb', 'framebuffer', 'drm'],
      // (160 − 0) / 2 × (90 − 0) / 2
      status: {
        kind: 'screen',
        state: 'running',
        name: 'X11',
        error: null,
        width: 80,
        height: 45,
        instances: [0],
      },
    });
    expect(grabbers.screen.status.framesShown).toBeGreaterThan(0);
    expect(grabbers.screen.status.framesRead).toBeGreaterThanOrEqual(
      grabbers.screen.status.framesShown as number,
    );
    expect(ffmpegChildren()).toHaveLength(1);
    // The grabber's frames count in the instance's picture-to-LED figures.
    const { latency } = (await rpc({ command: 'serverinfo' })).info as {
      latency: { instance: number; frames: number }[];
    };
    expect(latency.find((l) => l.instance === 0)?.frames).toBeGreaterThan(0);
  });

  it('crops each side before the decimation', async () => {
    const x = await screen();
    // Orange only in the top 20 rows, blue below: cropping the top 20 rows leaves blue LEDs.
    const picture = solid(WIDTH, HEIGHT, [0, 0, 255]);
    picture.fill(0, 0, 0);
    for (let i = 0; i < WIDTH * 20; i++) picture.set([255, 128, 0], i * 3);
    await paint(x.display, WIDTH, HEIGHT, picture);
    const { output } = await start(x.display, {
      framegrabber: { cropTop: 20, cropLeft: 10, cropRight: 30, cropBottom: 10 },
    });
    await shows(output, leds([0, 0, 255]));
    // (160 − 10 − 30) / 2 × (90 − 20 − 10) / 2
    expect((await info()).grabbers.screen.status).toMatchObject({ width: 60, height: 30 });
  });

  it('refuses crops that leave nothing of the screen, in the log and serverinfo', async () => {
    const x = await screen();
    await start(x.display, { framegrabber: { cropLeft: 100, cropRight: 60 } });
    const line =
      'framegrabber crops leave nothing of the 160×90 screen: cropLeft 100 + cropRight 60 ≥ width 160; lower them';
    await until(async () => (await info()).grabbers.screen.status.state === 'error');
    expect((await info()).grabbers.screen.status.error).toBe(line);
    expect(
      t?.logs.filter((l) => String(l.msg).includes(line) && Number(l.level) >= 40),
    ).toHaveLength(1);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('removes the black borders of a letterboxed picture', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, letterboxed(12));
    const { output } = await start(x.display);
    // The top LEDs take the picture's edge, not the bars above it.
    await shows(output, leds([255, 128, 0]));
    // Without the detection the LEDs see the bars.
    await rpc({
      command: 'componentstate',
      componentstate: { component: 'BLACKBORDER', state: false },
    });
    await shows(output, leds([0, 0, 0]));
  });

  it('follows a moving gradient', async () => {
    const x = await screen();
    const { output } = await start(x.display);
    for (const leftToRight of [true, false, true]) {
      await paint(x.display, WIDTH, HEIGHT, gradient(leftToRight));
      await until(() => {
        const frame = lastFrame(output);
        return fading(leftToRight ? frame : [...frame].reverse());
      }).catch(() => expect(lastFrame(output)).toBe(`a gradient ${leftToRight ? '→' : '←'}`));
    }
  });

  it('leaves the priorities when the display goes, and comes back with it', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [0, 255, 0]));
    const { output } = await start(x.display);
    await shows(output, leds([0, 255, 0]));
    await x.stop();
    screens = [];
    // Nothing lies below: the LEDs go black, the entry is gone, serverinfo says why.
    await shows(output, leds([0, 0, 0]));
    expect((await info()).priorities).toEqual([]);
    await until(async () => (await info()).grabbers.screen.status.state === 'retrying');
    const { screen: gone } = (await info()).grabbers;
    expect(gone.active).toEqual([]);
    expect(gone.status.error).toMatch(/^X display :\d+ is gone \(|x11grab: /);
    // The same display again, without a restart of the server.
    const again = await screen(x.number);
    await paint(again.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [255, 0, 255]));
    await shows(output, leds([255, 0, 255]));
    expect((await info()).grabbers.screen.status).toMatchObject({ state: 'running', error: null });
    expect(ffmpegChildren()).toHaveLength(1);
    // Logged once when it stopped, once when it came back.
    expect(
      t?.logs.some((l) => String(l.msg).startsWith('The screen grabber is not capturing: ')),
    ).toBe(true);
    expect(t?.logs.some((l) => l.msg === 'The screen grabber runs again')).toBe(true);
  });

  it('runs only while enabled and taken, and leaves no ffmpeg behind', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [255, 0, 0]));
    const { output } = await start(x.display);
    await shows(output, leds([255, 0, 0]));
    expect(ffmpegChildren()).toHaveLength(1);
    // The instance stops taking it: nothing else takes it, so it stops.
    await rpc({
      command: 'componentstate',
      componentstate: { component: 'GRABBER', state: false },
    });
    await until(() => ffmpegChildren().length === 0);
    await shows(output, leds([0, 0, 0]));
    expect((await info()).grabbers.screen.status).toMatchObject({
      state: 'stopped',
      instances: [],
    });
    await rpc({ command: 'componentstate', componentstate: { component: 'GRABBER', state: true } });
    await shows(output, leds([255, 0, 0]));
    // Switched off globally, at once, without a restart.
    const saved = await rpc(
      setconfigRequest({ framegrabber: { enable: false, device: 'x11', display: x.display } }),
    );
    expect(saved).toMatchObject({ success: true, info: { restarted: 'none' } });
    await until(() => ffmpegChildren().length === 0);
    await shows(output, leds([0, 0, 0]));
    expect((await info()).priorities).toEqual([]);
    // On again; then the server stops: no child is left.
    await rpc(
      setconfigRequest({
        framegrabber: { enable: true, device: 'x11', display: x.display, fps: 10 },
      }),
    );
    await shows(output, leds([255, 0, 0]));
    expect(ffmpegChildren()).toHaveLength(1);
    await t?.close();
    t = undefined;
    expect(ffmpegChildren()).toEqual([]);
  });

  it('keeps the entry, inactive, while no frame comes, and shows what lies below', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [0, 255, 255]));
    const { output } = await start(x.display, {
      instCapture: { screenInactiveTimeout: 1 },
      // The child is paused on purpose: it must not count as stalled meanwhile.
      server: { capture: { timing: { ...CAPTURE_TIMING, stallMs: 120_000 } } },
    });
    await shows(output, leds([0, 255, 255]));
    await rpc({ command: 'color', priority: 251, color: [9, 9, 9], origin: 'below' });
    const [pid] = ffmpegChildren();
    process.kill(pid as number, 'SIGSTOP');
    try {
      await shows(output, leds([9, 9, 9]));
      expect((await info()).priorities.find((p) => p.componentId === 'GRABBER')).toMatchObject({
        active: false,
        componentId: 'GRABBER',
        priority: 250,
        visible: false,
      });
    } finally {
      process.kill(pid as number, 'SIGCONT');
    }
    await shows(output, leds([0, 255, 255]));
  });

  it('says once that ffmpeg is missing, and the server answers on', async () => {
    const x = await screen();
    await start(x.display, { server: { ffmpeg: '/nonexistent/ffmpeg' } });
    await until(async () => (await info()).grabbers.screen.status.state === 'missing-ffmpeg');
    const line =
      'ffmpeg cannot be run ("/nonexistent/ffmpeg": not found): install it (Debian: apt install ffmpeg) or give its path with --ffmpeg';
    expect((await info()).grabbers.screen.status.error).toBe(line);
    // Tried again meanwhile (0.1 s, 0.2 s, …), each time at debug level: one line in the log.
    await until(() => (t?.logs.filter((l) => String(l.msg).includes(line)).length ?? 0) >= 3);
    const errors =
      t?.logs.filter((l) => String(l.msg).includes(line) && Number(l.level) >= 40) ?? [];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50 });
    expect(await rpc({ command: 'color', priority: 50, color: [1, 2, 3] })).toMatchObject({
      success: true,
    });
    // Enabling it says so too.
    const saved = await rpc(
      setconfigRequest({
        framegrabber: { enable: true, device: 'x11', display: x.display, fps: 5 },
      }),
    );
    expect(saved).toMatchObject({
      success: true,
      errorData: [{ description: `framegrabber: ${line}` }],
    });
  });
});

describe('capture by default', () => {
  it('captures nothing in the embedded default configuration', async () => {
    t = await startServer();
    const { grabbers } = await info();
    expect(grabbers.screen.status).toMatchObject({ state: 'stopped', error: null, instances: [] });
    expect(grabbers.screen.active).toEqual([]);
    expect(ffmpegChildren()).toEqual([]);
  });
});

/**
 * The USB video grabber through the same machinery, its ffmpeg reading a generated picture
 * (lavfi) in place of /dev/videoN, which does not exist here.
 */
const generated = (color: string): CaptureKind => ({
  kind: 'video',
  component: 'V4L',
  group: 'grabberV4L2',
  available: ['v4l2'],
  configure: (settings) => ({
    enabled: settings.grabberV4L2?.enable === true,
    key: JSON.stringify(settings.grabberV4L2),
    prepare: async () => ({
      ok: true,
      name: 'V4L2',
      input: {
        // RGB straight from the source: the same colour, not one through YUV.
        input: ['-re', '-f', 'lavfi', '-i', `color=c=${color}:s=64x36:r=10,format=rgb24`],
        width: 16,
        height: 9,
      },
    }),
  }),
});

describe('the USB video grabber machinery', () => {
  it('shows at the instance’s V4L priority, above the screen', async () => {
    const x = await screen();
    await paint(x.display, WIDTH, HEIGHT, solid(WIDTH, HEIGHT, [255, 0, 0]));
    const { output } = await start(x.display, {
      instCapture: { v4lEnable: true, v4lPriority: 240 },
      server: { capture: { timing: CAPTURE_TIMING, video: () => generated('0x00ff00') } },
    });
    await shows(output, leds([255, 0, 0]));
    const saved = await rpc(setconfigRequest({ grabberV4L2: { enable: true, device: 'none' } }));
    expect(saved).toMatchObject({ success: true });
    await shows(output, leds([0, 255, 0]));
    const { priorities, grabbers } = await info();
    expect(priorities.map((p) => [p.priority, p.componentId, p.owner, p.visible])).toEqual([
      [240, 'V4L', 'V4L2', true],
      [250, 'GRABBER', 'X11', false],
    ]);
    expect(grabbers.video).toMatchObject({
      active: ['V4L2'],
      status: { state: 'running', width: 16, height: 9 },
    });
    expect(ffmpegChildren()).toHaveLength(2);
    await rpc({ command: 'componentstate', componentstate: { component: 'V4L', state: false } });
    await shows(output, leds([255, 0, 0]));
    await until(() => ffmpegChildren().length === 1);
  });
});
