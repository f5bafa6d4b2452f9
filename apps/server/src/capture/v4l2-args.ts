/**
 * The USB video grabber's ffmpeg command line, from the global `grabberV4L2` group: what to put
 * before ffmpeg's output, as an {@link FfmpegInputSpec}. Pure: no process is started here but
 * the `v4l2-ctl` of {@link applyV4l2Controls}.
 *
 * ## `FfmpegInputSpec`, the shape a grabber runs
 *
 * A grabber (screen or USB video) is one ffmpeg child. What differs between kinds is the input
 * and the picture work, which each kind describes as an `FfmpegInputSpec`:
 *
 * ```ts
 * { name: 'V4L2',                          // the owner shown in `serverinfo.priorities`
 *   args: ['-f', 'v4l2', …, '-i', '/dev/video0'],   // input options, ending with the input
 *   filter: 'select=…,crop=…,scale=…',       // the `-vf` chain, '' for none
 *   outputWidth: 240, outputHeight: 135,   // the size of every frame the chain puts out
 *   fps: 25 }                              // frames per second it puts out (0: the device's own)
 * ```
 *
 * The grabber runs `ffmpeg <its general options> ...args -vf filter -fps_mode passthrough
 * -f rawvideo -pix_fmt rgb24 pipe:1` and reads frames of `outputWidth·outputHeight·3` bytes.
 * `-fps_mode passthrough` matters: a raw pipe is constant-rate by default, and ffmpeg would then
 * repeat frames to fill the gaps that fps decimation makes (49 frames out of 50 instead of 10).
 */
import {
  type Filled,
  fillDefaults,
  type GrabberV4L2Settings,
  settingsGroupSchemas,
} from '@glowkit/protocol';
import { firstLine, runTool } from './run-tool.js';
import { V4L2_FORMATS, v4l2Format } from './v4l2-formats.js';

/** What a grabber needs to run one ffmpeg input (see the file's comment). */
export interface FfmpegInputSpec {
  /** The grabber's name, the owner of its priority (`V4L2`, `X11`, …). */
  name: string;
  /** ffmpeg's input options and the input itself (`-i …` last). */
  args: string[];
  /** The `-vf` filter chain; `''` when the picture is taken as it comes. */
  filter: string;
  /** The width of each frame out of the chain. */
  outputWidth: number;
  /** The height of each frame out of the chain. */
  outputHeight: number;
  /** Frames per second out of the chain; 0 when that is the device's own rate, not known here. */
  fps: number;
}

/** The `grabberV4L2` group as the grabber runs it: valid, every default filled in. */
export type V4l2Settings = Filled<GrabberV4L2Settings>;

/** The stored `grabberV4L2` group (each key optional) with every default filled in. */
export function v4l2Settings(stored: GrabberV4L2Settings | undefined): V4l2Settings {
  return fillDefaults(settingsGroupSchemas.grabberV4L2, stored ?? {}) as V4l2Settings;
}

/** A width and a height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The spec, or the one line that says what in the group stands in its way and what to do. */
export type V4l2SpecResult = { ok: true; spec: FfmpegInputSpec } | { ok: false; error: string };

/** Device values that name no device: Hyperion.ng's "none" and "auto". */
const NO_DEVICE = new Set(['', 'none', 'auto']);

/**
 * The size of a side after size decimation, as Hyperion.ng samples it (inputs.md §6.2): the
 * pixels at `⌊d/2⌋ + k·d` of the cropped side, so `⌊(side − ⌊d/2⌋ + d − 1)/d⌋` of them
 * (1920 at d 8 → 240; 1000 at d 3 → 333).
 */
export function decimatedSide(croppedSide: number, decimation: number): number {
  return Math.max(
    0,
    Math.floor((croppedSide - Math.floor(decimation / 2) + decimation - 1) / decimation),
  );
}

