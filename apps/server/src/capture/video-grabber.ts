/**
 * The USB video grabber (global group `grabberV4L2`, component `V4L`) as a {@link CaptureKind}:
 * the ffmpeg input of {@link v4l2InputSpec}, the picture controls set with `v4l2-ctl` before each
 * start, and signal detection on the frames it puts out (a capture stick's own "no signal"
 * picture never lights the room).
 */
import { existsSync } from 'node:fs';
import { SignalDetector } from '@glowkit/engine';
import type { GlobalSettings } from '@glowkit/protocol';
import type { CaptureKind } from './capture-sources.js';
import type { FfmpegInput } from './ffmpeg-child.js';
import { probeInput } from './ffmpeg-probe.js';
import type { Prepared } from './grabber.js';
import {
  applyV4l2Controls,
  type ControlsOptions,
  type FfmpegInputSpec,
  type V4l2Settings,
  v4l2InputSpec,
  v4l2Settings,
} from './v4l2-args.js';

/** `serverinfo.grabbers.video.available`: what this server captures video with. */
export const VIDEO_DEVICES: readonly string[] = ['v4l2'];

/** What the video kind of capture needs besides the group. */
export interface VideoKindOptions {
  ffmpeg: string;
  /** Where `v4l2-ctl` is and how long it may take (the `hardware_*` controls). */
  controls?: ControlsOptions;
  /** How long reading the device's own size (width and height 0) may take, ms (default 10 s). */
  probeTimeoutMs?: number;
  /**
   * Devices stood in for: a device path → the ffmpeg input options read in place of `-f v4l2 …
   * -i <path>` (tests, on a machine without /dev/video*). The rest of the chain (crops,
   * decimation, flip, signal detection) is the device's.
   */
  devices?: Readonly<Record<string, readonly string[]>>;
  /** Whether a device file exists (default: the file system's answer). */
  exists?: (path: string) => boolean;
}

/** The grabber's input from the spec (the shape {@link FfmpegInput} the grabber runs). */
export function specInput(spec: FfmpegInputSpec): FfmpegInput {
  return {
    input: spec.args,
    filters: spec.filter ? [spec.filter] : [],
    width: spec.outputWidth,
    height: spec.outputHeight,
  };
}

/** The spec's input options with the device's `-f v4l2 … -i <path>` swapped for a stand-in's. */
function standIn(spec: FfmpegInputSpec, args: readonly string[]): FfmpegInputSpec {
  return { ...spec, args: [...args] };
}

/**
 * What the USB video grabber runs: the spec of the group (refused: state `error`, not tried again
 * until the group changes), the device there (else `retrying`: a stick plugged in later is found
 * by the next try), its size read with ffmpeg when `width`/`height` are 0, the picture controls
 * set (their line becomes the grabber's note).
 */
export async function prepareVideo(
  options: VideoKindOptions,
  group: V4l2Settings,
  detector: SignalDetector,
  signal: AbortSignal,
): Promise<Prepared> {
  const device = group.device.trim();
  const stand = options.devices?.[device];
  // The device's own size is not needed for the input options: a size that no crop empties.
  const first = v4l2InputSpec(group, { width: 1 << 16, height: 1 << 16 });
  if (!first.ok) return { ok: false, state: 'error', line: first.error };
  if (!stand && !(options.exists ?? existsSync)(device)) {
    return {
      ok: false,
      state: 'retrying',
      line: `grabberV4L2.device ${device} does not exist: plug the capture device in, or choose another (inputsource discover lists them)`,
    };
  }
  const args = stand ?? first.spec.args;
  let size: { width: number; height: number } | undefined;
  if (group.width <= 0 || group.height <= 0) {
    const probe = await probeInput(options.ffmpeg, args, options.probeTimeoutMs, signal);
    if (!probe.ok) {
      return { ok: false, state: probe.missing ? 'missing-ffmpeg' : 'retrying', line: probe.line };
    }
    size = probe;
  }
  const spec = v4l2InputSpec(group, size);
  if (!spec.ok) return { ok: false, state: 'error', line: spec.error };
  const controls = stand
    ? { message: undefined }
    : await applyV4l2Controls(group, options.controls);
  return {
    ok: true,
    name: spec.spec.name,
    input: specInput(stand ? standIn(spec.spec, stand) : spec.spec),
    ...(controls.message === undefined ? {} : { note: controls.message }),
    ...(detector.enabled ? { signal: { detector, device } } : {}),
  };
}

/** The USB video grabber as {@link CaptureKind}: group `grabberV4L2`, component `V4L`. */
export function videoKind(options: VideoKindOptions): CaptureKind {
  return {
    kind: 'video',
    component: 'V4L',
    group: 'grabberV4L2',
    available: VIDEO_DEVICES,
    configure(settings: Readonly<GlobalSettings>) {
      const group = v4l2Settings(settings.grabberV4L2);
      // One detector for the grabber's life: a child started again keeps the verdict (a stick
      // that showed no signal before ffmpeg restarted still shows none).
      const detector = new SignalDetector(group);
      return {
        enabled: group.enable,
        key: JSON.stringify(group),
        prepare: (signal) => prepareVideo(options, group, detector, signal),
        problem: () => {
          const spec = v4l2InputSpec(group, { width: 1 << 16, height: 1 << 16 });
          return spec.ok ? undefined : spec.error;
        },
      };
    },
  };
}
