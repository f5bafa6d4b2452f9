// What the capture tools print, read into discovery's values. The samples are written in the
// formats v4l-utils 1.22 and ffmpeg 5.1 print (no capture device exists on the test machine); the
// ffmpeg x11grab probe is real (tests/inputsource.test.ts runs it on an Xvfb display).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverScreens, discoverVideo } from '../src/capture/discovery.js';
import {
  parseFfmpegListFormats,
  parseFfmpegVideoSize,
  parseFramebufferSize,
  parseV4l2CtlControls,
  parseV4l2CtlFormats,
  parseV4l2CtlInputs,
} from '../src/capture/discovery-parsers.js';

/** `v4l2-ctl --device /dev/video0 --list-formats-ext` of a USB HDMI capture stick (MS2109-like). */
const HDMI_STICK_FORMATS = `ioctl: VIDIOC_ENUM_FMT
	Type: Video Capture

	[0]: 'MJPG' (Motion-JPEG, compressed)
		Size: Discrete 1920x1080
			Interval: Discrete 0.033s (30.000 fps)
			Interval: Discrete 0.040s (25.000 fps)
			Interval: Discrete 0.050s (20.000 fps)
		Size: Discrete 1280x720
			Interval: Discrete 0.017s (60.000 fps)
			Interval: Discrete 0.033s (30.000 fps)
	[1]: 'YUYV' (YUYV 4:2:2)
		Size: Discrete 1920x1080
			Interval: Discrete 0.200s (5.000 fps)
		Size: Discrete 640x480
			Interval: Discrete 0.033s (30.000 fps)
			Interval: Discrete 0.033s (29.970 fps)
`;

/** A device that gives its sizes and intervals as ranges (and one format Glowkit has no name for). */
const STEPWISE_FORMATS = `ioctl: VIDIOC_ENUM_FMT
	Type: Video Capture

	[0]: 'YU12' (Planar YUV 4:2:0)
		Size: Stepwise 16x16 - 1920x1080 with step 2/2
			Interval: Continuous 0.033s - 1.000s (1.000-30.000 fps)
	[1]: 'Y10 ' (10-bit Greyscale)
		Size: Discrete 640x480
			Interval: Stepwise 0.017s - 0.100s with step 0.017s (10.000-60.000 fps)
`;

/** `v4l2-ctl --list-inputs` of an analog grabber (two inputs) and of a UVC camera. */
const ANALOG_INPUTS = `ioctl: VIDIOC_ENUMINPUT
	Input       : 0
	Name        : Composite0
	Type        : 0x00000002 (Camera)
	Audioset    : 0x00000000
	Tuner       : 0x00000000
	Standard    : 0x000000000000B0FF ( PAL-B PAL-B1 PAL-G PAL-H PAL-I PAL-D PAL-D1 PAL-K NTSC-M NTSC-M-JP SECAM-K1 )
	Status      : ok
	Capabilities: 0x00000004 (SDTV standards)

	Input       : 1
	Name        : S-Video
	Type        : 0x00000002 (Camera)
	Standard    : 0x000000000000B000 ( NTSC-M NTSC-M-JP NTSC-M-KR )
	Status      : no signal
`;
const UVC_INPUTS = `ioctl: VIDIOC_ENUMINPUT
	Input       : 0
	Name        : Camera 1
	Type        : 0x00000002 (Camera)
	Audioset    : 0x00000000
	Tuner       : 0x00000000
	Standard    : 0x0000000000000000 ( )
	Status      : ok
	Capabilities: 0x00000000 (not defined)
`;

/** `v4l2-ctl --list-ctrls` (v4l-utils 1.22 prints control ids; older ones do not). */
const CONTROLS = `
User Controls

                     brightness 0x00980900 (int)    : min=-64 max=64 step=1 default=0 value=12
                       contrast 0x00980901 (int)    : min=0 max=95 step=1 default=0 value=0
                     saturation 0x00980902 (int)    : min=0 max=100 step=1 default=64 value=64
        white_balance_automatic 0x0098090c (bool)   : default=1 value=1
                          gamma 0x00980910 (int)    : min=100 max=300 step=1 default=100 value=100
                            hue (int)    : min=-2000 max=2000 step=1 default=0 value=-5
`;

