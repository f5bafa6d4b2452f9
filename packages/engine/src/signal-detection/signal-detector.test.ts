import { defaultGroup } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { frame, type Rgb } from '../../test/support/frames.js';
import type { RgbImage } from '../types.js';
import {
  MAX_SAMPLES_PER_SIDE,
  type SignalDetectionSettings,
  SignalDetector,
  type SignalVerdict,
  signalLevel,
} from './signal-detector.js';

/** The `grabberV4L2` group's defaults (area 0.4–0.46 × 0.1–0.9, thresholds 0/100/0 %, 200 frames), switched on. */
const DEFAULTS: SignalDetectionSettings = {
  ...(defaultGroup('grabberV4L2') as SignalDetectionSettings),
  signalDetection: true,
};

const detector = (over: Partial<SignalDetectionSettings> = {}) =>
  new SignalDetector({ ...DEFAULTS, ...over });

/** A 240×135 frame (1920×1080 at sizeDecimation 8) of one colour, with rectangles over it. */
const flat = (color: Rgb, overlays: Parameters<typeof frame>[0]['overlays'] = []): RgbImage =>
  frame({ width: 240, height: 135, picture: color, overlays });

const BLACK: Rgb = [0, 0, 0];
/** The "no signal" screen of many HDMI capture sticks. */
const GREEN: Rgb = [0, 255, 0];

/** A real picture: a diagonal colour gradient. */
function picture(width = 240, height = 135): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      data[p] = (x * 255) / width;
      data[p + 1] = (y * 255) / height;
      data[p + 2] = 255 - (x * 255) / width;
    }
  }
  return { width, height, data };
}

/** Feeds `count` frames and answers the verdicts and changes seen. */
function feedMany(d: SignalDetector, image: RgbImage, count: number) {
  const verdicts: SignalVerdict[] = [];
  const changes: string[] = [];
  for (let i = 0; i < count; i++) {
    verdicts.push(d.feed(image));
    if (d.change) changes.push(`${i + 1}:${d.change}`);
  }
  return { verdicts, changes };
}

describe('signalLevel', () => {
  it('is ⌊255·p/100⌋, as Hyperion.ng truncates 255·p to a byte', () => {
    expect(signalLevel(0)).toBe(0);
    expect(signalLevel(50)).toBe(127);
    expect(signalLevel(20)).toBe(51);
    expect(signalLevel(100)).toBe(255);
  });
});

