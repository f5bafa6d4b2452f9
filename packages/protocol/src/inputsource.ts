import { type Check, checkObject, type Field, oneOf, string, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/**
 * A valid `inputsource` request (inputs.md §6.5): `discover` lists the capture sources of one
 * type on the server's machine — `screen` (X displays, framebuffers), `video` (V4L2 devices) or
 * `audio` (none: Glowkit has no audio grabber). `getProperties` answers the same for the one
 * device named in `params.device` (Hyperion.ng accepts it and never answers).
 */
export interface InputSourceRequest {
  command: 'inputsource';
  subcommand: SubcommandOf<'inputsource'>;
  tan?: number;
  /**
   * `screen`, `video` or `audio`, spaces around it aside; any other string is answered with
   * Hyperion.ng's error `Unknown input source type: <x>`.
   */
  sourceType: string;
  /** `device`: the one source `getProperties` answers for (`x11`, `framebuffer`, `/dev/video0`). */
  params?: { device?: string; [key: string]: unknown };
}

/** The source types `inputsource` knows. */
export const INPUT_SOURCE_TYPES = ['screen', 'video', 'audio'] as const;

/** A picture size a source offers, with the frame rates it offers at that size. */
export interface DiscoveredResolution {
  width: number;
  height: number;
  /** Frames per second; `[]` when not known (a V4L2 device listed without `v4l2-ctl`). */
  fps: number[];
}

/** An encoding of a V4L2 input (a screen's one format has no name), with its sizes. */
export interface DiscoveredFormat {
  /** Glowkit's name, as `grabberV4L2.encoding` takes it: `YUYV`, `MJPEG`, `NV12`, … */
  format?: string;
  resolutions: DiscoveredResolution[];
}

/** One input of a source: an X display, a framebuffer, a V4L2 device's input. */
export interface DiscoveredVideoInput {
  /** What to show: `:0`, `FB0`, `Camera 1`, `Composite0`. */
  name: string;
  /** The index to store: `grabberV4L2.input`, `framegrabber.input` (the framebuffer number). */
  inputIdx: number;
  /** Glowkit's: the X display (`:0`) or device path (`/dev/fb0`) the input captures. */
  device?: string;
  /** The analog TV standards of a V4L2 input: `PAL`, `NTSC`, `SECAM`. */
  standards?: string[];
  formats: DiscoveredFormat[];
}

/** A V4L2 picture control (brightness, contrast, saturation, hue): its range and its value now. */
export interface DiscoveredControl {
  minValue: number;
  maxValue: number;
  step: number;
  current: number;
}

/** One capture source, in Hyperion.ng's shape (screens are listed under `video_sources` too). */
export interface DiscoveredVideoSource {
  /** `x11`, `framebuffer`, or the V4L2 device's path (`/dev/video0`). */
  device: string;
  /** `X11`, `Framebuffer`, or the V4L2 card's name. */
  device_name: string;
  type: 'screen' | 'v4l2';
  video_inputs: DiscoveredVideoInput[];
  /** A V4L2 device's picture controls, by name (`{}` when not known). */
  properties?: Record<string, DiscoveredControl>;
  /** What a setup page preselects. */
  default?: Record<string, unknown>;
  /** Glowkit's: what could not be found out, in one line (e.g. frame rates without v4l2-ctl). */
  note?: string;
}

/** An audio source (Glowkit has no audio grabber: the list is always empty). */
export interface DiscoveredAudioSource {
  device: string;
  device_name: string;
  type: 'audio';
}

/** The `info` of a successful `inputsource` reply. */
export interface InputSourceDiscovery {
  sourceType: (typeof INPUT_SOURCE_TYPES)[number];
  /** The screens (`screen`) or the V4L2 devices (`video`). */
  video_sources?: DiscoveredVideoSource[];
  /** The audio sources (`audio`). */
  audio_sources?: DiscoveredAudioSource[];
}

/** The longest `sourceType` and `params.device` taken: longer than any type or device path. */
export const INPUT_SOURCE_TEXT_LENGTH = 256;

const SUBCOMMANDS = COMMANDS.inputsource;

const PARAMS_FIELDS = new Map<string, Field>([
  ['device', { check: string(1, INPUT_SOURCE_TEXT_LENGTH) }],
]);

const checkParams: Check = (value, pointer, out) => {
  checkObject(out, pointer, value, 'an object', PARAMS_FIELDS, 'allow');
};

const REQUEST_FIELDS = new Map<string, Field>([
  ['command', commandField('inputsource')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
  [
    'sourceType',
    {
      required: `the source type: ${INPUT_SOURCE_TYPES.join(', ')}`,
      check: string(0, INPUT_SOURCE_TEXT_LENGTH),
    },
  ],
  ['params', { check: checkParams }],
]);

/**
 * Every violation of an `inputsource` request; `[]` when it is valid (see
 * {@link InputSourceRequest}). `sourceType` is required, a string of at most 256 characters
 * (which type it names is the server's to say, with Hyperion.ng's error text); `params`, if
 * present, is an object whose `device`, if present, is a string of 1 to 256 characters. Other
 * top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateInputSourceRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `inputsource` request (see {@link InputSourceRequest}), or its violations. */
export const parseInputSourceRequest: Parser<InputSourceRequest> = parserOf(
  validateInputSourceRequest,
);
