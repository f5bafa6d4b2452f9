/**
 * The colours this browser set last, kept in its local storage (per browser, not on the server):
 * the newest first, each once, at most {@link RECENT_MAX}.
 */

/** How many colours are remembered. */
export const RECENT_MAX = 6;

const RECENT_KEY = 'glowkit.colour.recent';

/** A colour: red, green, blue, 0..255. */
export type Rgb = readonly [number, number, number];

const isRgb = (value: unknown): value is Rgb =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every((c) => Number.isInteger(c) && c >= 0 && c <= 255);

/** The remembered colours, newest first; none when nothing (or something unreadable) is kept. */
export function recentColours(storage: Pick<Storage, 'getItem'>): Rgb[] {
  let kept: unknown;
  try {
    kept = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(kept) ? kept.filter(isRgb).slice(0, RECENT_MAX) : [];
}

/** Remembers `colour` as the newest; returns the list as now kept. */
export function rememberColour(storage: Pick<Storage, 'getItem' | 'setItem'>, colour: Rgb): Rgb[] {
  const same = (c: Rgb) => c.every((v, i) => v === colour[i]);
  const list = [colour, ...recentColours(storage).filter((c) => !same(c))].slice(0, RECENT_MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (a private window): the list is only not kept.
  }
  return list;
}
