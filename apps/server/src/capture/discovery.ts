/**
 * `inputsource discover`: the capture sources of the server's machine, in Hyperion.ng's reply
 * shape (inputs.md §6.5), so that a setup page offers what exists instead of guesswork.
 *
 * - screen: the X displays the server can reach — its own `DISPLAY` and every socket in
 *   `/tmp/.X11-unix` — each with its size from an ffmpeg `x11grab` probe (a display that does not
 *   open is left out); and the framebuffers `/dev/fb*` with their size from
 *   `/sys/class/graphics/fbN/virtual_size`.
 * - video: the V4L2 capture devices `/dev/video*`, named by `/sys/class/video4linux/videoN/name`.
 *   Their encodings, sizes, frame rates, inputs, TV standards and picture controls come from
 *   `v4l2-ctl` (Debian's `v4l-utils`), which reads them with the V4L2 ioctls: of the two tools it
 *   alone lists frame rates and controls. Without it, ffmpeg's `-list_formats all` gives the
 *   encodings and sizes (frame rates `[]`) and the source's `note` says what is missing.
 * - audio: nothing — Glowkit has no audio grabber.
 *
 * Every tool runs with a timeout and is killed after it. Unlike Hyperion.ng, every kind of
 * screen is listed (X11 and framebuffer), not only the last one that answered.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  DiscoveredFormat,
  DiscoveredVideoInput,
  DiscoveredVideoSource,
  InputSourceDiscovery,
} from '@glowkit/protocol';
import {
  parseFfmpegListFormats,
  parseFramebufferSize,
  parseV4l2CtlControls,
  parseV4l2CtlFormats,
  parseV4l2CtlInputs,
} from './discovery-parsers.js';
import { probeInput } from './ffmpeg-probe.js';
import { runTool } from './run-tool.js';

/** Where discovery looks and with what. Every key has a default for a real machine. */
export interface CaptureDiscoveryOptions {
  /** The ffmpeg command (default `ffmpeg` on the PATH). */
  ffmpeg?: string;
  /** The v4l2-ctl command (default `v4l2-ctl` on the PATH). */
  v4l2Ctl?: string;
  /** The server's own X display (default: its `DISPLAY` environment variable). */
  display?: string | undefined;
  /** Where the X servers' sockets are (default `/tmp/.X11-unix`). */
  x11SocketDir?: string;
  /** Where the device files are (default `/dev`). */
  devDir?: string;
  /** Where sysfs is (default `/sys`). */
  sysDir?: string;
  /** How long one tool may run before it is killed (default 5 s). */
  timeoutMs?: number;
}

/** The rates a screen is offered at (any rate works: the grabber captures on a timer). */
const SCREEN_RATES = [1, 5, 10, 15, 20, 25, 30, 40, 50, 60];

