import { execFile } from 'node:child_process';
import { SignalDetector } from '@glowkit/engine';
import { describe, expect, it } from 'vitest';
import {
  applyV4l2Controls,
  decimatedSide,
  type FfmpegInputSpec,
  type V4l2Settings,
  v4l2ControlArgs,
  v4l2InputSpec,
  v4l2Settings,
} from '../src/capture/v4l2-args.js';
import { prepareVideo } from '../src/capture/video-grabber.js';

/** A USB capture stick at 1920×1080, 30 fps, the group's defaults otherwise (sizeDecimation 8). */
const settings = (over: Partial<V4l2Settings> = {}): V4l2Settings => ({
  ...v4l2Settings({ device: '/dev/video0', width: 1920, height: 1080, fps: 30 }),
  ...over,
});

function specOf(over: Partial<V4l2Settings> = {}, size?: { width: number; height: number }) {
  const result = v4l2InputSpec(settings(over), size);
  if (!result.ok) throw new Error(result.error);
  return result.spec;
}

function errorOf(over: Partial<V4l2Settings> = {}, size?: { width: number; height: number }) {
  const result = v4l2InputSpec(settings(over), size);
  return result.ok ? undefined : result.error;
}

describe('the V4L2 input as ffmpeg documents it', () => {
  it('names the device, its encoding, size and rate, and samples every 8th pixel', () => {
    expect(specOf({ encoding: 'MJPEG' })).toEqual({
      name: 'V4L2',
      args: [
        '-f',
        'v4l2',
        '-input_format',
        'mjpeg',
        '-video_size',
        '1920x1080',
        '-framerate',
        '30',
        '-i',
        '/dev/video0',
      ],
      filter: 'scale=w=240:h=135:flags=neighbor',
      outputWidth: 240,
      outputHeight: 135,
      fps: 30,
    } satisfies FfmpegInputSpec);
  });

  it('takes encodings by Glowkit’s, the fourcc’s or ffmpeg’s name, and leaves NO_CHANGE to the device', () => {
    for (const encoding of ['YUYV', 'yuyv', 'yuyv422']) {
      expect(specOf({ encoding }).args.slice(2, 4)).toEqual(['-input_format', 'yuyv422']);
    }
    expect(specOf({ encoding: 'MJPG' }).args).toContain('mjpeg');
    expect(specOf({ encoding: 'I420' }).args).toContain('yuv420p');
    expect(specOf({ encoding: 'NV12' }).args).toContain('nv12');
    expect(specOf({ encoding: 'NO_CHANGE' }).args).not.toContain('-input_format');
    expect(errorOf({ encoding: 'XVID' })).toBe(
      'grabberV4L2.encoding "XVID" is not an encoding Glowkit knows (known: NO_CHANGE, YUYV, UYVY, MJPEG, I420, NV12, NV21, RGB24, BGR24, RGB32, BGR32, BGR16, H264)',
    );
  });

  it('sets the TV standard and the input only when asked', () => {
    const args = specOf({ standard: 'PAL', input: 1 }).args;
    expect(args.slice(-6)).toEqual(['-standard', 'PAL', '-channel', '1', '-i', '/dev/video0']);
    expect(specOf({ standard: 'NO_CHANGE', input: 0 }).args).not.toContain('-standard');
    expect(specOf({ input: 0 }).args).not.toContain('-channel');
  });

  it('leaves size and rate to the device at 0, given the size it captures at', () => {
    const spec = specOf({ width: 0, height: 0, fps: 0 }, { width: 1280, height: 720 });
    expect(spec.args).toEqual(['-f', 'v4l2', '-i', '/dev/video0']);
    expect([spec.outputWidth, spec.outputHeight, spec.fps]).toEqual([160, 90, 0]);
    expect(errorOf({ width: 0, height: 0 })).toBe(
      'grabberV4L2.width and height are 0 (the device’s own size), which is not known yet: set them to a size the device offers (inputsource discover lists them)',
    );
  });

  it('needs a device', () => {
    for (const device of ['none', 'auto', '']) {
      expect(errorOf({ device })).toBe(
        `grabberV4L2.device is ${JSON.stringify(device)}: choose a capture device, e.g. /dev/video0 (inputsource discover lists them)`,
      );
    }
  });

  it('sizes the output as Hyperion.ng: ⌊(side − crops − ⌊d/2⌋ + d − 1)/d⌋', () => {
    expect(decimatedSide(1920, 8)).toBe(240);
    expect(decimatedSide(1080, 8)).toBe(135);
    expect(decimatedSide(1000, 3)).toBe(333);
    expect(decimatedSide(1277, 8)).toBe(160);
    expect(decimatedSide(5, 1)).toBe(5);
    expect(decimatedSide(3, 8)).toBe(0);
    const spec = specOf({
      cropLeft: 10,
      cropRight: 20,
      cropTop: 4,
      cropBottom: 6,
      sizeDecimation: 6,
    });
    expect([spec.outputWidth, spec.outputHeight]).toEqual([315, 178]);
    expect(spec.filter).toBe(
      'crop=w=1890:h=1068:x=10:y=4:exact=1,scale=w=315:h=178:flags=neighbor',
    );
  });

  it('scales a region of n·d pixels, padding the picture where it reaches past, and takes it whole at decimation 1', () => {
    // 1277 wide at d 8: 160 samples, the last at 4 + 159·8 = 1276; the scaler needs 1280.
    expect(specOf({ cropLeft: 1, cropRight: 642 }).filter).toBe(
      'crop=w=1280:h=1080:x=1:y=0:exact=1,scale=w=160:h=135:flags=neighbor',
    );
    expect(
      specOf(
        { width: 0, height: 0, cropLeft: 1, cropRight: 2, cropTop: 3, cropBottom: 2 },
        {
          width: 1280,
          height: 720,
        },
      ).filter,
    ).toBe(
      'pad=w=1282:h=720:x=0:y=0,crop=w=1280:h=712:x=1:y=3:exact=1,scale=w=160:h=89:flags=neighbor',
    );
    const whole = specOf({ sizeDecimation: 1 });
    expect([whole.filter, whole.outputWidth, whole.outputHeight]).toEqual(['', 1920, 1080]);
  });

  it('refuses crops or a decimation that leave nothing', () => {
    expect(errorOf({ cropLeft: 1000, cropRight: 920 })).toBe(
      'grabberV4L2 crops leave nothing of the 1920x1080 picture (left 1000 + right 920, top 0 + bottom 0): make them smaller',
    );
    expect(errorOf({ cropTop: 1077, sizeDecimation: 8 })).toBe(
      'grabberV4L2.sizeDecimation 8 leaves nothing of the 1920x3 cropped picture: make it smaller',
    );
  });

  it('keeps 1 of every n+1 frames, and flips with the usual meaning', () => {
    const spec = specOf({ fpsSoftwareDecimation: 2 });
    expect(spec.filter).toBe('select=not(mod(n\\,3)),scale=w=240:h=135:flags=neighbor');
    expect(spec.fps).toBe(10);
    expect(specOf({ flip: 'HORIZONTAL' }).filter).toMatch(/,hflip$/);
    expect(specOf({ flip: 'VERTICAL' }).filter).toMatch(/,vflip$/);
    expect(specOf({ flip: 'BOTH' }).filter).toMatch(/,hflip,vflip$/);
    expect(specOf({ flip: 'NO_CHANGE' }).filter).not.toMatch(/flip/);
  });
});

