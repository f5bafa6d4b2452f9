// The parts of the capture on the box, each alone: the frame reader, the ffmpeg child (a real
// ffmpeg reading a generated picture, `lavfi`), the grabber's restarts, and the screen command
// lines built for devices this machine does not have (tested as strings against ffmpeg's
// documentation of fbdev and kmsgrab).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { childProcesses as children } from '../../../scripts/child-processes.mjs';
import {
  FfmpegChild,
  type FfmpegExit,
  ffmpegArgs,
  ffmpegMissing,
} from '../src/capture/ffmpeg-child.js';
import { FrameReader } from '../src/capture/frame-reader.js';
import { Grabber } from '../src/capture/grabber.js';
import {
  framegrabberOf,
  probeArgs,
  screenInput,
  screenSource,
  x11Socket,
} from '../src/capture/screen-grabber.js';
import { createLogger } from '../src/logger.js';
import { until } from './support/until.js';

/** This process's children: here, only the ffmpeg these tests start. */
const ffmpegChildren = children;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  expect(ffmpegChildren()).toEqual([]);
});

/** A generated picture of one colour, read at its own rate (`-re`), as RGB. */
const lavfi = (color: string, extra: string[] = []) => ({
  input: ['-re', '-f', 'lavfi', '-i', `color=c=${color}:s=32x18:r=20,format=rgb24`, ...extra],
  width: 8,
  height: 6,
});

describe('FrameReader', () => {
  it('assembles whole frames across chunks, and keeps only the newest', () => {
    const reader = new FrameReader(4);
    expect(reader.push(Uint8Array.from([1, 2, 3]))).toBe(0);
    expect(reader.take()).toBeUndefined();
    // Completes the first frame and a whole second one (which replaces it), starts a third…
    expect(reader.push(Uint8Array.from([4, 5, 6, 7, 8, 9]))).toBe(2);
    // …which this completes (replacing the second), and starts a fourth.
    expect(reader.push(Uint8Array.from([10, 11, 12, 13, 14]))).toBe(1);
    expect([...(reader.take() ?? [])]).toEqual([9, 10, 11, 12]);
    expect(reader.take()).toBeUndefined();
    expect(reader.counts).toEqual({ read: 3, dropped: 2 });
    expect(reader.partial).toBe(2);
  });

  it('never changes a frame once taken', () => {
    const reader = new FrameReader(2);
    reader.push(Uint8Array.from([1, 1]));
    const first = reader.take();
    reader.push(Uint8Array.from([2, 2, 3, 3]));
    expect([...(first ?? [])]).toEqual([1, 1]);
    expect([...(reader.take() ?? [])]).toEqual([3, 3]);
  });
});

