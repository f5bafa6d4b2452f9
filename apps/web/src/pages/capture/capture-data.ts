/**
 * The capture page's data, without the DOM: the sources `inputsource discover` found as choices,
 * what each offers (sizes, frame rates), the groups a choice saves, the crop an edge handle
 * makes, and the grabber's status as `serverinfo.grabbers` reports it.
 */
import type {
  DiscoveredVideoInput,
  DiscoveredVideoSource,
  GroupFormSchema,
  InputSourceDiscovery,
} from '@glowkit/protocol';
import { ServerError } from '../../api/connection.js';

/** A JSON object. */
export type Json = Record<string, unknown>;

/** Which grabber a choice feeds: the screen (`framegrabber`) or a USB video device (`grabberV4L2`). */
export type CaptureKind = 'screen' | 'video';

/** The global group of each grabber. */
export const GRABBER_GROUP: Readonly<Record<CaptureKind, 'framegrabber' | 'grabberV4L2'>> = {
  screen: 'framegrabber',
  video: 'grabberV4L2',
};

/** The `instCapture` key that lets an instance take each grabber. */
export const ENABLE_KEY: Readonly<Record<CaptureKind, 'systemEnable' | 'v4lEnable'>> = {
  screen: 'systemEnable',
  video: 'v4lEnable',
};

/** One thing to capture: an input of a discovered source. */
export interface CaptureChoice {
  /** Unique on the page: `screen:x11:0`, `video:/dev/video0:0`. */
  id: string;
  kind: CaptureKind;
  /** What the group's `device` takes: `x11`, `framebuffer`, `/dev/video0`. */
  device: string;
  /** The source's name: `X11`, `Framebuffer`, the card's name. */
  deviceName: string;
  input: DiscoveredVideoInput;
  /** The source's own note (what could not be found out), if any. */
  note?: string;
}

/** The choices of two discovery replies, screens first, each input of each source once. */
export function captureChoices(
  screen: InputSourceDiscovery | undefined,
  video: InputSourceDiscovery | undefined,
): CaptureChoice[] {
  const of = (kind: CaptureKind, sources: readonly DiscoveredVideoSource[]): CaptureChoice[] =>
    sources.flatMap((source) =>
      source.video_inputs.map((input) => ({
        id: `${kind}:${source.device}:${input.inputIdx}`,
        kind,
        device: source.device,
        deviceName: source.device_name,
        input,
        ...(source.note ? { note: source.note } : {}),
      })),
    );
  return [...of('screen', screen?.video_sources ?? []), ...of('video', video?.video_sources ?? [])];
}

/**
 * Whether a refusal says the server has no `inputsource` command (a server from before capture):
 * the page then says capture is not available rather than showing an error.
 */
export function isMissingCommand(error: unknown): boolean {
  return (
    error instanceof ServerError &&
    (error.error === 'Invalid command' ||
      error.details.some((d) => d.startsWith('/command: unknown command')))
  );
}

/** The choice the stored groups name: the enabled grabber's device and input, screen first. */
export function storedChoice(
  choices: readonly CaptureChoice[],
  groups: { framegrabber?: Json; grabberV4L2?: Json },
): CaptureChoice | undefined {
  for (const kind of ['screen', 'video'] as const) {
    const group = groups[GRABBER_GROUP[kind]];
    if (group?.enable !== true) continue;
    const found = choices.find(
      (c) =>
        c.kind === kind &&
        (c.device === group.device || (kind === 'screen' && group.device === 'auto')) &&
        c.input.inputIdx === (group.input ?? 0),
    );
    if (found) return found;
  }
  return undefined;
}

/** A size a video input offers, with its encoding and frame rates. */
export interface VideoMode {
  format: string;
  width: number;
  height: number;
  fps: number[];
}

/** Every size of every encoding an input offers (a screen's one format has no encoding). */
export function modesOf(input: DiscoveredVideoInput): VideoMode[] {
  return input.formats.flatMap((format) =>
    format.resolutions.map((r) => ({
      format: format.format ?? '',
      width: r.width,
      height: r.height,
      fps: [...r.fps],
    })),
  );
}

/** The frame rates offered, with `current` among them (a stored rate is never lost), ascending. */
export function rateChoices(offered: readonly number[], current: unknown): number[] {
  const rates = new Set(offered.filter((r) => Number.isInteger(r) && r > 0));
  if (typeof current === 'number' && Number.isInteger(current) && current > 0) rates.add(current);
  return [...rates].sort((a, b) => a - b);
}

/**
 * The size a grabber hands on for a decimation `d` (1–30): the captured size less the crops,
 * divided by `d`, at least 1 pixel each way.
 */
export function decimatedSize(
  size: { width: number; height: number },
  crop: { left: number; right: number; top: number; bottom: number },
  d: number,
): { width: number; height: number } {
  const width = Math.max(1, Math.floor((size.width - crop.left - crop.right) / d));
  const height = Math.max(1, Math.floor((size.height - crop.top - crop.bottom) / d));
  return { width, height };
}