/**
 * The ffmpeg input of the USB video grabber, from the `grabberV4L2` group.
 *
 * Input (`-f v4l2`, as ffmpeg's v4l2 device documents its options): `-input_format` from
 * `encoding` (Glowkit's names — `YUYV`, `MJPEG`, `NV12`, … — or ffmpeg's; `NO_CHANGE`: the
 * device's current one), `-video_size` from `width`×`height` (both above 0), `-framerate` from
 * `fps` (above 0), `-standard` from `standard` (`PAL`, `NTSC`, `SECAM`; `NO_CHANGE`: none),
 * `-channel` from `input` when above 0 (input 0 is left as the device has it, normally its first:
 * ffmpeg fails outright where selecting an input is not supported), then `-i device`.
 *
 * Filter chain, in this order:
 * - fps decimation: `select=not(mod(n\,k))` keeps 1 of every `k = fpsSoftwareDecimation + 1`
 *   frames (frame-exact, and unlike the `fps` filter it holds no frame back);
 * - crop: `cropLeft/Right/Top/Bottom` pixels off each side, exactly (also of an MJPEG picture,
 *   where Hyperion.ng rounds left and top down to the JPEG block);
 * - size decimation: point samples at `cropLeft + ⌊d/2⌋ + k·d` (and the same down), as
 *   Hyperion.ng: `scale` with `flags=neighbor` picks exactly those pixels when the side is a
 *   multiple of `d`, so the region scaled is that multiple (padded where it reaches past the
 *   picture; what lies outside the crops is never read);
 * - flip of the small picture, with the usual meaning for every encoding: `HORIZONTAL` mirrors
 *   left–right (`hflip`), `VERTICAL` turns it upside down (`vflip`), `BOTH` does both. Hyperion.ng
 *   swaps the two for raw encodings (YUYV & co. — its `HORIZONTAL` turns the picture upside down)
 *   and not for MJPEG; Glowkit does not copy that.
 *
 * The capture size is `width`×`height`, or `captureSize` (what discovery or a probe of the device
 * found) when those are 0 — without either the output size cannot be known, and that is an error.
 * So are: no device, an encoding Glowkit does not know, crops that leave nothing.
 *
 * The `hardware_*` picture controls are not ffmpeg's to set: see {@link applyV4l2Controls}.
 */
export function v4l2InputSpec(
  settings: Readonly<V4l2Settings>,
  captureSize?: Size,
): V4l2SpecResult {
  const fail = (error: string): V4l2SpecResult => ({ ok: false, error });
  const device = settings.device.trim();
  if (NO_DEVICE.has(device.toLowerCase())) {
    return fail(
      `grabberV4L2.device is ${JSON.stringify(settings.device)}: choose a capture device, e.g. /dev/video0 (inputsource discover lists them)`,
    );
  }
  const args = ['-f', 'v4l2'];
  const encoding = settings.encoding.trim();
  if (encoding !== '' && encoding.toUpperCase() !== 'NO_CHANGE') {
    const format = v4l2Format(encoding);
    if (format === undefined) {
      return fail(
        `grabberV4L2.encoding ${JSON.stringify(encoding)} is not an encoding Glowkit knows (known: NO_CHANGE, ${V4L2_FORMATS.map((f) => f.name).join(', ')})`,
      );
    }
    args.push('-input_format', format.ffmpeg);
  }
  if (settings.width > 0 && settings.height > 0) {
    args.push('-video_size', `${settings.width}x${settings.height}`);
  }
  if (settings.fps > 0) args.push('-framerate', String(settings.fps));
  const standard = settings.standard.trim();
  if (standard !== '' && standard.toUpperCase() !== 'NO_CHANGE') args.push('-standard', standard);
  if (settings.input > 0) args.push('-channel', String(settings.input));
  args.push('-i', device);

  const size =
    settings.width > 0 && settings.height > 0
      ? { width: settings.width, height: settings.height }
      : captureSize;
  if (size === undefined) {
    return fail(
      'grabberV4L2.width and height are 0 (the device’s own size), which is not known yet: set them to a size the device offers (inputsource discover lists them)',
    );
  }
  const { cropLeft, cropRight, cropTop, cropBottom } = settings;
  const croppedWidth = size.width - cropLeft - cropRight;
  const croppedHeight = size.height - cropTop - cropBottom;
  if (croppedWidth <= 0 || croppedHeight <= 0) {
    return fail(
      `grabberV4L2 crops leave nothing of the ${size.width}x${size.height} picture (left ${cropLeft} + right ${cropRight}, top ${cropTop} + bottom ${cropBottom}): make them smaller`,
    );
  }
  const d = settings.sizeDecimation;
  const outputWidth = decimatedSide(croppedWidth, d);
  const outputHeight = decimatedSide(croppedHeight, d);
  if (outputWidth === 0 || outputHeight === 0) {
    return fail(
      `grabberV4L2.sizeDecimation ${d} leaves nothing of the ${croppedWidth}x${croppedHeight} cropped picture: make it smaller`,
    );
  }

  const filters: string[] = [];
  const keep = settings.fpsSoftwareDecimation + 1;
  if (keep > 1) filters.push(`select=not(mod(n\\,${keep}))`);
  // The neighbour scaler reads pixel ⌊d/2⌋ + k·d exactly when the side is n·d: the region
  // scaled is n·d × m·d from the crop's corner. What of it lies past the crop is never read; what
  // lies past the picture is padded first (an even size, for 4:2:x encodings). Padding after the
  // crop instead makes swscale read a wrong last pixel (ffmpeg 5.1).
  const regionWidth = outputWidth * d;
  const regionHeight = outputHeight * d;
  const padded = cropLeft + regionWidth > size.width || cropTop + regionHeight > size.height;
  if (padded) {
    const even = (n: number) => n + (n % 2);
    filters.push(
      `pad=w=${even(Math.max(size.width, cropLeft + regionWidth))}:h=${even(Math.max(size.height, cropTop + regionHeight))}:x=0:y=0`,
    );
  }
  if (padded || regionWidth !== size.width || regionHeight !== size.height) {
    filters.push(`crop=w=${regionWidth}:h=${regionHeight}:x=${cropLeft}:y=${cropTop}:exact=1`);
  }
  if (d > 1) filters.push(`scale=w=${outputWidth}:h=${outputHeight}:flags=neighbor`);
  if (settings.flip === 'HORIZONTAL' || settings.flip === 'BOTH') filters.push('hflip');
  if (settings.flip === 'VERTICAL' || settings.flip === 'BOTH') filters.push('vflip');

  return {
    ok: true,
    spec: {
      name: 'V4L2',
      args,
      filter: filters.join(','),
      outputWidth,
      outputHeight,
      fps: settings.fps > 0 ? settings.fps / keep : 0,
    },
  };
}