/** ffmpeg 5.1's `-f v4l2 -list_formats all -i /dev/video0` (stderr). */
const FFMPEG_FORMATS = `[video4linux2,v4l2 @ 0x5581cbfb6a40] Compressed:       mjpeg :          Motion-JPEG : 1920x1080 1280x720 640x480
[video4linux2,v4l2 @ 0x5581cbfb6a40] Raw       :     yuyv422 :           YUYV 4:2:2 : 1920x1080 640x480
[video4linux2,v4l2 @ 0x5581cbfb6a40] Raw       :     yuv420p :     Planar YUV 4:2:0 : {16-1920, 2}x{16-1080, 2}
[video4linux2,v4l2 @ 0x5581cbfb6a40] Raw       : Unsupported :     10-bit Greyscale : 640x480
/dev/video0: Immediate exit requested
`;

describe('parseV4l2CtlFormats', () => {
  it('lists each encoding under Glowkit’s name with its sizes and frame rates, highest first', () => {
    expect(parseV4l2CtlFormats(HDMI_STICK_FORMATS)).toEqual([
      {
        format: 'MJPEG',
        resolutions: [
          { width: 1920, height: 1080, fps: [30, 25, 20] },
          { width: 1280, height: 720, fps: [60, 30] },
        ],
      },
      {
        format: 'YUYV',
        resolutions: [
          { width: 1920, height: 1080, fps: [5] },
          // 29.97 is 30 as grabberV4L2.fps stores it: listed once.
          { width: 640, height: 480, fps: [30] },
        ],
      },
    ]);
  });

  it('lists a range of sizes at its largest and a range of rates as the usual rates within it', () => {
    expect(parseV4l2CtlFormats(STEPWISE_FORMATS)).toEqual([
      {
        format: 'I420',
        resolutions: [{ width: 1920, height: 1080, fps: [30, 25, 24, 20, 15, 10, 5, 1] }],
      },
      {
        format: 'Y10',
        resolutions: [{ width: 640, height: 480, fps: [60, 50, 30, 25, 24, 20, 15, 10] }],
      },
    ]);
  });

  it('finds nothing in a metadata node’s empty list or in an error', () => {
    expect(parseV4l2CtlFormats('ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n')).toEqual([]);
    expect(parseV4l2CtlFormats('Cannot open device /dev/video9, exiting.\n')).toEqual([]);
  });
});

describe('parseV4l2CtlInputs', () => {
  it('lists the inputs with their TV standards by family, each once', () => {
    expect(parseV4l2CtlInputs(ANALOG_INPUTS)).toEqual([
      { index: 0, name: 'Composite0', standards: ['PAL', 'NTSC', 'SECAM'] },
      { index: 1, name: 'S-Video', standards: ['NTSC'] },
    ]);
    expect(parseV4l2CtlInputs(UVC_INPUTS)).toEqual([{ index: 0, name: 'Camera 1', standards: [] }]);
  });
});

describe('parseV4l2CtlControls', () => {
  it('reads the four picture controls grabberV4L2 sets, with or without control ids', () => {
    expect(parseV4l2CtlControls(CONTROLS)).toEqual({
      properties: {
        brightness: { minValue: -64, maxValue: 64, step: 1, current: 12 },
        contrast: { minValue: 0, maxValue: 95, step: 1, current: 0 },
        saturation: { minValue: 0, maxValue: 100, step: 1, current: 64 },
        hue: { minValue: -2000, maxValue: 2000, step: 1, current: -5 },
      },
      defaults: { brightness: 0, contrast: 0, saturation: 64, hue: 0 },
    });
  });
});

