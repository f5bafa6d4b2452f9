// The USB video grabber (`grabberV4L2`) on a real server, through the chain the server runs for
// /dev/videoN (v4l2InputSpec's crops and decimation, signal detection), with the device stood in
// for by Debian's ffmpeg reading generated video (lavfi) or raw frames the test writes to a FIFO.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, createWriteStream, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTURE_TIMING, ffmpegChildren, startCaptureServer } from './support/capture-server.js';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { lastFrameText, shows } from './support/file-device.js';
import type { TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 8;
/** The stand-in device's picture, decimated by 4 to 16×9. */
const WIDTH = 64;
const HEIGHT = 36;
const DEVICE = '/dev/video-glowkit-test';

let t: TestServer | undefined;
let dir: string | undefined;
let fifo: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  // A writer still waiting for its reader is let go (its open would block a thread for good).
  if (fifo) closeSync(openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK));
  fifo = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Short waits; no stall restart while the test holds the FIFO's frames back. */
const timing = { ...CAPTURE_TIMING, stallMs: 60_000 };

/** One instance, 8 LEDs to a `file` device, taking the video grabber at 240 (inactive after 1 s). */
async function start(grabberV4L2: Record<string, unknown>, input: readonly string[]) {
  const started = await startCaptureServer({
    leds: LEDS,
    instCapture: { v4lEnable: true, v4lPriority: 240, videoInactiveTimeout: 1 },
    grabberV4L2: {
      enable: true,
      device: DEVICE,
      width: WIDTH,
      height: HEIGHT,
      fps: 10,
      sizeDecimation: 4,
      ...grabberV4L2,
    },
    server: { capture: { timing, videoDevices: { [DEVICE]: input } } },
  });
  t = started.t;
  return { output: started.output };
}

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Record<string, unknown>;

interface Info {
  priorities: Record<string, unknown>[];
  grabbers: { video: { active: string[]; available: string[]; status: Record<string, unknown> } };
}
const info = async (): Promise<Info> => (await rpc({ command: 'serverinfo' })).info as Info;
const status = async () => (await info()).grabbers.video.status;
/** The grabber's entry in the instance's muxer. */
const entry = async () => (await info()).priorities.find((p) => p.priority === 240);

const leds = (rgb: readonly number[]) => Array.from({ length: LEDS }, () => rgb.join());

const logged = (text: string): boolean =>
  (t?.logs ?? []).some((line) => String(line.msg).includes(text));

/** A FIFO the stand-in device reads raw RGB frames from, and a writer of whole frames. */
async function frameFifo() {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-v4l-'));
  const path = join(dir, 'frames.rgb');
  execFileSync('mkfifo', [path]);
  fifo = path;
  const writer = createWriteStream(path);
  writer.on('error', () => {});
  const frame = (rgb: readonly number[]) => {
    const data = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let p = 0; p < data.length; p += 3) data.set(rgb, p);
    return data;
  };
  return {
    input: [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-video_size',
      `${WIDTH}x${HEIGHT}`,
      '-framerate',
      '10',
      '-i',
      path,
    ],
    /** Writes frames of `rgb` one at a time until `done` holds (at most `max` of them). */
    async until(rgb: readonly number[], done: () => boolean | Promise<boolean>, max = 300) {
      for (let i = 0; i < max; i++) {
        if (await done()) return;
        writer.write(frame(rgb));
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(await done()).toBe(true);
    },
  };
}

describe('the USB video grabber (grabberV4L2)', () => {
  it('captures the device through its crops and decimation, and stops with V4L', async () => {
    const { output } = await start({ signalDetection: true }, [
      '-re',
      '-f',
      'lavfi',
      '-i',
      `color=c=0xff8000:s=${WIDTH}x${HEIGHT}:r=10,format=rgb24`,
    ]);
    await shows(output, leds([255, 128, 0]));
    const { priorities, grabbers } = await info();
    expect(priorities[0]).toMatchObject({ priority: 240, componentId: 'V4L', owner: 'V4L2' });
    expect(grabbers.video).toMatchObject({
      active: ['V4L2'],
      available: ['v4l2'],
      status: { state: 'running', name: 'V4L2', width: 16, height: 9, signal: 'signal' },
    });
    expect(ffmpegChildren()).toHaveLength(1);
    await rpc({ command: 'componentstate', componentstate: { component: 'V4L', state: false } });
    await until(() => ffmpegChildren().length === 0);
    expect((await status()).state).toBe('stopped');
  });

  it('withholds the “no signal” picture and lights the LEDs again when a picture comes', async () => {
    const frames = await frameFifo();
    const { output } = await start(
      { signalDetection: true, noSignalCounterThreshold: 3 },
      frames.input,
    );
    // Below the grabber: a blue colour, what the LEDs show once its entry is inactive.
    await rpc({ command: 'color', priority: 250, color: [0, 0, 255], origin: 'below' });
    await frames.until([0, 255, 0], () => logged(`Signal lost on ${DEVICE}`));
    await shows(output, leds([0, 0, 255]));
    const lost = await status();
    expect(lost).toMatchObject({ state: 'running', signal: 'no-signal' });
    expect(await entry()).toMatchObject({ componentId: 'V4L', active: false });
    // More "no signal" frames are read and not shown: the LEDs stay blue.
    await frames.until(
      [0, 255, 0],
      async () => ((await status()).framesRead as number) >= (lost.framesRead as number) + 5,
    );
    expect((await status()).framesShown).toBe(lost.framesShown);
    expect(lastFrameText(output)).toEqual(leds([0, 0, 255]));
    expect(t?.logs.filter((l) => String(l.msg).startsWith('Signal lost'))).toHaveLength(1);

    await frames.until(
      [255, 0, 0],
      () => lastFrameText(output).join() === leds([255, 0, 0]).join(),
    );
    expect(logged(`Signal detected on ${DEVICE}`)).toBe(true);
    expect(await status()).toMatchObject({ state: 'running', signal: 'signal' });
    expect(await entry()).toMatchObject({ componentId: 'V4L', active: true });
  });

  it('says what is wrong with the device, and the server keeps answering', async () => {
    await start({ device: 'none' }, []);
    const refused = await until(async () => {
      const s = await status();
      return s.state === 'error' && s;
    });
    expect(refused.error).toContain('grabberV4L2.device is "none": choose a capture device');
    expect(ffmpegChildren()).toEqual([]);
    const saved = await rpc(
      setconfigRequest({ grabberV4L2: { enable: true, device: '/dev/video-glowkit-none' } }),
    );
    expect(saved).toMatchObject({ success: true });
    const missing = await until(async () => {
      const s = await status();
      return s.state === 'retrying' && s;
    });
    expect(missing.error).toBe(
      'grabberV4L2.device /dev/video-glowkit-none does not exist: plug the capture device in, or choose another (inputsource discover lists them)',
    );
    expect(await rpc({ command: 'sysinfo' })).toMatchObject({ success: true });
  });
});
