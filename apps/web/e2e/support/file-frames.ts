// What a `file` LED device wrote, read as the file it is: one line per frame, `{r,g,b}` per LED.
import { readFileSync } from 'node:fs';

/** A line of the file device: one frame, `{r,g,b}` per LED. */
const FRAME_LINE = /^ \[((?:\{\d{1,3},\d{1,3},\d{1,3}\})*)\]$/;

/** The frames the file device wrote to `path` so far (none before it opened the file): each line's LEDs as `[r, g, b]`. */
export function framesInFile(path: string): number[][][] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const leds = FRAME_LINE.exec(line)?.[1];
      if (leds === undefined) throw new Error(`not a frame line: ${line.slice(0, 80)}`);
      return [...leds.matchAll(/\{(\d+),(\d+),(\d+)\}/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
        Number(m[3]),
      ]);
    });
}
