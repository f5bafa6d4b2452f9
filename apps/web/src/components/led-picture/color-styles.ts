/** Bits kept per channel: 6 gives 262,144 colours, more than the eye tells apart on an LED dot. */
const BITS = 6;
const DROP = 8 - BITS;
const MASK = (1 << BITS) - 1;

/**
 * The canvas `fillStyle` strings of LED colours, made once per colour and then reused: setting a
 * cached string allocates nothing, where building `rgb(…)` for every LED would make a thousand
 * strings per frame for the garbage collector. Colours are rounded to {@link BITS} bits per
 * channel so the table has a fixed, bounded size (filled lazily, as colours appear).
 */
export class ColorStyles {
  readonly #table: (string | undefined)[] = new Array(1 << (3 * BITS));

  /** The key of an RGB colour (bytes), for {@link ColorStyles.style}. */
  key(r: number, g: number, b: number): number {
    return ((r >> DROP) << (2 * BITS)) | ((g >> DROP) << BITS) | (b >> DROP);
  }

  /** The `fillStyle` of a key from {@link ColorStyles.key}. */
  style(key: number): string {
    const cached = this.#table[key];
    if (cached !== undefined) return cached;
    const channel = (shift: number) => {
      const v = (key >> shift) & MASK;
      // Spread the kept bits over 0..255, so full white stays 255 and black 0.
      return (v << DROP) | (v >> (BITS - DROP));
    };
    const made = `rgb(${channel(2 * BITS)},${channel(BITS)},${channel(0)})`;
    this.#table[key] = made;
    return made;
  }
}