/** The files of a folder whose names match, in natural order (`video2` before `video10`); [] when it is missing. */
async function entries(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => pattern.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function text(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

/** Resolved options, each key set. */
type Settings = Required<Omit<CaptureDiscoveryOptions, 'display'>> & {
  display: string | undefined;
};

function settingsOf(options: CaptureDiscoveryOptions): Settings {
  return {
    ffmpeg: options.ffmpeg ?? 'ffmpeg',
    v4l2Ctl: options.v4l2Ctl ?? 'v4l2-ctl',
    display: 'display' in options ? options.display : process.env.DISPLAY,
    x11SocketDir: options.x11SocketDir ?? '/tmp/.X11-unix',
    devDir: options.devDir ?? '/dev',
    sysDir: options.sysDir ?? '/sys',
    timeoutMs: options.timeoutMs ?? 5000,
  };
}

/** The server's display first, then every local display with a socket, each once (`:0`, `:99`). */
async function displaysOf(s: Settings): Promise<string[]> {
  const local = (await entries(s.x11SocketDir, /^X\d+$/)).map((name) => `:${name.slice(1)}`);
  const own = s.display?.trim();
  const all = own ? [own, ...local] : local;
  // `:0` and `:0.0` are the same display.
  const seen = new Set<string>();
  return all.filter((display) => {
    const key = display.replace(/\.0$/, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A display's size, from what ffmpeg reports when it opens it with x11grab; undefined if it does not open. */
async function displaySize(s: Settings, display: string) {
  // The grabber's own probe: no frames read ahead, the size known once the display opens.
  const probe = await probeInput(s.ffmpeg, ['-f', 'x11grab', '-i', display], s.timeoutMs);
  return probe.ok ? { width: probe.width, height: probe.height } : undefined;
}

/** One input as Hyperion.ng lists a screen: its one size, at every usual rate. */
function screenInput(
  name: string,
  inputIdx: number,
  device: string,
  size: { width: number; height: number },
): DiscoveredVideoInput {
  return {
    name,
    inputIdx,
    device,
    formats: [
      { resolutions: [{ width: size.width, height: size.height, fps: [...SCREEN_RATES] }] },
    ],
  };
}

function screenDefault(fps: number): Record<string, unknown> {
  return { video_input: { inputIdx: 0, resolution: { fps } } };
}

/**
 * The screens: X displays (device `x11`) and framebuffers (device `framebuffer`), each with its
 * size. `fps` is the screen grabber's configured rate, which the reply's `default` carries.
 */
export async function discoverScreens(
  options: CaptureDiscoveryOptions,
  fps: number,
): Promise<DiscoveredVideoSource[]> {
  const s = settingsOf(options);
  const sources: DiscoveredVideoSource[] = [];
  const displays = await displaysOf(s);
  const sizes = await Promise.all(displays.map((display) => displaySize(s, display)));
  const x11: DiscoveredVideoInput[] = [];
  displays.forEach((display, i) => {
    const size = sizes[i];
    if (size) x11.push(screenInput(display, x11.length, display, size));
  });
  if (x11.length > 0) {
    sources.push({
      device: 'x11',
      device_name: 'X11',
      type: 'screen',
      video_inputs: x11,
      default: screenDefault(fps),
    });
  }
  const framebuffers: DiscoveredVideoInput[] = [];
  for (const name of await entries(s.devDir, /^fb\d+$/)) {
    const index = Number(name.slice(2));
    const size = parseFramebufferSize(
      (await text(join(s.sysDir, 'class', 'graphics', name, 'virtual_size'))) ?? '',
    );
    if (size) framebuffers.push(screenInput(`FB${index}`, index, join(s.devDir, name), size));
  }
  if (framebuffers.length > 0) {
    sources.push({
      device: 'framebuffer',
      device_name: 'Framebuffer',
      type: 'screen',
      video_inputs: framebuffers,
      default: screenDefault(fps),
    });
  }
  return sources;
}

/** What is known of one V4L2 device's inputs, formats and controls, and how it was found out. */
async function describeDevice(
  s: Settings,
  path: string,
): Promise<Omit<DiscoveredVideoSource, 'device' | 'device_name' | 'type'> | undefined> {
  const formatsRun = await runTool(
    s.v4l2Ctl,
    ['--device', path, '--list-formats-ext'],
    s.timeoutMs,
  );
  if (!formatsRun.missing) {
    const formats = parseV4l2CtlFormats(formatsRun.stdout);
    // A node without capture formats is a UVC camera's metadata node, not a picture.
    if (formats.length === 0) return undefined;
    const [inputsRun, controlsRun] = await Promise.all([
      runTool(s.v4l2Ctl, ['--device', path, '--list-inputs'], s.timeoutMs),
      runTool(s.v4l2Ctl, ['--device', path, '--list-ctrls'], s.timeoutMs),
    ]);
    const inputs = parseV4l2CtlInputs(inputsRun.stdout);
    const controls = parseV4l2CtlControls(controlsRun.stdout);
    const listed = inputs.length > 0 ? inputs : [{ index: 0, name: 'Input 0', standards: [] }];
    return {
      video_inputs: listed.map((input) => ({
        name: input.name,
        inputIdx: input.index,
        ...(input.standards.length > 0 ? { standards: input.standards } : {}),
        // v4l2-ctl lists the formats of the input selected now; the others are taken to match.
        formats,
      })),
      properties: controls.properties,
      default: videoDefault(
        listed[0]?.index ?? 0,
        listed[0]?.standards[0],
        formats,
        controls.defaults,
      ),
    };
  }
  const probe = await runTool(
    s.ffmpeg,
    ['-hide_banner', '-nostdin', '-f', 'v4l2', '-list_formats', 'all', '-i', path],
    s.timeoutMs,
  );
  const formats = parseFfmpegListFormats(probe.stderr);
  if (formats.length === 0) return undefined;
  return {
    video_inputs: [{ name: 'Input 0', inputIdx: 0, formats }],
    properties: {},
    default: videoDefault(0, undefined, formats, {}),
    note: `frame rates, inputs and picture controls unknown: ${s.v4l2Ctl} is not installed (Debian package v4l-utils)`,
  };
}

/** What a setup page preselects: the first input, format and size, at that size's highest rate. */
function videoDefault(
  inputIdx: number,
  standard: string | undefined,
  formats: DiscoveredFormat[],
  properties: Record<string, number>,
): Record<string, unknown> {
  const format = formats[0];
  const resolution = format?.resolutions[0];
  return {
    video_input: {
      inputIdx,
      ...(standard ? { standards: standard } : {}),
      formats: {
        format: format?.format,
        resolution: resolution
          ? { width: resolution.width, height: resolution.height, fps: resolution.fps[0] }
          : undefined,
      },
    },
    properties,
  };
}

/**
 * The V4L2 capture devices (`/dev/video*`; only `device` when given) with their card names,
 * formats, sizes and rates.
 */
export async function discoverVideo(
  options: CaptureDiscoveryOptions,
  device?: string,
): Promise<DiscoveredVideoSource[]> {
  const s = settingsOf(options);
  const names = (await entries(s.devDir, /^video\d+$/)).filter(
    (name) => device === undefined || join(s.devDir, name) === device,
  );
  const described = await Promise.all(
    names.map(async (name) => {
      const path = join(s.devDir, name);
      const about = await describeDevice(s, path);
      if (!about) return undefined;
      const card = (await text(join(s.sysDir, 'class', 'video4linux', name, 'name')))?.trim();
      const source: DiscoveredVideoSource = {
        device: path,
        device_name: card || name,
        type: 'v4l2',
        ...about,
      };
      return source;
    }),
  );
  return described.filter((source) => source !== undefined);
}

/**
 * The reply's `info` for a source type (`screen`, `video`, `audio`), optionally only the source
 * whose `device` is `device` (`getProperties`). `screenFps` is `framegrabber.fps`, for the
 * screens' `default`.
 */
export async function discoverInputSources(
  sourceType: InputSourceDiscovery['sourceType'],
  options: CaptureDiscoveryOptions,
  screenFps: number,
  device?: string,
): Promise<InputSourceDiscovery> {
  if (sourceType === 'audio') return { sourceType, audio_sources: [] };
  const all =
    sourceType === 'screen'
      ? await discoverScreens(options, screenFps)
      : await discoverVideo(options, device);
  const video_sources =
    device === undefined ? all : all.filter((source) => source.device === device);
  return { sourceType, video_sources };
}
