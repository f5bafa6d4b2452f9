import { describe, expect, it } from 'vitest';
import { LinearSmoothing } from './linear-smoothing.js';
import { createSmoothing, type Smoothing } from './smoothing.js';
import { DEFAULT_SMOOTHING } from './smoothing-config.js';

const linear = (timeMs: number, updateFrequency: number) => ({
  ...DEFAULT_SMOOTHING,
  type: 'linear' as const,
  timeMs,
  updateFrequency,
});

/** The outputs at each time, copied (the smoothing reuses its buffer). */
function outputs(smoothing: Smoothing, times: number[]): (number[] | undefined)[] {
  return times.map((t) => {
    const frame = smoothing.update(t);
    return frame ? [...frame] : undefined;
  });
}

describe('linear smoothing', () => {
  it('ramps 0→255 over 100 ms at 50 Hz in five equal steps, landing on time', () => {
    const s = createSmoothing(1, linear(100, 50));
    s.write(Uint8Array.of(0, 255, 10), 0);
    expect(outputs(s, [0])).toEqual([[0, 255, 10]]);
    s.write(Uint8Array.of(255, 0, 10), 0);
    // k = 20/100, 20/80, 20/60, 20/40, then targetTime: each step is ceil(k·gap) = 51.
    expect(outputs(s, [20, 40, 60, 80, 100, 120])).toEqual([
      [51, 204, 10],
      [102, 153, 10],
      [153, 102, 10],
      [204, 51, 10],
      [255, 0, 10],
      undefined,
    ]);
  });

  it('rounds every step up, so an uneven ramp still lands exactly (150 ms, 25 Hz)', () => {
    const s = createSmoothing(1, linear(150, 25));
    s.write(Uint8Array.of(0, 200, 7), -1000);
    expect(outputs(s, [-1000])).toEqual([[0, 200, 7]]);
    s.write(Uint8Array.of(100, 0, 8), 0);
    // t=40: k=40/150 → ceil(26.7)=27, ceil(53.3)=54, ceil(0.27)=1
    // t=80: k=40/110 → ceil(26.5)=27, ceil(53.1)=54
    // t=120: k=40/70 → ceil(26.3)=27, ceil(52.6)=53
    // t=160: past targetTime 150 → the target
    expect(outputs(s, [40, 80, 120, 160])).toEqual([
      [27, 146, 8],
      [54, 92, 8],
      [81, 39, 8],
      [100, 0, 8],
    ]);
  });

  it('does not add a step for floating-point dust on a whole product', () => {
    const s = createSmoothing(1, linear(120, 20));
    s.write(Uint8Array.of(0, 0, 0), 0);
    s.update(0);
    s.write(Uint8Array.of(108, 0, 0), 0);
    // k = 70/120 and 108·k = 63 exactly; in floating point it is 63.00000000000001.
    expect(outputs(s, [70])).toEqual([[63, 0, 0]]);
  });

  it('restarts from the current value when a new frame comes mid-ramp', () => {
    const s = createSmoothing(1, linear(100, 50));
    s.write(Uint8Array.of(0, 0, 0), 0);
    s.update(0);
    s.write(Uint8Array.of(255, 255, 255), 0);
    expect(outputs(s, [20, 40])).toEqual([
      [51, 51, 51],
      [102, 102, 102],
    ]);
    // New target 0 at t=50 (targetTime 150); the ramp runs from the output of t=40.
    // k = 20/110 → ceil(18.5)=19; 20/90 → ceil(18.4)=19; 20/70 → ceil(18.3)=19;
    // 20/50 → 18; 20/30 → 18; then targetTime.
    s.write(Uint8Array.of(0, 0, 0), 50);
    expect(outputs(s, [60, 80, 100, 120, 140, 160]).map((f) => f?.[0])).toEqual([
      83, 64, 45, 27, 9, 0,
    ]);
  });

  it('shows the first frame as it is, then nothing more once settled', () => {
    const s = createSmoothing(2, linear(150, 25));
    const first = Uint8Array.of(1, 2, 3, 4, 5, 6);
    s.write(first, 10);
    expect(outputs(s, [10, 50, 90])).toEqual([[1, 2, 3, 4, 5, 6], undefined, undefined]);
  });

  it('stays quiet when the settled target is written again, and ramps from the write after a rest', () => {
    const s = createSmoothing(1, linear(100, 50));
    s.write(Uint8Array.of(255, 255, 255), 0);
    expect(outputs(s, [0, 20])).toEqual([[255, 255, 255], undefined]);
    s.write(Uint8Array.of(255, 255, 255), 500);
    expect(outputs(s, [520])).toEqual([undefined]);
    // At rest since t=0: the ramp starts at the write (t=1005), not at the last output.
    // k = 15/100 → 255 − ceil(38.25) = 216.
    s.write(Uint8Array.of(0, 0, 0), 1005);
    expect(outputs(s, [1020])).toEqual([[216, 216, 216]]);
  });

  it('ramps from a frame written with a back-dated time, as a replacement smoothing is seeded', () => {
    const s = createSmoothing(1, linear(100, 50));
    s.write(Uint8Array.of(200, 200, 200), -100);
    s.write(Uint8Array.of(0, 0, 0), 0);
    // Nothing was output yet: the ramp starts at the second write. k = 20/100 → 200 − 40.
    expect(outputs(s, [20])).toEqual([[160, 160, 160]]);
  });

  it('does not move before an interval has passed since the last output', () => {
    const s = createSmoothing(1, linear(100, 50));
    s.write(Uint8Array.of(0, 0, 0), 0);
    s.update(0);
    s.write(Uint8Array.of(100, 100, 100), 0);
    expect(outputs(s, [10, 18.9, 19])).toEqual([undefined, undefined, [19, 19, 19]]);
  });
});

describe('LinearSmoothing.step', () => {
  it('moves each channel by ceil(k·gap) toward the target and reports arrival', () => {
    const step = new LinearSmoothing();
    const output = Uint8Array.of(0, 100, 50, 9);
    const target = Uint8Array.of(10, 0, 50, 10);
    // k = 25/100: ceil(2.5)=3, ceil(25)=25, 0, ceil(0.25)=1
    expect(step.step(output, target, 25, 0, 100)).toBe(false);
    expect([...output]).toEqual([3, 75, 50, 10]);
    expect(step.step(output, target, 100, 25, 100)).toBe(true);
    expect([...output]).toEqual([10, 0, 50, 10]);
  });
});