describe('the ffmpeg command line', () => {
  it('asks for raw RGB frames of the small size on stdout, at low latency', () => {
    expect(ffmpegArgs({ input: ['-f', 'x11grab', '-i', ':1'], width: 240, height: 135 })).toEqual([
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-loglevel',
      'warning',
      '-fflags',
      'nobuffer',
      '-flags',
      'low_delay',
      '-probesize',
      '32',
      '-analyzeduration',
      '0',
      '-f',
      'x11grab',
      '-i',
      ':1',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      'scale=240:135:flags=neighbor,format=rgb24',
      '-fps_mode',
      'passthrough',
      '-threads',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-flush_packets',
      '1',
      'pipe:1',
    ]);
  });

  it('captures X11, the framebuffer and DRM/KMS with crops and decimation', () => {
    const group = framegrabberOf({
      framegrabber: {
        enable: true,
        device: 'auto',
        input: 1,
        fps: 25,
        pixelDecimation: 8,
        cropLeft: 40,
        cropRight: 40,
        cropTop: 20,
        cropBottom: 60,
      },
    });
    const screen = { width: 1920, height: 1080 };
    // auto: X when a display is known.
    const x11 = screenSource(group, { display: ':0' });
    expect(x11).toEqual({ ok: true, source: { device: 'x11grab', name: 'X11', target: ':0' } });
    if (!x11.ok) return;
    // (1920 − 80) / 8 × (1080 − 80) / 8; X copies the cropped area only.
    expect(screenInput(x11.source, group, screen)).toEqual({
      ok: true,
      input: {
        input: [
          '-f',
          'x11grab',
          '-draw_mouse',
          '0',
          '-framerate',
          '25',
          '-video_size',
          '1840x1000',
          '-grab_x',
          '40',
          '-grab_y',
          '20',
          '-i',
          ':0',
        ],
        width: 230,
        height: 125,
      },
    });
    // auto without a display: the framebuffer /dev/fb<input>, when it exists.
    const fb = screenSource(group, { exists: (path) => path === '/dev/fb1' });
    expect(fb).toEqual({ ok: true, source: { device: 'fbdev', name: 'FB', target: '/dev/fb1' } });
    if (!fb.ok) return;
    expect(screenInput(fb.source, group, screen)).toEqual({
      ok: true,
      input: {
        input: ['-f', 'fbdev', '-framerate', '25', '-i', '/dev/fb1'],
        filters: ['crop=1840:1000:40:20'],
        width: 230,
        height: 125,
      },
    });
    // drm: kmsgrab on /dev/dri/card<input>, downloaded from the GPU, then cropped (ffmpeg's
    // documented `-device … -f kmsgrab -i - -vf 'hwdownload,format=bgr0'`).
    const drm = screenSource({ ...group, device: 'drm' });
    expect(drm).toEqual({
      ok: true,
      source: { device: 'kmsgrab', name: 'DRM', target: '/dev/dri/card1' },
    });
    if (!drm.ok) return;
    const kms = screenInput(drm.source, group, screen);
    expect(kms).toEqual({
      ok: true,
      input: {
        input: ['-device', '/dev/dri/card1', '-f', 'kmsgrab', '-framerate', '25', '-i', '-'],
        filters: ['hwdownload', 'format=bgr0', 'crop=1840:1000:40:20'],
        width: 230,
        height: 125,
      },
    });
    if (kms.ok) {
      expect(ffmpegArgs(kms.input)).toContain(
        'hwdownload,format=bgr0,crop=1840:1000:40:20,scale=230:125:flags=neighbor,format=rgb24',
      );
    }
    // The probe opens the whole screen.
    expect(probeArgs(x11.source, 25)).toEqual([
      '-f',
      'x11grab',
      '-draw_mouse',
      '0',
      '-framerate',
      '25',
      '-i',
      ':0',
    ]);
  });

  it('says what to choose when the settings cannot capture here', () => {
    const group = framegrabberOf({ framegrabber: { device: 'dispmanx' } });
    expect(screenSource(group, { display: ':0' })).toEqual({
      ok: false,
      line: 'framegrabber.device "dispmanx" cannot capture here: choose auto, x11, framebuffer or drm',
    });
    expect(screenSource({ ...group, device: 'auto' }, { exists: () => false })).toEqual({
      ok: false,
      line: 'framegrabber: no screen to capture: no X display (set framegrabber.display, e.g. ":0", or the server\'s DISPLAY) and no /dev/fb0',
    });
    expect(screenSource({ ...group, device: 'x11' }, {})).toMatchObject({ ok: false });
    const x11 = { device: 'x11grab', name: 'X11', target: ':0' } as const;
    expect(
      screenInput(x11, { ...group, cropTop: 50, cropBottom: 40 }, { width: 160, height: 90 }),
    ).toEqual({
      ok: false,
      line: 'framegrabber crops leave nothing of the 160×90 screen: cropTop 50 + cropBottom 40 ≥ height 90; lower them',
    });
    // The group's display wins over the server's DISPLAY.
    expect(
      screenSource({ ...group, device: 'x11', display: ':7' }, { display: ':0' }),
    ).toMatchObject({
      source: { target: ':7' },
    });
  });

  it('finds a local display’s socket', () => {
    expect(x11Socket(':1')).toBe('/tmp/.X11-unix/X1');
    expect(x11Socket(':12.0')).toBe('/tmp/.X11-unix/X12');
    expect(x11Socket('unix:3')).toBe('/tmp/.X11-unix/X3');
    expect(x11Socket('tv.local:0')).toBeUndefined();
  });

  it('tells whether ffmpeg can be run without running it', () => {
    expect(ffmpegMissing('ffmpeg')).toBeUndefined();
    expect(ffmpegMissing('ffmpeg', '/nonexistent')).toBe(
      'ffmpeg cannot be run ("ffmpeg": not found): install it (Debian: apt install ffmpeg) or give its path with --ffmpeg',
    );
    const notAProgram = join(mkdtempSync(join(tmpdir(), 'glowkit-ffmpeg-')), 'ffmpeg');
    writeFileSync(notAProgram, 'text', { mode: 0o644 });
    expect(ffmpegMissing(notAProgram)).toBe(
      `ffmpeg cannot be run ("${notAProgram}": EACCES): install it (Debian: apt install ffmpeg) or give its path with --ffmpeg`,
    );
    rmSync(dirname(notAProgram), { recursive: true, force: true });
  });
});

