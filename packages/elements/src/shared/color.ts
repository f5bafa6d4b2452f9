/** Colour helpers for the colour pickers: channels, `#rrggbb` hex and CSS colours. */

/** Red, green and blue, each an integer 0..255. */
export type Rgb = [number, number, number];

/** A channel as a displayable integer 0..255: rounded and clamped; anything else is 0. */
export function toChannel(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(255, Math.max(0, Math.round(value)));
}

/** An alpha as a displayable number 0..1: clamped; anything else is 1 (opaque). */
export function toAlpha(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  return Math.min(1, Math.max(0, value));
}

/** The displayable colour of a value that may be malformed: `[r, g, b]` channels, made safe. */
export function toRgb(value: unknown): Rgb {
  const list = Array.isArray(value) ? value : [];
  return [toChannel(list[0]), toChannel(list[1]), toChannel(list[2])];
}

/** `[255, 0, 128]` → `'#ff0080'`, the format of `<input type="color">`. */
export function rgbToHex(rgb: readonly number[]): string {
  const hex = (n: unknown) => toChannel(n).toString(16).padStart(2, '0');
  return `#${hex(rgb[0])}${hex(rgb[1])}${hex(rgb[2])}`;
}

/** `'#ff0080'` or `'#f08'` (case-insensitive, `#` optional) → `[255, 0, 128]`; undefined otherwise. */
export function hexToRgb(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  let digits = match[1] as string;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/** A CSS colour for a value: `rgb(r g b)`, or `rgb(r g b / a)` when an alpha is given. */
export function cssColor(rgb: readonly number[], alpha?: number): string {
  const [r, g, b] = toRgb(rgb);
  return alpha === undefined ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${toAlpha(alpha)})`;
}