describe('SignalDetector', () => {
  it('passes a real picture on, frame after frame', () => {
    const d = detector();
    const { verdicts, changes } = feedMany(d, picture(), 500);
    expect(verdicts.every((v) => v === 'signal')).toBe(true);
    expect(changes).toEqual([]);
    expect(d.counter).toBe(0);
  });

  it('stops passing black frames on at the 200th in a row (the default), saying so once', () => {
    const d = detector();
    const { verdicts, changes } = feedMany(d, flat(BLACK), 250);
    expect(verdicts.slice(0, 199).every((v) => v === 'signal')).toBe(true);
    expect(verdicts.slice(199).every((v) => v === 'no-signal')).toBe(true);
    expect(changes).toEqual(['200:lost']);
    expect(d.counter).toBe(200);
    expect(d.verdict).toBe('no-signal');
  });

  it("takes a capture stick's pure green screen for no signal with the defaults (green up to 100 %)", () => {
    const d = detector({ noSignalCounterThreshold: 5 });
    expect(feedMany(d, flat(GREEN), 5).changes).toEqual(['5:lost']);
    // With green's threshold lowered, the same screen is a picture.
    const strict = detector({ noSignalCounterThreshold: 5, greenSignalThreshold: 90 });
    expect(feedMany(strict, flat(GREEN), 20).changes).toEqual([]);
  });

  it('says "detected" at the first frame that shows something, and counts again from 0', () => {
    const d = detector({ noSignalCounterThreshold: 3 });
    feedMany(d, flat(BLACK), 10);
    expect(d.feed(picture())).toBe('signal');
    expect(d.change).toBe('detected');
    expect(d.counter).toBe(0);
    expect(d.feed(picture())).toBe('signal');
    expect(d.change).toBeUndefined();
    expect(feedMany(d, flat(BLACK), 3).changes).toEqual(['3:lost']);
  });

  it('counts only frames in a row: a picture between dark frames starts the count again', () => {
    const d = detector({ noSignalCounterThreshold: 3 });
    const seen = [
      d.feed(flat(BLACK)),
      d.feed(flat(BLACK)),
      d.feed(picture()),
      d.feed(flat(BLACK)),
      d.feed(flat(BLACK)),
    ];
    expect(seen).toEqual(['signal', 'signal', 'signal', 'signal', 'signal']);
    expect(d.counter).toBe(2);
    expect(d.feed(flat(BLACK))).toBe('no-signal');
    expect(d.change).toBe('lost');
  });

  it('with a threshold of 1, drops the very first blank frame', () => {
    const d = detector({ noSignalCounterThreshold: 1 });
    expect(d.feed(flat(BLACK))).toBe('no-signal');
    expect(d.change).toBe('lost');
    expect(d.feed(flat(BLACK))).toBe('no-signal');
    expect(d.change).toBeUndefined();
  });

  it('looks only at the detection area: a dark scene lit there is a picture, lit elsewhere it is not', () => {
    // The default area is x 96–110, y 13–121 of 240×135.
    const litInside = flat(BLACK, [{ x: 100, y: 60, width: 2, height: 2, color: [200, 200, 200] }]);
    const litOutside = flat(BLACK, [
      { x: 0, y: 0, width: 90, height: 135, color: [255, 255, 255] },
      { x: 120, y: 0, width: 120, height: 135, color: [255, 0, 255] },
    ]);
    const d = detector({ noSignalCounterThreshold: 2 });
    expect(feedMany(d, litInside, 10).changes).toEqual([]);
    expect(feedMany(d, litOutside, 2).changes).toEqual(['2:lost']);
    // The area's edges: its last column is 109 (⌊0.46·240⌋ − 1), the next is outside.
    const lastColumn = flat(BLACK, [{ x: 109, y: 60, width: 1, height: 1, color: [255, 0, 0] }]);
    const pastIt = flat(BLACK, [{ x: 110, y: 60, width: 1, height: 1, color: [255, 0, 0] }]);
    const edges = detector({ noSignalCounterThreshold: 1 });
    expect(edges.feed(lastColumn)).toBe('signal');
    expect(edges.feed(pastIt)).toBe('no-signal');
  });

  it('counts a pixel at its thresholds as no signal, one step above as a picture', () => {
    const d = detector({
      noSignalCounterThreshold: 1,
      redSignalThreshold: 50,
      blueSignalThreshold: 20,
    });
    expect(d.feed(flat([127, 255, 51]))).toBe('no-signal');
    expect(
      detector({ noSignalCounterThreshold: 1, redSignalThreshold: 50 }).feed(flat([128, 0, 0])),
    ).toBe('signal');
    expect(
      detector({ noSignalCounterThreshold: 1, blueSignalThreshold: 20 }).feed(flat([0, 0, 52])),
    ).toBe('signal');
  });

  it('passes every frame on when signalDetection is off', () => {
    const d = detector({ signalDetection: false, noSignalCounterThreshold: 1 });
    expect(feedMany(d, flat(BLACK), 10).verdicts.every((v) => v === 'signal')).toBe(true);
    expect(d.enabled).toBe(false);
    expect(d.counter).toBe(0);
  });

  it('takes an empty area as its one first pixel, not as "no signal" for ever', () => {
    const d = detector({ noSignalCounterThreshold: 1, sDHOffsetMin: 0.5, sDHOffsetMax: 0.5 });
    // (120, y) is the area's one column.
    const lit = flat(BLACK, [{ x: 120, y: 0, width: 1, height: 135, color: [255, 255, 255] }]);
    expect(d.feed(lit)).toBe('signal');
    expect(d.feed(flat(BLACK))).toBe('no-signal');
  });

  it('reads a full-size frame on a grid, and follows a change of frame size', () => {
    const d = detector({
      noSignalCounterThreshold: 1,
      sDHOffsetMin: 0,
      sDHOffsetMax: 1,
      sDVOffsetMin: 0,
      sDVOffsetMax: 1,
    });
    const big = frame({ width: 1920, height: 1080, picture: BLACK });
    expect(d.feed(big)).toBe('no-signal');
    // A lit band a grid step wide is always read.
    const step = Math.ceil(1920 / MAX_SAMPLES_PER_SIDE);
    const band = frame({
      width: 1920,
      height: 1080,
      picture: BLACK,
      overlays: [{ x: 700, y: 0, width: step, height: 1080, color: [0, 0, 255] }],
    });
    expect(d.feed(band)).toBe('signal');
    expect(d.change).toBe('detected');
    expect(d.feed(flat(BLACK))).toBe('no-signal');
    expect(d.feed(picture(64, 36))).toBe('signal');
  });

  it('forgets its count on reset', () => {
    const d = detector({ noSignalCounterThreshold: 2 });
    feedMany(d, flat(BLACK), 5);
    d.reset();
    expect(d.verdict).toBe('signal');
    expect(d.counter).toBe(0);
    expect(d.feed(flat(BLACK))).toBe('signal');
  });
});