describe('FfmpegChild', () => {
  it('hands on whole frames of a real ffmpeg, and leaves nothing when stopped', async () => {
    const frames: Uint8Array[] = [];
    const input = lavfi('0x102030');
    const child = new FfmpegChild({
      ffmpeg: 'ffmpeg',
      args: ffmpegArgs(input),
      frameBytes: 8 * 6 * 3,
      onFrame: (frame) => frames.push(frame),
      onExit: () => {},
    });
    stops.push(() => child.stop());
    await until(() => frames.length >= 3);
    expect(frames.every((f) => f.length === 8 * 6 * 3)).toBe(true);
    expect([...(frames[2]?.subarray(0, 6) ?? [])]).toEqual([16, 32, 48, 16, 32, 48]);
    expect(ffmpegChildren()).toEqual([child.pid]);
    await child.stop();
    expect(ffmpegChildren()).toEqual([]);
  });

  it('says why it ended, in ffmpeg’s words', async () => {
    const exits: FfmpegExit[] = [];
    const child = new FfmpegChild({
      ffmpeg: 'ffmpeg',
      args: ffmpegArgs({ input: ['-f', 'x11grab', '-i', ':9999'], width: 4, height: 4 }),
      frameBytes: 48,
      onFrame: () => {},
      onExit: (exit) => exits.push(exit),
    });
    stops.push(() => child.stop());
    await until(() => exits.length === 1);
    expect(exits[0]).toMatchObject({
      missing: false,
      line: 'x11grab: Cannot open display :9999, error 1.',
    });
  });

  it('says when ffmpeg cannot be run', async () => {
    const exits: FfmpegExit[] = [];
    const child = new FfmpegChild({
      ffmpeg: '/nonexistent/ffmpeg',
      args: [],
      frameBytes: 3,
      onFrame: () => {},
      onExit: (exit) => exits.push(exit),
    });
    await until(() => exits.length === 1);
    expect(exits[0]).toMatchObject({
      missing: true,
      line: 'ffmpeg cannot be run ("/nonexistent/ffmpeg": not found): install it (Debian: apt install ffmpeg) or give its path with --ffmpeg',
    });
    await child.stop();
  });
});