/** The picture controls of `grabberV4L2`, by their V4L2 control names. */
const CONTROLS = [
  ['brightness', 'hardware_brightness'],
  ['contrast', 'hardware_contrast'],
  ['saturation', 'hardware_saturation'],
  ['hue', 'hardware_hue'],
] as const;

/**
 * The `v4l2-ctl` arguments that set the device's picture controls from the `hardware_*` keys, or
 * `undefined` when there is nothing to set. A value of 0 leaves that control as the device has
 * it (the schema's meaning): Hyperion.ng writes 0 as a value, which makes the picture black on the
 * many devices whose brightness runs from 0 to 255.
 */
export function v4l2ControlArgs(settings: Readonly<V4l2Settings>): string[] | undefined {
  const set = CONTROLS.filter(([, key]) => settings[key] !== 0).map(
    ([control, key]) => `${control}=${settings[key]}`,
  );
  return set.length === 0
    ? undefined
    : ['--device', settings.device.trim(), `--set-ctrl=${set.join(',')}`];
}

/** How {@link applyV4l2Controls} went: `message` is the status line to show, if any. */
export interface ControlsOutcome {
  /** Whether the controls asked for were set (true too when none were asked for). */
  applied: boolean;
  message: string | undefined;
}

/** Where `v4l2-ctl` is and how long it may take. */
export interface ControlsOptions {
  /** The `v4l2-ctl` command (default: `v4l2-ctl` on the PATH). */
  v4l2Ctl?: string;
  /** How long it may run before it is killed (default 5 s). */
  timeoutMs?: number;
}

/**
 * Sets the device's brightness, contrast, saturation and hue before the grabber's ffmpeg starts.
 * ffmpeg cannot set V4L2 controls, so this runs `v4l2-ctl --set-ctrl` (Debian's `v4l-utils`)
 * when it is installed. When it is not, or the device refuses (a control it does not have, a
 * value out of its range), the picture is captured as the device has it and `message` says so in
 * one line, for the log and the grabber's status; the grabber runs either way.
 */
export function applyV4l2Controls(
  settings: Readonly<V4l2Settings>,
  options: ControlsOptions = {},
): Promise<ControlsOutcome> {
  const args = v4l2ControlArgs(settings);
  if (args === undefined) return Promise.resolve({ applied: true, message: undefined });
  const command = options.v4l2Ctl ?? 'v4l2-ctl';
  const asked = CONTROLS.filter(([, key]) => settings[key] !== 0)
    .map(([, key]) => key)
    .join(', ');
  return runTool(command, args, options.timeoutMs ?? 5000).then((run) => {
    if (run.ok) return { applied: true, message: `picture controls set: ${args[2]?.slice(11)}` };
    const why = run.missing
      ? `${command} is not installed (Debian package v4l-utils)`
      : `${command}: ${firstLine(run.stderr) ?? 'failed'}`;
    return { applied: false, message: `${asked} not applied: ${why}` };
  });
}
