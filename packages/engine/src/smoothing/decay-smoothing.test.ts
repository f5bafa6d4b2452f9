import { describe, expect, it } from 'vitest';
import type { SmoothingConfig } from '../types.js';
import { createSmoothing, type Smoothing } from './smoothing.js';
import { DEFAULT_SMOOTHING } from './smoothing-config.js';

const decay = (over: Partial<SmoothingConfig>): SmoothingConfig => ({
  ...DEFAULT_SMOOTHING,
  type: 'decay',
  timeMs: 100,
  updateFrequency: 50,
  interpolationRate: 50,
  ...over,
});

function outputs(smoothing: Smoothing, times: number[]): (number[] | undefined)[] {
  return times.map((t) => {
    const frame = smoothing.update(t);
    return frame ? [...frame] : undefined;
  });
}

const X = Uint8Array.of(100, 0, 200);

describe('decay smoothing, decay 1 (box average over the window)', () => {
  it('weights each frame by the share of the 100 ms window it was the newest', () => {
    const s = createSmoothing(1, decay({ decay: 1 }));
    s.write(X, 0);
    // Before the window is covered the empty part counts as black: 0.2·X, 0.4·X.
    expect(outputs(s, [20, 40])).toEqual([
      [20, 0, 40],
      [40, 0, 80],
    ]);
    s.write(Uint8Array.of(0, 250, 10), 50);
    // t=60: X 0.5, Y 0.1 · t=80: X 0.5, Y 0.3 · t=100: 0.5/0.5 · t=120: X [20,50] 0.3, Y 0.7
    // t=140: X 0.1, Y 0.9 · t=160: past targetTime 150, Y exactly · then settled.
    expect(outputs(s, [60, 80, 100, 120, 140, 160, 180])).toEqual([
      [50, 25, 101],
      [50, 75, 103],
      [50, 125, 105],
      [30, 175, 67],
      [10, 225, 29],
      [0, 250, 10],
      undefined,
    ]);
  });

  it('keeps only the history that still reaches into the window', () => {
    const s = createSmoothing(1, decay({ decay: 1 }));
    // 21 frames, one every 10 ms, frame i = (i, 2i, 255 − i).
    for (let i = 0; i <= 20; i++) s.write(Uint8Array.of(i, 2 * i, 255 - i), 10 * i);
    // Window [105, 205]: frame 10 for 5 ms, frames 11..19 for 10 ms each, frame 20 for 5 ms:
    // 0.05·10 + 0.1·(11+…+19) + 0.05·20 = 15.
    expect(outputs(s, [205])).toEqual([[15, 30, 240]]);
  });
});

describe('decay smoothing, decay 2', () => {
  it('weights a span s..t of the window by 3(t² − s²) and divides by the total', () => {
    const s = createSmoothing(1, decay({ decay: 2 }));
    s.write(X, 0);
    // t=20: X spans 0.8..1 of the window: weight 3(1 − 0.64) = 1.08 ≥ 1, so X itself.
    expect(outputs(s, [20, 40])).toEqual([
      [100, 0, 200],
      [100, 0, 200],
    ]);
    s.write(Uint8Array.of(0, 200, 12), 50);
    // t=60: X 3(0.81−0.16)=1.95, Y 3(1−0.81)=0.57 → X·0.7738 + Y·0.2262
    // t=80: X 3(0.49−0.04)=1.35, Y 3(1−0.49)=1.53 → X·0.46875 + Y·0.53125
    // t=100: X 0.75, Y 2.25 → X/4 + 3Y/4 · t=120: X 0.27, Y 2.73 · t=140: X 0.03, Y 2.97
    expect(outputs(s, [60, 80, 100, 120, 140, 160])).toEqual([
      [77, 45, 157],
      [47, 106, 100],
      [25, 150, 59],
      [9, 182, 29],
      [1, 198, 14],
      [0, 200, 12],
    ]);
  });
});

describe('decay smoothing, interpolation rate and dithering', () => {
  const B = Uint8Array.of(1, 2, 4);

  it('holds the mean between interpolations when the interpolation rate is lower', () => {
    const s = createSmoothing(1, decay({ interpolationRate: 1 }));
    s.write(B, 0);
    // Interpolated once at t=30 (0.3·B = 0.3, 0.6, 1.2), then held: same frame every output.
    expect(outputs(s, [30, 50, 70, 90, 110])).toEqual([
      [0, 1, 1],
      [0, 1, 1],
      [0, 1, 1],
      [0, 1, 1],
      [1, 2, 4],
    ]);
  });

  it('with dithering, carries each rounding error into the next output', () => {
    const s = createSmoothing(1, decay({ interpolationRate: 1, dithering: true }));
    s.write(B, 0);
    // mean (0.3, 0.6, 1.2); residuals start at 0:
    // t=30: 0.3→0 (+0.3)  0.6→1 (−0.4)  1.2→1 (+0.2)
    // t=50: 0.6→1 (−0.4)  0.2→0 (+0.2)  1.4→1 (+0.4)
    // t=70: −0.1→0 (−0.1) 0.8→1 (−0.2)  1.6→2 (−0.4)
    // t=90: 0.2→0 (+0.2)  0.4→0 (+0.4)  0.8→1 (−0.2)
    expect(outputs(s, [30, 50, 70, 90, 110])).toEqual([
      [0, 1, 1],
      [1, 0, 1],
      [0, 1, 2],
      [0, 0, 1],
      [1, 2, 4],
    ]);
  });

  it('starts a new ramp without the residuals of the settled one', () => {
    const s = createSmoothing(1, decay({ dithering: true }));
    s.write(B, 0);
    // t=30: 0.3·B (0.3, 0.6, 1.2) → (0, 1, 1), residuals (+0.3, −0.4, +0.2)
    // t=60: 0.6·B + r (0.9, 0.8, 2.6) → (1, 1, 3), residuals (−0.1, −0.2, −0.4)
    // t=90: 0.9·B + r (0.8, 1.6, 3.2) → (1, 2, 3), residuals (−0.2, −0.4, +0.2)
    // t=110: past targetTime: B exactly, and the residuals are dropped.
    expect(outputs(s, [30, 60, 90, 110])).toEqual([
      [0, 1, 1],
      [1, 1, 3],
      [1, 2, 3],
      [1, 2, 4],
    ]);
    // Y at 200 after a rest. t=230, window [130, 230]: 0.7·B + 0.3·Y = (1.0, 1.7, 3.4) → (1, 2, 3);
    // with the old residuals it would have been (1, 1, 4).
    s.write(Uint8Array.of(1, 1, 2), 200);
    expect(outputs(s, [230])).toEqual([[1, 2, 3]]);
  });
});
