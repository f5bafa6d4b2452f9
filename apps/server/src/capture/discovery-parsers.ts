/**
 * Readers of what the capture tools print, for `inputsource discover`: `v4l2-ctl`'s lists (the
 * V4L2 ioctls VIDIOC_ENUM_FMT / ENUM_FRAMESIZES / ENUM_FRAMEINTERVALS, ENUMINPUT and QUERYCTRL,
 * as v4l-utils prints them), ffmpeg's `-list_formats all` of a V4L2 device and the video stream
 * line of an ffmpeg probe. Pure: text in, values out; whatever a line does not match is skipped.
 */
import type { DiscoveredControl, DiscoveredFormat, DiscoveredResolution } from '@glowkit/protocol';
import { v4l2FormatName } from './v4l2-formats.js';

/**
 * The frame rates offered for a size the device gives as a range (a stepwise or continuous
 * interval), within that range: a setup page offers these rather than every step.
 */
const COMMON_RATES = [1, 5, 10, 15, 20, 24, 25, 30, 50, 60];

/** A frame rate as `grabberV4L2.fps` stores it (an integer): 29.97 is 30. */
function rateOf(fps: number): number {
  return Math.max(1, Math.round(fps));
}

function sizeKey(r: DiscoveredResolution): string {
  return `${r.width}x${r.height}`;
}

/** Adds a rate once to a resolution, keeping the rates from the highest down. */
function addRate(resolution: DiscoveredResolution, fps: number): void {
  if (!resolution.fps.includes(fps)) {
    resolution.fps.push(fps);
    resolution.fps.sort((a, b) => b - a);
  }
}

/**
 * The encodings, sizes and frame rates of `v4l2-ctl --device D --list-formats-ext`:
 *
 * ```
 *   [0]: 'MJPG' (Motion-JPEG, compressed)
 *     Size: Discrete 1920x1080
 *       Interval: Discrete 0.033s (30.000 fps)
 *     Size: Stepwise 16x16 - 1920x1080 with step 2/2
 *       Interval: Continuous 0.033s - 1.000s (1.000-30.000 fps)
 * ```
 *
 * Names are Glowkit's (`MJPEG`, `YUYV`; an unknown fourcc as it is). A stepwise or continuous
 * size is listed at its largest; a range of intervals as the usual rates within it.
 */
export function parseV4l2CtlFormats(text: string): DiscoveredFormat[] {
  const formats: DiscoveredFormat[] = [];
  let format: DiscoveredFormat | undefined;
  let resolution: DiscoveredResolution | undefined;
  for (const line of text.split('\n')) {
    const fmt = /^\s*\[\d+\]:\s*'([^']+)'/.exec(line);
    if (fmt) {
      format = { format: v4l2FormatName(fmt[1] as string), resolutions: [] };
      formats.push(format);
      resolution = undefined;
      continue;
    }
    const size =
      /^\s*Size:\s*(Discrete|Stepwise|Continuous)\s+(\d+)x(\d+)(?:\s*-\s*(\d+)x(\d+))?/.exec(line);
    if (size && format) {
      const largest = size[4] !== undefined;
      const width = Number(largest ? size[4] : size[2]);
      const height = Number(largest ? size[5] : size[3]);
      const found = format.resolutions.find((r) => r.width === width && r.height === height);
      resolution = found ?? { width, height, fps: [] };
      if (!found) format.resolutions.push(resolution);
      continue;
    }
    if (!resolution) continue;
    const range = /^\s*Interval:\s*(?:Stepwise|Continuous).*\(([\d.]+)-([\d.]+) fps\)/.exec(line);
    if (range) {
      const low = Number(range[1]);
      const high = Number(range[2]);
      for (const fps of COMMON_RATES) if (fps >= low && fps <= high) addRate(resolution, fps);
      addRate(resolution, rateOf(high));
      continue;
    }
    const discrete = /^\s*Interval:\s*Discrete\s+[\d.]+s\s*\(([\d.]+) fps\)/.exec(line);
    if (discrete) addRate(resolution, rateOf(Number(discrete[1])));
  }
  return formats;
}

/** One input of a V4L2 device, as `v4l2-ctl --list-inputs` describes it. */
export interface V4l2CtlInput {
  index: number;
  name: string;
  /** The analog TV standards it takes, as Hyperion.ng names them (PAL, NTSC, SECAM). */
  standards: string[];
}

/**
 * The inputs of `v4l2-ctl --device D --list-inputs`:
 *
 * ```
 *   Input       : 0
 *   Name        : Composite0
 *   Standard    : 0x000000000000B0FF ( PAL NTSC-M SECAM )
 * ```
 *
 * A standard is reported by its family, each once: `PAL-BG` and `PAL-I` are `PAL`.
 */
