/**
 * What the overview says of an instance's state (the state itself is the store's, see
 * data/instance-state.ts): whether its switches are on, what the LEDs show, and for how long.
 */
import type { PriorityInfo } from '@glowkit/protocol';
import type { InstanceState } from '../../data/instance-state.js';

/**
 * Whether a switch of the card is on as the user left it. The server shows `LEDDEVICE` off while
 * its device is in error, as Hyperion.ng does, yet keeps it switched on and reconnects: a device
 * in error is one meant to be on, so its switch stays on (the device line says what is wrong).
 */
export function switchedOn(state: InstanceState, component: string): boolean {
  if (component === 'LEDDEVICE' && state.device?.state === 'error') return true;
  return state.components[component] ?? false;
}

/** Whether a switch turned the LED output off (a lost device is not: the device line tells it). */
export function outputSwitchedOff(state: InstanceState): boolean {
  if (state.components.ALL === false) return true;
  return state.components.LEDDEVICE === false && !switchedOn(state, 'LEDDEVICE');
}

/** The entry the LEDs show now, if any. */
export function visiblePriority(state: InstanceState): PriorityInfo | undefined {
  return state.priorities.find((p) => p.visible);
}

/**
 * The components whose entries are pictures (a JSON image, a network input's, a grabber's on the
 * box): the image stream has a picture while one shows.
 */
const PICTURE_COMPONENTS: ReadonlySet<string> = new Set([
  'IMAGE',
  'FLATBUFSERVER',
  'PROTOSERVER',
  'GRABBER',
  'V4L',
]);

/**
 * The visible entry when it is a picture that reaches the LEDs (a JSON image, a network input's
 * client or a grabber that sent a frame, with the instance switched on): the server streams its picture then.
 */
export function visiblePicture(state: InstanceState): PriorityInfo | undefined {
  const entry = visiblePriority(state);
  if (!entry?.active || !PICTURE_COMPONENTS.has(entry.componentId)) return undefined;
  return state.components.ALL === false ? undefined : entry;
}

/** Who a picture comes from, for its text alternative: an image's name, else its origin. */
export function pictureSourceName(entry: PriorityInfo): string {
  return entry.componentId === 'IMAGE' && entry.owner ? entry.owner : entry.origin;
}

/** The pinned priority (`sourceselect`), which is the visible one; undefined while automatic. */
export function pinnedPriority(state: InstanceState): number | undefined {
  return state.autoSelect ? undefined : visiblePriority(state)?.priority;
}

/** Milliseconds left of a timed entry at `now`; undefined when it lasts until cleared. */
export function timeLeft(
  state: InstanceState,
  entry: PriorityInfo,
  now: number,
): number | undefined {
  if (typeof entry.duration_ms !== 'number') return undefined;
  return Math.max(0, entry.duration_ms - (now - state.prioritiesAt));
}

/** A time span as `m:ss` or `h:mm:ss` (digits read the same in every language). */
export function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `#rrggbb` of an RGB triple. */
export function hex(rgb: readonly number[]): string {
  return `#${rgb
    .slice(0, 3)
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
