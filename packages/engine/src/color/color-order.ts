import type { ColorOrder } from '../types.js';

/**
 * For each order, the source channel (0 red, 1 green, 2 blue) that goes into each output byte:
 * `grb` sends green first, so its table is [1, 0, 2].
 */
const SOURCE_CHANNELS: Readonly<Record<ColorOrder, readonly [number, number, number]>> = {
  rgb: [0, 1, 2],
  bgr: [2, 1, 0],
  rbg: [0, 2, 1],
  brg: [2, 0, 1],
  gbr: [1, 2, 0],
  grb: [1, 0, 2],
};

/**
 * Writes `source` (RGB, 3 bytes per LED) into `target` in a device's colour order: LED `i` uses
 * `perLed[i]` when set (a layout entry's `colorOrder`), else `order`. As in Hyperion.ng the swap
 * happens before the device, so devices send bytes as given.
 *
 * Covers `min(source.length, target.length) / 3` LEDs and leaves the rest of `target` alone, so a
 * device with more LEDs than the layout keeps its extra LEDs as they were (black). `source` and
 * `target` may be the same array.
 */
export function applyColorOrder(
  source: Uint8Array,
  target: Uint8Array,
  order: ColorOrder,
  perLed?: readonly (ColorOrder | undefined)[],
): void {
  const leds = Math.floor(Math.min(source.length, target.length) / 3);
  const hasOverrides = perLed?.some((o) => o !== undefined && o !== order) ?? false;
  if (order === 'rgb' && !hasOverrides) {
    if (source !== target) target.set(source.subarray(0, leds * 3));
    return;
  }
  const fallback = SOURCE_CHANNELS[order];
  for (let led = 0, i = 0; led < leds; led++, i += 3) {
    const own = hasOverrides ? perLed?.[led] : undefined;
    const [c0, c1, c2] = own ? SOURCE_CHANNELS[own] : fallback;
    // Read all three first: source and target may be the same bytes.
    const r = source[i] as number;
    const g = source[i + 1] as number;
    const b = source[i + 2] as number;
    target[i] = c0 === 0 ? r : c0 === 1 ? g : b;
    target[i + 1] = c1 === 0 ? r : c1 === 1 ? g : b;
    target[i + 2] = c2 === 0 ? r : c2 === 1 ? g : b;
  }
}