describe('the picture controls', () => {
  it('sets only the controls that are not 0, with v4l2-ctl', () => {
    expect(v4l2ControlArgs(settings())).toBeUndefined();
    expect(v4l2ControlArgs(settings({ hardware_brightness: 10, hardware_hue: -5 }))).toEqual([
      '--device',
      '/dev/video0',
      '--set-ctrl=brightness=10,hue=-5',
    ]);
  });

  it('says in one line that they are not applied when v4l2-ctl is missing', async () => {
    expect(await applyV4l2Controls(settings())).toEqual({ applied: true, message: undefined });
    const outcome = await applyV4l2Controls(
      settings({ hardware_brightness: 10, hardware_saturation: 80 }),
      { v4l2Ctl: '/nonexistent/v4l2-ctl' },
    );
    expect(outcome).toEqual({
      applied: false,
      message:
        'hardware_brightness, hardware_saturation not applied: /nonexistent/v4l2-ctl is not installed (Debian package v4l-utils)',
    });
  });
});

describe('getting a device ready', () => {
  const prepare = (over: Partial<V4l2Settings>, options: Parameters<typeof prepareVideo>[0]) => {
    const group = settings(over);
    return prepareVideo(options, group, new SignalDetector(group), new AbortController().signal);
  };

  it('reads the device’s own size when width and height are 0, and sizes the picture from it', async () => {
    // A 1280×720 stick stood in for by a generated video: decimation 8 gives 160×90.
    const device = '/dev/video-size-test';
    const prepared = await prepare(
      { device, width: 0, height: 0, fps: 0 },
      {
        ffmpeg: 'ffmpeg',
        devices: { [device]: ['-f', 'lavfi', '-i', 'color=c=red:s=1280x720:r=25'] },
      },
    );
    expect(prepared).toMatchObject({ ok: true, input: { width: 160, height: 90 } });
  });

  it('captures with the controls not applied, and says so, when v4l2-ctl is missing', async () => {
    const prepared = await prepare(
      { hardware_contrast: 40 },
      { ffmpeg: 'ffmpeg', exists: () => true, controls: { v4l2Ctl: '/nonexistent/v4l2-ctl' } },
    );
    expect(prepared).toMatchObject({
      ok: true,
      input: { input: expect.arrayContaining(['v4l2', '/dev/video0']) },
      note: 'hardware_contrast not applied: /nonexistent/v4l2-ctl is not installed (Debian package v4l-utils)',
    });
  });

  it('waits for a device that is not plugged in, and says where to look', async () => {
    const prepared = await prepare({ device: '/dev/video-not-here' }, { ffmpeg: 'ffmpeg' });
    expect(prepared).toEqual({
      ok: false,
      state: 'retrying',
      line: 'grabberV4L2.device /dev/video-not-here does not exist: plug the capture device in, or choose another (inputsource discover lists them)',
    });
  });
});

