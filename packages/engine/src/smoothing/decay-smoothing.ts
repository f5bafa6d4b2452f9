/**
 * Decay smoothing: the output is a weighted mean of the frames seen during the last `timeMs`,
 * each weighted by how long it was the newest, with recent time counting more as `decay` grows.
 */
import type { SmoothingConfig } from '../types.js';
import type { SmoothingAlgorithm } from './smoothing.js';
import { DUE_SLACK_MS } from './smoothing-config.js';

/**
 * The moving average of Hyperion.ng's decay smoothing, over the window `[now − timeMs, now]`:
 * - a frame spans from its arrival (clipped to the window) to the next frame's arrival, or `now`;
 * - with s, t its span normalised to 0..1 (0 = the oldest edge), its weight is `t − s` for decay 1
 *   (a box average) and `(decay + 1)(t^decay − s^decay)` otherwise, so recent frames dominate;
 * - the weighted sum is divided by the total weight when that is at least 1. Before enough
 *   history exists the empty part of the window counts as black, so a first frame fades in;
 * - the mean is recomputed at `interpolationRate` (never more often than outputs are made);
 * - without dithering it is rounded when computed; with dithering it is rounded at each output and
 *   each channel's rounding error is carried into the next output, so the time-average is exact.
 *
 * History lives in a ring of reused frame buffers that grows only when more frames than ever
 * before fall inside one window.
 */
export class DecaySmoothing implements SmoothingAlgorithm {
  readonly #bytes: number;
  readonly #windowMs: number;
  readonly #decay: number;
  readonly #box: boolean;
  readonly #dithering: boolean;
  readonly #interpolationMs: number;
  readonly #mean: Float64Array;
  readonly #residual: Float64Array;
  #lastInterpolation = Number.NEGATIVE_INFINITY;
  #times = new Float64Array(8);
  #frames: Uint8Array[] = [];
  #head = 0;
  #count = 0;

  constructor(bytes: number, config: SmoothingConfig) {
    this.#bytes = bytes;
    this.#windowMs = config.timeMs;
    this.#decay = config.decay;
    this.#box = Math.abs(config.decay - 1) <= Number.EPSILON;
    this.#dithering = config.dithering;
    this.#interpolationMs = 1000 / config.interpolationRate;
    this.#mean = new Float64Array(bytes);
    this.#residual = new Float64Array(bytes);
  }

  remember(frame: Uint8Array, now: number): void {
    this.#dropOlderThan(now - this.#windowMs);
    if (this.#count === this.#times.length) this.#grow();
    const index = (this.#head + this.#count) % this.#times.length;
    let slot = this.#frames[index];
    if (slot === undefined) {
      slot = new Uint8Array(this.#bytes);
      this.#frames[index] = slot;
    }
    slot.set(frame);
    this.#times[index] = now;
    this.#count++;
  }

  step(output: Uint8Array, _target: Uint8Array, now: number): boolean {
    if (now - this.#lastInterpolation >= this.#interpolationMs - DUE_SLACK_MS) {
      this.#interpolate(now);
      this.#lastInterpolation = now;
      if (!this.#dithering) this.#assemble(output);
    }
    if (this.#dithering) this.#assembleDithered(output);
    // The mean only equals the target for good once the window holds nothing else: the caller
    // settles at targetTime.
    return false;
  }

  settle(): void {
    // The settled frame is exact: no rounding error is owed to the next one.
    this.#residual.fill(0);
  }

  reset(): void {
    this.#count = 0;
    this.#head = 0;
    this.#residual.fill(0);
    this.#mean.fill(0);
    this.#lastInterpolation = Number.NEGATIVE_INFINITY;
  }

  /** Drops frames wholly before `windowStart`, keeping the newest of them: it still spans into it. */
  #dropOlderThan(windowStart: number): void {
    const capacity = this.#times.length;
    let old = 0;
    while (
      old < this.#count &&
      (this.#times[(this.#head + old) % capacity] as number) < windowStart
    ) {
      old++;
    }
    if (old > 1) {
      this.#head = (this.#head + old - 1) % capacity;
      this.#count -= old - 1;
    }
  }

  #grow(): void {
    const capacity = this.#times.length;
    const times = new Float64Array(capacity * 2);
    const frames: Uint8Array[] = [];
    for (let i = 0; i < this.#count; i++) {
      const from = (this.#head + i) % capacity;
      times[i] = this.#times[from] as number;
      frames.push(this.#frames[from] as Uint8Array);
    }
    this.#times = times;
    this.#frames = frames;
    this.#head = 0;
  }

  #interpolate(now: number): void {
    const mean = this.#mean;
    mean.fill(0);
    const windowStart = now - this.#windowMs;
    const capacity = this.#times.length;
    let total = 0;
    let frameEnd = now;
    for (let i = this.#count - 1; i >= 0 && frameEnd > windowStart; i--) {
      const index = (this.#head + i) % capacity;
      const frameStart = Math.min(frameEnd, Math.max(windowStart, this.#times[index] as number));
      const weight = this.#weight(frameStart, frameEnd, windowStart);
      if (weight > 0) {
        const frame = this.#frames[index] as Uint8Array;
        for (let c = 0; c < mean.length; c++)
          mean[c] = (mean[c] as number) + weight * (frame[c] as number);
        total += weight;
      }
      frameEnd = frameStart;
    }
    if (total > 1) {
      const scale = 1 / total;
      for (let c = 0; c < mean.length; c++) mean[c] = (mean[c] as number) * scale;
    }
  }

  #weight(frameStart: number, frameEnd: number, windowStart: number): number {
    const s = (frameStart - windowStart) / this.#windowMs;
    const t = (frameEnd - windowStart) / this.#windowMs;
    if (this.#box) return t - s;
    return (this.#decay + 1) * (t ** this.#decay - s ** this.#decay);
  }

  #assemble(output: Uint8Array): void {
    const mean = this.#mean;
    for (let c = 0; c < mean.length; c++) output[c] = toByte(mean[c] as number);
  }

  #assembleDithered(output: Uint8Array): void {
    const mean = this.#mean;
    const residual = this.#residual;
    for (let c = 0; c < mean.length; c++) {
      const wanted = (mean[c] as number) + (residual[c] as number);
      const shown = toByte(wanted);
      output[c] = shown;
      residual[c] = wanted - shown;
    }
  }
}

/** Rounds half away from zero (as C's `lround`) and clamps to a byte. */
function toByte(value: number): number {
  const rounded = Math.round(value);
  return rounded < 0 ? 0 : rounded > 255 ? 255 : rounded;
}