describe('Grabber', () => {
  const logger = createLogger({ level: 'silent' });

  it('starts ffmpeg again after it ends, and comes back by itself', async () => {
    const shown: number[] = [];
    let stopped = 0;
    let starts = 0;
    const grabber = new Grabber({
      kind: 'video',
      ffmpeg: 'ffmpeg',
      logger,
      timing: { retryMinMs: 50, retryMaxMs: 200 },
      // Each run ends after 0.3 s of frames.
      prepare: async () => {
        starts += 1;
        return { ok: true, name: 'V4L2', input: lavfi('0x0000ff', ['-t', '0.3']) };
      },
      onFrame: (image) => shown.push(image.data[2] as number),
      onStopped: () => {
        stopped += 1;
      },
    });
    stops.push(() => grabber.stop());
    grabber.start();
    await until(() => starts >= 3 && grabber.state === 'running');
    expect(stopped).toBeGreaterThanOrEqual(2);
    expect(shown.every((blue) => blue === 255)).toBe(true);
    const status = grabber.status([0]);
    expect(status).toMatchObject({
      kind: 'video',
      name: 'V4L2',
      width: 8,
      height: 6,
      instances: [0],
    });
    expect(status.framesRead).toBeGreaterThanOrEqual(status.framesShown);
    await grabber.stop();
    expect(grabber.state).toBe('stopped');
    expect(ffmpegChildren()).toEqual([]);
  });

  it('shows a start’s note in its status, and logs it once', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    let starts = 0;
    const grabber = new Grabber({
      kind: 'video',
      ffmpeg: 'ffmpeg',
      logger: createLogger({ level: 'warn', destination, pretty: false }),
      timing: { retryMinMs: 50, retryMaxMs: 200 },
      prepare: async () => {
        starts += 1;
        return {
          ok: true,
          name: 'V4L2',
          input: lavfi('0x0000ff', ['-t', '0.3']),
          note: 'hardware_hue not applied: v4l2-ctl is not installed (Debian package v4l-utils)',
        };
      },
      onFrame: () => {},
      onStopped: () => {},
    });
    stops.push(() => grabber.stop());
    grabber.start();
    await until(() => grabber.status([]).framesRead > 0);
    expect(grabber.status([])).toMatchObject({
      note: 'hardware_hue not applied: v4l2-ctl is not installed (Debian package v4l-utils)',
    });
    // Started again after each 0.3 s run: the same note is not logged again.
    await until(() => starts >= 3);
    expect(lines.filter((line) => line.includes('hardware_hue not applied'))).toHaveLength(1);
  });

  it('does not try settings that cannot capture again until they change', async () => {
    let starts = 0;
    const grabber = new Grabber({
      kind: 'screen',
      ffmpeg: 'ffmpeg',
      logger,
      timing: { retryMinMs: 10, retryMaxMs: 20 },
      prepare: async () => {
        starts += 1;
        return { ok: false, state: 'error', line: 'framegrabber.device "osx" cannot capture here' };
      },
      onFrame: () => {},
      onStopped: () => {},
    });
    stops.push(() => grabber.stop());
    grabber.start();
    await until(() => grabber.state === 'error');
    // Ten times the longest wait: had it been retried, it would have been by now.
    await new Promise((r) => setTimeout(r, 200));
    expect(starts).toBe(1);
    expect(grabber.status([])).toMatchObject({
      error: 'framegrabber.device "osx" cannot capture here',
    });
  });

  it('ends a probe under way when stopped', async () => {
    const grabber = new Grabber({
      kind: 'screen',
      ffmpeg: 'ffmpeg',
      logger,
      // A probe that never ends by itself: ffmpeg reads stdin-less lavfi for ever.
      prepare: (signal) =>
        new Promise((resolve) => {
          const child = new FfmpegChild({
            ffmpeg: 'ffmpeg',
            args: ffmpegArgs(lavfi('0xffffff')),
            frameBytes: 144,
            onFrame: () => {},
            onExit: () => {},
          });
          signal.addEventListener('abort', () => {
            void child
              .stop()
              .then(() => resolve({ ok: false, state: 'retrying', line: 'stopped' }));
          });
        }),
      onFrame: () => {},
      onStopped: () => {},
    });
    grabber.start();
    await until(() => ffmpegChildren().length === 1);
    await grabber.stop();
    expect(ffmpegChildren()).toEqual([]);
  });
});
