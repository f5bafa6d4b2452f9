import { describe, expect, it } from 'vitest';
import type { SmoothingConfig } from '../types.js';
import { createSmoothing, type Smoothing } from './smoothing.js';
import { DEFAULT_SMOOTHING } from './smoothing-config.js';

const config = (over: Partial<SmoothingConfig>): SmoothingConfig => ({
  ...DEFAULT_SMOOTHING,
  ...over,
});

/** First channel of each output, or undefined; one LED is enough to follow the timing. */
function firstChannel(smoothing: Smoothing, times: number[]): (number | undefined)[] {
  return times.map((t) => smoothing.update(t)?.[0]);
}

/** Black shown at t=0, then white as the new target: the 0→255, 100 ms, 50 Hz ramp. */
function rampWithDelay(updateDelay: number): Smoothing {
  const s = createSmoothing(1, config({ timeMs: 100, updateFrequency: 50, updateDelay }));
  s.write(new Uint8Array(3), 0);
  s.update(0);
  s.write(Uint8Array.of(255, 255, 255), 0);
  return s;
}

describe('createSmoothing', () => {
  it('asks to be updated at the output rate', () => {
    expect(createSmoothing(1, config({ updateFrequency: 25 })).intervalMs).toBe(40);
    expect(createSmoothing(1, config({ updateFrequency: 30 })).intervalMs).toBeCloseTo(33.333, 3);
  });

  it("runs a frozen copy of the configuration, the schema's bounds as they are", () => {
    const given = config({ timeMs: 1, updateFrequency: 1, updateDelay: 2048 });
    const s = createSmoothing(1, given);
    expect(s.config).toEqual(given);
    expect(s.config).not.toBe(given);
    expect(Object.isFrozen(s.config)).toBe(true);
    expect(s.intervalMs).toBe(1000);
  });

  it('picks the algorithm by type: decay fades a first frame in from black, linear shows it', () => {
    const frame = Uint8Array.of(100, 100, 100);
    const lin = createSmoothing(1, config({ type: 'linear', timeMs: 100, updateFrequency: 50 }));
    const dec = createSmoothing(
      1,
      config({ type: 'decay', timeMs: 100, updateFrequency: 50, interpolationRate: 50 }),
    );
    lin.write(frame, 0);
    dec.write(frame, 0);
    expect(firstChannel(lin, [20])).toEqual([100]);
    expect(firstChannel(dec, [20])).toEqual([20]);
  });

  it('throws a RangeError for a frame of the wrong length', () => {
    const s = createSmoothing(2, DEFAULT_SMOOTHING);
    expect(() => s.write(new Uint8Array(3), 0)).toThrow(RangeError);
    expect(() => s.write(new Uint8Array(3), 0)).toThrow(
      'Smoothing got a frame of 3 bytes for a layout of 6 (3 per LED); rebuild the smoothing when the layout changes.',
    );
  });
});

describe('Smoothing.update', () => {
  it('returns nothing before the first frame', () => {
    const s = createSmoothing(1, DEFAULT_SMOOTHING);
    expect(firstChannel(s, [0, 40, 80])).toEqual([undefined, undefined, undefined]);
  });

  it('without delay: the ramp, then nothing once settled', () => {
    const s = rampWithDelay(0);
    expect(firstChannel(s, [20, 40, 60, 80, 100, 120, 140])).toEqual([
      51,
      102,
      153,
      204,
      255,
      undefined,
      undefined,
    ]);
  });

  it('updateDelay 1 gives each frame one output later, then drains the settled frame', () => {
    const s = createSmoothing(1, config({ timeMs: 100, updateFrequency: 50, updateDelay: 1 }));
    s.write(new Uint8Array(3), 0);
    expect(firstChannel(s, [0])).toEqual([undefined]);
    s.write(Uint8Array.of(255, 255, 255), 0);
    expect(firstChannel(s, [20, 40, 60, 80, 100, 120, 140])).toEqual([
      0,
      51,
      102,
      153,
      204,
      255,
      undefined,
    ]);
  });

  it('updateDelay 2 gives each frame two outputs later', () => {
    const s = createSmoothing(1, config({ timeMs: 100, updateFrequency: 50, updateDelay: 2 }));
    s.write(new Uint8Array(3), 0);
    expect(firstChannel(s, [0])).toEqual([undefined]);
    s.write(Uint8Array.of(255, 255, 255), 0);
    expect(firstChannel(s, [20, 40, 60, 80, 100, 120, 140, 160])).toEqual([
      undefined,
      0,
      51,
      102,
      153,
      204,
      255,
      undefined,
    ]);
  });

  it('counts its outputs: the first to carry a frame written at count k comes out at k + 1 + updateDelay', () => {
    for (const delay of [0, 1, 2]) {
      const s = rampWithDelay(delay);
      const k = s.outputs;
      let carriedAt: number | undefined;
      for (let t = 20; carriedAt === undefined && t <= 200; t += 20) {
        if ((s.update(t)?.[0] ?? 0) > 0) carriedAt = s.outputs;
      }
      expect(carriedAt).toBe(k + 1 + delay);
      s.clear();
      expect(s.outputs).toBe(0);
    }
  });

  it('hands out a buffer that a later update() overwrites (documented: copy to keep)', () => {
    const s = rampWithDelay(0);
    const a = s.update(20);
    expect(a?.[0]).toBe(51);
    const b = s.update(40);
    expect(b).toBe(a);
    expect(a?.[0]).toBe(102);
  });

  it('with a delay, the handed-out frame survives until the next update()', () => {
    const s = rampWithDelay(1);
    const a = s.update(20);
    expect(a?.[0]).toBe(0);
    const b = s.update(40);
    expect(b?.[0]).toBe(51);
    expect(b).not.toBe(a);
  });

  it('clear() forgets everything: nothing is due, and the next frame is a first frame', () => {
    const s = rampWithDelay(2);
    s.update(20);
    s.update(40);
    s.clear();
    expect(firstChannel(s, [60, 80])).toEqual([undefined, undefined]);
    s.write(Uint8Array.of(7, 7, 7), 100);
    // The delay queue starts empty again: two outputs of waiting, then the frame.
    expect(firstChannel(s, [100, 120, 140, 160])).toEqual([undefined, undefined, 7, undefined]);
  });
});