export function parseV4l2CtlInputs(text: string): V4l2CtlInput[] {
  const inputs: V4l2CtlInput[] = [];
  let input: V4l2CtlInput | undefined;
  for (const line of text.split('\n')) {
    const field = /^\s*(Input|Name|Standard)\s*:\s*(.*?)\s*$/.exec(line);
    if (!field) continue;
    const value = field[2] as string;
    if (field[1] === 'Input') {
      input = { index: Number.parseInt(value, 10), name: `Input ${value}`, standards: [] };
      if (Number.isInteger(input.index)) inputs.push(input);
    } else if (input && field[1] === 'Name') {
      input.name = value;
    } else if (input && field[1] === 'Standard') {
      const names = /\(([^)]*)\)/.exec(value)?.[1]?.trim().split(/\s+/) ?? [];
      for (const name of names) {
        const family = /^(PAL|NTSC|SECAM)/i.exec(name)?.[1]?.toUpperCase();
        if (family && !input.standards.includes(family)) input.standards.push(family);
      }
    }
  }
  return inputs;
}

/** The picture controls `grabberV4L2` can set, by V4L2 name. */
const PICTURE_CONTROLS = ['brightness', 'contrast', 'saturation', 'hue'];

/** A device's picture controls with their ranges, and each one's default. */
export interface V4l2CtlControls {
  properties: Record<string, DiscoveredControl>;
  defaults: Record<string, number>;
}

/**
 * The brightness, contrast, saturation and hue of `v4l2-ctl --device D --list-ctrls`:
 *
 * ```
 *   brightness 0x00980900 (int)    : min=-64 max=64 step=1 default=0 value=0
 * ```
 *
 * (older v4l-utils print no control id). Other controls are left out: `grabberV4L2` sets only
 * these four.
 */
export function parseV4l2CtlControls(text: string): V4l2CtlControls {
  const properties: Record<string, DiscoveredControl> = {};
  const defaults: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const control = /^\s*(\w+)\s+(?:0x[0-9a-f]+\s+)?\(int\)\s*:\s*(.*)$/i.exec(line);
    if (!control || !PICTURE_CONTROLS.includes(control[1] as string)) continue;
    const values = new Map(
      [...(control[2] as string).matchAll(/(\w+)=(-?\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    const [min, max, step, current] = ['min', 'max', 'step', 'value'].map((k) => values.get(k));
    if (min === undefined || max === undefined || current === undefined) continue;
    const name = control[1] as string;
    properties[name] = { minValue: min, maxValue: max, step: step ?? 1, current };
    defaults[name] = values.get('default') ?? current;
  }
  return { properties, defaults };
}

/**
 * The encodings and sizes of `ffmpeg -f v4l2 -list_formats all -i D` (on stderr):
 *
 * ```
 * [video4linux2,v4l2 @ 0x…] Compressed:       mjpeg :          Motion-JPEG : 1920x1080 1280x720
 * [video4linux2,v4l2 @ 0x…] Raw       :     yuyv422 :           YUYV 4:2:2 : {32-4096, 2}x{32-2176, 2}
 * ```
 *
 * ffmpeg lists no frame rates: each size's `fps` is `[]`. A stepwise size is listed at its largest.
 */
export function parseFfmpegListFormats(text: string): DiscoveredFormat[] {
  const formats: DiscoveredFormat[] = [];
  for (const line of text.split('\n')) {
    const row = /\]\s*(?:Raw|Compressed)\s*:\s*(\S+)\s*:\s*[^:]*:\s*(.*)$/.exec(line);
    if (!row) continue;
    const name = row[1] as string;
    if (name === 'Unsupported') continue;
    const resolutions: DiscoveredResolution[] = [];
    const sizes = row[2] as string;
    for (const match of sizes.matchAll(/(?:^|\s)(\d+)x(\d+)(?=\s|$)/g)) {
      resolutions.push({ width: Number(match[1]), height: Number(match[2]), fps: [] });
    }
    const stepwise = /\{\d+-(\d+),\s*\d+\}x\{\d+-(\d+),\s*\d+\}/.exec(sizes);
    if (stepwise)
      resolutions.push({ width: Number(stepwise[1]), height: Number(stepwise[2]), fps: [] });
    const unique = resolutions.filter(
      (r, i) => resolutions.findIndex((o) => sizeKey(o) === sizeKey(r)) === i,
    );
    formats.push({ format: v4l2FormatName(name), resolutions: unique });
  }
  return formats;
}

/**
 * The picture size of the first video stream ffmpeg reports when it opens an input (on stderr),
 * e.g. `Stream #0:0: Video: rawvideo (BGR[0] / 0x524742), bgr0, 1280x720, 883852 kb/s, …`;
 * `undefined` when there is none (the input could not be opened).
 */
export function parseFfmpegVideoSize(text: string): { width: number; height: number } | undefined {
  const stream = /Stream #\d+:\d+.*?: Video: .*?, (\d{1,5})x(\d{1,5})\b/.exec(text);
  return stream ? { width: Number(stream[1]), height: Number(stream[2]) } : undefined;
}

/** The size of `/sys/class/graphics/fbN/virtual_size` (`1920,1080`); `undefined` if unreadable. */
export function parseFramebufferSize(text: string): { width: number; height: number } | undefined {
  const size = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!size) return undefined;
  const width = Number(size[1]);
  const height = Number(size[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
