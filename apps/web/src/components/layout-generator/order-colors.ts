/**
 * The preview's colours: a ramp of hues from red at the first LED through green to blue at the
 * last, so the order of the strip shows at a glance (the picture's "1 →" marker names the start
 * in text). The page says so in words too: the colours carry no information of their own.
 */

/** The hue of the first and of the last LED, in degrees. */
const FIRST_HUE = 0;
const LAST_HUE = 240;

/** An RGB colour of full saturation and brightness at `hue` degrees (0..360), as bytes. */
export function hueColor(hue: number): [number, number, number] {
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = Math.round(255 * (1 - Math.abs((h % 2) - 1)));
  const sector = Math.floor(h);
  const table: Array<[number, number, number]> = [
    [255, x, 0],
    [x, 255, 0],
    [0, 255, x],
    [0, x, 255],
    [x, 0, 255],
    [255, 0, x],
  ];
  return table[sector] as [number, number, number];
}

/** RGB bytes, 3 per LED, for `count` LEDs: the hue ramp from the first LED to the last. */
export function orderColors(count: number): Uint8Array {
  const colors = new Uint8Array(Math.max(0, count) * 3);
  for (let i = 0; i < count; i++) {
    const t = count > 1 ? i / (count - 1) : 0;
    colors.set(hueColor(FIRST_HUE + t * (LAST_HUE - FIRST_HUE)), i * 3);
  }
  return colors;
}
