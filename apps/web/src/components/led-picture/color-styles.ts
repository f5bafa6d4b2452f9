/** Levels kept per channel: 64 give 262,144 colours, more than the eye tells apart on an LED dot. */
const BITS = 6;
const MAX = (1 << BITS) - 1;
/** Each byte's nearest level, and each level's byte: a channel is drawn at most 2 off. */
const LEVEL = Uint8Array.from({ length: 256 }, (_, c) => Math.round((c * MAX) / 255));
const BYTE = Uint8Array.from({ length: MAX + 1 }, (_, v) => Math.round((v * 255) / MAX));

/**
 * The canvas `fillStyle` strings of LED colours, made once per colour and then reused: setting a
 * cached string allocates nothing, where building `rgb(…)` for every LED would make a thousand
 * strings per frame for the garbage collector. Colours are rounded to the nearest of 64 levels
 * per channel so the table has a fixed, bounded size (filled lazily, as colours appear); the live
 * picture then shows the colour a user chose within 2 of each channel, as a canvas rounds anyway.
 */
export class ColorStyles {
  readonly #table: (string | undefined)[] = new Array(1 << (3 * BITS));

  /** The key of an RGB colour (bytes), for {@link ColorStyles.style}. */
  key(r: number, g: number, b: number): number {
    return ((LEVEL[r] ?? 0) << (2 * BITS)) | ((LEVEL[g] ?? 0) << BITS) | (LEVEL[b] ?? 0);
  }

  /** The `fillStyle` of a key from {@link ColorStyles.key}. */
  style(key: number): string {
    const cached = this.#table[key];
    if (cached !== undefined) return cached;
    const channel = (shift: number) => BYTE[(key >> shift) & MAX] ?? 0;
    const made = `rgb(${channel(2 * BITS)},${channel(BITS)},${channel(0)})`;
    this.#table[key] = made;
    return made;
  }
}