/** The crops of a grabber group, 0 for a key it lacks. */
export function cropOf(group: Json): { left: number; right: number; top: number; bottom: number } {
  const n = (key: string) => (typeof group[key] === 'number' ? (group[key] as number) : 0);
  return { left: n('cropLeft'), right: n('cropRight'), top: n('cropTop'), bottom: n('cropBottom') };
}

/** An edge of the picture a handle moves. */
export type Edge = 'top' | 'bottom' | 'left' | 'right';

/** The crop key of each edge. */
export const CROP_KEY: Readonly<Record<Edge, string>> = {
  top: 'cropTop',
  bottom: 'cropBottom',
  left: 'cropLeft',
  right: 'cropRight',
};

/**
 * Where the handle of `edge` sits on the picture shown, as a fraction of it from that edge (0:
 * at the edge), for an edited crop, when the picture shown was captured with the `saved` crop of
 * a screen of `size`: the picture is the saved crop's area, so an edited crop smaller than the
 * saved one sits at the edge.
 */
export function handleAt(
  edge: Edge,
  size: { width: number; height: number },
  saved: ReturnType<typeof cropOf>,
  edited: ReturnType<typeof cropOf>,
): number {
  const across = edge === 'left' || edge === 'right' ? size.width : size.height;
  const shown =
    across -
    (edge === 'left' || edge === 'right' ? saved.left + saved.right : saved.top + saved.bottom);
  if (shown <= 0) return 0;
  return Math.min(1, Math.max(0, (edited[edge] - saved[edge]) / shown));
}

/**
 * The crop of `edge` for a handle at `fraction` of the picture shown (see {@link handleAt}),
 * in whole screen pixels, leaving at least one pixel between it and the opposite edge's crop.
 */
export function cropAt(
  edge: Edge,
  fraction: number,
  size: { width: number; height: number },
  saved: ReturnType<typeof cropOf>,
  edited: ReturnType<typeof cropOf>,
): number {
  const horizontal = edge === 'left' || edge === 'right';
  const across = horizontal ? size.width : size.height;
  const shown = across - (horizontal ? saved.left + saved.right : saved.top + saved.bottom);
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;
  const crop = saved[edge] + Math.round(Math.min(1, Math.max(0, fraction)) * Math.max(0, shown));
  return Math.max(0, Math.min(crop, across - edited[opposite[edge]] - 1));
}

/** A form of some keys of a group's form (the page edits the others itself). */
export function formOf(schema: GroupFormSchema, keys: readonly string[]): GroupFormSchema {
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties).filter(([key]) => keys.includes(key)),
    ),
  };
}

/** A grabber's state as the server reports it, in the words the page shows. */
export interface GrabberStatus {
  /** `running`, `retrying`, `stopped`, `missing-ffmpeg`, … as the server says it. */
  state: string;
  /** The last error line, if any. */
  error?: string;
  /** Frames per second now, if reported. */
  fps?: number;
  /** Signal detection's verdict: true (a picture), false (no signal); absent when not reported. */
  signal?: boolean;
}

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The words a report may use for a grabber's kind. */
const KIND_NAMES: Readonly<Record<CaptureKind, readonly string[]>> = {
  screen: ['screen', 'framegrabber', 'grabber', 'x11', 'framebuffer', 'kms', 'drm'],
  video: ['video', 'v4l', 'v4l2', 'grabberv4l2'],
};

function statusOf(entry: Json): GrabberStatus | undefined {
  if (typeof entry.state !== 'string') return undefined;
  const status: GrabberStatus = { state: entry.state };
  const error = entry.error ?? entry.lastError;
  if (typeof error === 'string' && error !== '') status.error = error;
  if (typeof entry.fps === 'number') status.fps = entry.fps;
  const signal = isObject(entry.signal)
    ? (entry.signal.detected ?? entry.signal.state)
    : entry.signal;
  if (typeof signal === 'boolean') status.signal = signal;
  else if (signal === 'detected' || signal === 'lost') status.signal = signal === 'detected';
  return status;
}

/**
 * The status of the `kind` grabber in `serverinfo.grabbers`, if the server reports one: an entry
 * with a `state` under `grabbers[kind]`, or in a list (`grabbers.status`, `grabbers.grabbers`)
 * whose `kind` names it. Hyperion.ng's shape (`{active, available}` lists) carries none:
 * undefined.
 */
export function grabberStatus(grabbers: unknown, kind: CaptureKind): GrabberStatus | undefined {
  if (!isObject(grabbers)) return undefined;
  const own = grabbers[kind];
  if (isObject(own)) {
    const found = statusOf(own) ?? (isObject(own.status) ? statusOf(own.status) : undefined);
    if (found) return found;
  }
  for (const list of [grabbers.status, grabbers.grabbers, grabbers.list]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isObject(entry)) continue;
      const name = String(entry.kind ?? entry.name ?? '').toLowerCase();
      if (KIND_NAMES[kind].includes(name)) {
        const found = statusOf(entry);
        if (found) return found;
      }
    }
  }
  return undefined;
}
