import type { PriorityInfo } from '@glowkit/protocol';
import type { MuxerInput, PriorityMuxer } from '../muxer/priority-muxer.js';

/** One entry of `serverinfo.priorities`, keys in Hyperion.ng's (sorted) order (protocol's). */
export type { PriorityInfo };

/**
 * The `priorities` list of `serverinfo`: the visible entry first, then by ascending priority
 * (Hyperion.ng sometimes lists them out of order, #964; clients search for `visible`).
 */
export function priorityInfo(muxer: PriorityMuxer, now: number): PriorityInfo[] {
  const visible = muxer.visible;
  const entries = muxer.inputs.map((input) => entryOf(input, input === visible, now));
  const first = entries.findIndex((e) => e.visible);
  if (first > 0) entries.unshift(...entries.splice(first, 1));
  return entries;
}

function entryOf(input: MuxerInput, visible: boolean, now: number): PriorityInfo {
  const entry: PriorityInfo = {
    active: input.active,
    componentId: input.component,
    origin: input.origin,
    priority: input.priority,
    visible,
  };
  if (Number.isFinite(input.expiresAt))
    entry.duration_ms = Math.max(0, Math.round(input.expiresAt - now));
  if (input.owner !== '') entry.owner = input.owner;
  if (input.component === 'COLOR' && input.colors && input.colors.length >= 3) {
    const rgb: [number, number, number] = [
      input.colors[0] ?? 0,
      input.colors[1] ?? 0,
      input.colors[2] ?? 0,
    ];
    entry.value = { RGB: rgb, HSL: rgbToHsl(rgb) };
  }
  // Re-insert in sorted key order, as Hyperion.ng's serialiser writes them.
  return Object.fromEntries(
    Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)),
  ) as unknown as PriorityInfo;
}

/**
 * RGB to HSL: hue in degrees 0..359 (an integer), saturation and lightness 0..1. Hyperion.ng
 * casts Qt's hue fraction to an integer, so its hue is almost always 0.
 */
export function rgbToHsl([r, g, b]: readonly [number, number, number]): [number, number, number] {
  const rf = r / 255;
  const gf = g / 255;
  const bf = b / 255;
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, round3(l)];
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rf) h = ((gf - bf) / d) % 6;
  else if (max === gf) h = (bf - rf) / d + 2;
  else h = (rf - gf) / d + 4;
  const degrees = Math.round(h * 60 + 360) % 360;
  return [degrees, round3(s), round3(l)];
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
