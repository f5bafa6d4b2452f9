// Benchmark: black-border detection (packages/engine/dist), per frame, beside its baseline in the
// same run. For 640×360 and 1920×1080 pictures mapped onto 300 LEDs around the screen:
//
// - baseline: the image→LED mapping alone (multicolor_mean, its table built beforehand), which
//   every picture frame costs with detection off;
// - detect: BlackBorderProcessor.process (detector and stabiliser), what detection adds to a
//   frame, and its share of the baseline;
// - for information, the mapping inside the border found (fewer rows, but LED areas that fall
//   under 1,600 pixels are no longer halved, so it may cost more or less than the baseline);
// for a letterboxed film (the picture is met just after the bars) and a dark scene (no picture on
// any line read: the detector reads a third of each line, its worst case).
//
// Rounds alternate the cases; each figure is the median over rounds of the mean per frame.
// Flags: --frames N per round (default 1000), --rounds R (default 7). It asserts nothing.
import { parseArgs } from 'node:util';
import { BlackBorderProcessor, ImageToLeds, LedLayout } from '../packages/engine/dist/index.js';
import { withDefaults } from '../packages/protocol/dist/index.js';
import { median } from './support/stats.mjs';

const { values: flags } = parseArgs({
  options: {
    frames: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '7' },
  },
});
const FRAMES = Number(flags.frames);
const ROUNDS = Number(flags.rounds);
const LEDS = 300;

/** 300 LEDs around the screen: 100 along the top and the bottom, 50 down each side, 10 % deep. */
function around() {
  const leds = [];
  for (let i = 0; i < 100; i++)
    leds.push({ hmin: i / 100, hmax: (i + 1) / 100, vmin: 0, vmax: 0.1 });
  for (let i = 0; i < 50; i++) leds.push({ hmin: 0.9, hmax: 1, vmin: i / 50, vmax: (i + 1) / 50 });
  for (let i = 99; i >= 0; i--)
    leds.push({ hmin: i / 100, hmax: (i + 1) / 100, vmin: 0.9, vmax: 1 });
  for (let i = 49; i >= 0; i--) leds.push({ hmin: 0, hmax: 0.1, vmin: i / 50, vmax: (i + 1) / 50 });
  return leds;
}

/** A noisy picture between black bars (`bars` rows above and below), or a dark scene. */
function picture(width, height, bars, dark, seed) {
  const data = new Uint8Array(width * height * 3);
  let s = seed;
  for (let y = bars; y < height - bars; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const p = (y * width + x) * 3;
      data[p] = dark ? s & 7 : 40 + (s & 127);
      data[p + 1] = dark ? (s >> 8) & 7 : 40 + ((s >> 8) & 127);
      data[p + 2] = dark ? (s >> 16) & 7 : 40 + ((s >> 16) & 127);
    }
  }
  return { width, height, data };
}

const layout = LedLayout.fromSettings(around(), { hardwareLedCount: LEDS });
const settings = withDefaults('blackborderdetector', {});
const out = new Uint8Array(LEDS * 3);

/** Mean µs per frame of `step` over FRAMES frames cycling through `frames`. */
function timed(frames, step) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < FRAMES; i++) step(frames[i % frames.length]);
  return Number(process.hrtime.bigint() - start) / 1e3 / FRAMES;
}

const fmt = (x, width = 10) => x.toFixed(2).padStart(width);
console.log(`${LEDS} LEDs, ${FRAMES} frames × ${ROUNDS} rounds; µs per frame, median over rounds`);
console.log(
  `${'picture'.padEnd(24)}${'map (baseline)'.padStart(16)}${'detect'.padStart(10)}${'share'.padStart(9)}${'map inside'.padStart(12)}`,
);
for (const [width, height] of [
  [640, 360],
  [1920, 1080],
]) {
  for (const dark of [false, true]) {
    // A 2.40:1 film in a 16:9 frame: an eighth of the height above and below.
    const bars = Math.round(height / 8);
    const frames = [1, 2, 3, 4].map((seed) => picture(width, height, bars, dark, seed));
    const whole = new ImageToLeds(layout, width, height, { type: 'multicolor_mean' });
    const processor = new BlackBorderProcessor(settings);
    const crop = processor.process(frames[0]);
    const inside = new ImageToLeds(layout, width, height, {
      type: 'multicolor_mean',
      border: crop,
    });
    const rounds = { map: [], detect: [], inside: [] };
    for (let r = 0; r < ROUNDS; r++) {
      rounds.map.push(timed(frames, (f) => whole.map(f, out)));
      rounds.detect.push(timed(frames, (f) => processor.process(f)));
      rounds.inside.push(timed(frames, (f) => inside.map(f, out)));
    }
    const map = median(rounds.map);
    const detect = median(rounds.detect);
    const name = `${width}×${height} ${dark ? 'dark scene' : 'letterboxed'}`;
    console.log(
      `${name.padEnd(24)}${fmt(map, 16)}${fmt(detect)}${`${((100 * detect) / map).toFixed(2)} %`.padStart(9)}${fmt(median(rounds.inside), 12)}`,
    );
  }
}