describe('parseFfmpegListFormats', () => {
  it('lists encodings and sizes, without frame rates (ffmpeg prints none)', () => {
    expect(parseFfmpegListFormats(FFMPEG_FORMATS)).toEqual([
      {
        format: 'MJPEG',
        resolutions: [
          { width: 1920, height: 1080, fps: [] },
          { width: 1280, height: 720, fps: [] },
          { width: 640, height: 480, fps: [] },
        ],
      },
      {
        format: 'YUYV',
        resolutions: [
          { width: 1920, height: 1080, fps: [] },
          { width: 640, height: 480, fps: [] },
        ],
      },
      { format: 'I420', resolutions: [{ width: 1920, height: 1080, fps: [] }] },
    ]);
  });

  it('finds nothing when the device does not open', () => {
    expect(
      parseFfmpegListFormats(
        '[video4linux2,v4l2 @ 0x55] Cannot open video device /dev/video9: No such file or directory\n/dev/video9: No such file or directory\n',
      ),
    ).toEqual([]);
  });
});

describe('parseFfmpegVideoSize and parseFramebufferSize', () => {
  it('reads the size of the stream ffmpeg opened', () => {
    const probe = `[x11grab @ 0x55cf8d399840] Stream #0: not enough frames to estimate rate; consider increasing probesize
Input #0, x11grab, from ':157':
  Duration: N/A, start: 1795816788.810584, bitrate: 883852 kb/s
  Stream #0:0: Video: rawvideo (BGR[0] / 0x524742), bgr0, 1280x720, 883852 kb/s, 29.97 fps, 1000k tbr, 1000k tbn
At least one output file must be specified
`;
    expect(parseFfmpegVideoSize(probe)).toEqual({ width: 1280, height: 720 });
    expect(
      parseFfmpegVideoSize(
        '[x11grab @ 0x55] Cannot open display :158, error 1.\n:158: Input/output error\n',
      ),
    ).toBeUndefined();
  });

  it('reads a framebuffer’s virtual size', () => {
    expect(parseFramebufferSize('1920,1080\n')).toEqual({ width: 1920, height: 1080 });
    expect(parseFramebufferSize('0,0\n')).toBeUndefined();
    expect(parseFramebufferSize('')).toBeUndefined();
  });
});

describe('discovery on a machine without X, with a framebuffer', () => {
  it('lists the framebuffers with their sizes, and no video device when /dev has none', async () => {
    const root = mkdtempSync(join(tmpdir(), 'glowkit-discovery-'));
    const dev = join(root, 'dev');
    const sys = join(root, 'sys');
    mkdirSync(dev);
    writeFileSync(join(dev, 'fb0'), '');
    writeFileSync(join(dev, 'fb1'), '');
    for (const [name, size] of [
      ['fb0', '1920,1080\n'],
      ['fb1', '800,480\n'],
    ] as const) {
      mkdirSync(join(sys, 'class', 'graphics', name), { recursive: true });
      writeFileSync(join(sys, 'class', 'graphics', name, 'virtual_size'), size);
    }
    const options = {
      devDir: dev,
      sysDir: sys,
      display: undefined,
      x11SocketDir: join(root, 'no-x11'),
    };
    expect(await discoverScreens(options, 25)).toEqual([
      {
        device: 'framebuffer',
        device_name: 'Framebuffer',
        type: 'screen',
        video_inputs: [
          {
            name: 'FB0',
            inputIdx: 0,
            device: join(dev, 'fb0'),
            formats: [
              {
                resolutions: [
                  { width: 1920, height: 1080, fps: [1, 5, 10, 15, 20, 25, 30, 40, 50, 60] },
                ],
              },
            ],
          },
          {
            name: 'FB1',
            inputIdx: 1,
            device: join(dev, 'fb1'),
            formats: [
              {
                resolutions: [
                  { width: 800, height: 480, fps: [1, 5, 10, 15, 20, 25, 30, 40, 50, 60] },
                ],
              },
            ],
          },
        ],
        default: { video_input: { inputIdx: 0, resolution: { fps: 25 } } },
      },
    ]);
    expect(await discoverVideo(options)).toEqual([]);
  });
});