/** Runs ffmpeg on a generated video through a spec's chain and answers its raw RGB output. */
function runChain(source: string, spec: FfmpegInputSpec, frames?: number): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source];
  if (spec.filter !== '') args.push('-vf', spec.filter);
  if (frames !== undefined) args.push('-frames:v', String(frames));
  args.push('-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      args,
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg ${args.join(' ')}: ${String(stderr)}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * A 1280×720 video whose every pixel says where it is: red x mod 256, green y mod 256, blue
 * 16·⌊x/256⌋ + ⌊y/256⌋ (planar RGB, so nothing on the way rounds it).
 */
const WHERE =
  "color=black:size=1280x720:rate=25,format=gbrp,geq=r='mod(X,256)':g='mod(Y,256)':b='16*trunc(X/256)+trunc(Y/256)'";

/** The source pixel an output pixel came from. */
function sourceOf(out: Buffer, spec: FfmpegInputSpec, k: number, j: number) {
  const p = (j * spec.outputWidth + k) * 3;
  const [r, g, b] = [out[p] as number, out[p + 1] as number, out[p + 2] as number];
  return { x: Math.trunc(b / 16) * 256 + r, y: (b % 16) * 256 + g };
}

describe('the chain run by ffmpeg on a generated video', () => {
  it('samples exactly the pixels Hyperion.ng samples, after the crops', async () => {
    // 1280 − 1 − 2 = 1277 wide (padded), 720 − 3 − 2 = 715 high (cut to 712).
    const atSize = v4l2InputSpec(
      settings({ width: 0, height: 0, cropLeft: 1, cropRight: 2, cropTop: 3, cropBottom: 2 }),
      { width: 1280, height: 720 },
    );
    if (!atSize.ok) throw new Error(atSize.error);
    const chain = atSize.spec;
    expect([chain.outputWidth, chain.outputHeight]).toEqual([160, 89]);
    const out = await runChain(WHERE, chain, 1);
    expect(out.length).toBe(160 * 89 * 3);
    for (const [k, j] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [80, 44],
      [159, 88],
    ] as const) {
      expect(sourceOf(out, chain, k, j), `output (${k}, ${j})`).toEqual({
        x: 1 + 4 + 8 * k,
        y: 3 + 4 + 8 * j,
      });
    }
  });

  it('flips the small picture: HORIZONTAL mirrors it, VERTICAL turns it upside down', async () => {
    const size = { width: 1280, height: 720 };
    const run = async (flip: V4l2Settings['flip']) => {
      const result = v4l2InputSpec(settings({ width: 0, height: 0, flip }), size);
      if (!result.ok) throw new Error(result.error);
      return { spec: result.spec, out: await runChain(WHERE, result.spec, 1) };
    };
    const h = await run('HORIZONTAL');
    expect(sourceOf(h.out, h.spec, 0, 0)).toEqual({ x: 4 + 8 * 159, y: 4 });
    const v = await run('VERTICAL');
    expect(sourceOf(v.out, v.spec, 0, 0)).toEqual({ x: 4, y: 4 + 8 * 89 });
    const both = await run('BOTH');
    expect(sourceOf(both.out, both.spec, 0, 0)).toEqual({ x: 4 + 8 * 159, y: 4 + 8 * 89 });
  });

  it('turns a YUYV test video into whole frames of the output size, 1 of every n+1', async () => {
    const result = v4l2InputSpec(settings({ width: 0, height: 0, fpsSoftwareDecimation: 4 }), {
      width: 1280,
      height: 720,
    });
    if (!result.ok) throw new Error(result.error);
    const spec = result.spec;
    // 50 frames of a moving test picture, as a YUYV capture stick delivers them.
    const out = await runChain('testsrc2=size=1280x720:rate=25:duration=2,format=yuyv422', spec);
    const frameBytes = spec.outputWidth * spec.outputHeight * 3;
    expect([spec.outputWidth, spec.outputHeight]).toEqual([160, 90]);
    expect(out.length).toBe(10 * frameBytes);
    expect(out.some((byte) => byte > 0)).toBe(true);
  });

  it('decodes a known colour from YUYV to the RGB the LEDs take', async () => {
    const result = v4l2InputSpec(settings({ width: 0, height: 0, cropLeft: 7, cropTop: 3 }), {
      width: 640,
      height: 360,
    });
    if (!result.ok) throw new Error(result.error);
    const out = await runChain(
      'color=c=0xFF8000:size=640x360:rate=25,format=yuyv422',
      result.spec,
      1,
    );
    const middle = ((result.spec.outputHeight >> 1) * result.spec.outputWidth + 20) * 3;
    const [r, g, b] = [...out.subarray(middle, middle + 3)];
    expect(Math.abs((r as number) - 255)).toBeLessThanOrEqual(4);
    expect(Math.abs((g as number) - 128)).toBeLessThanOrEqual(4);
    expect(b as number).toBeLessThanOrEqual(4);
  });
});
