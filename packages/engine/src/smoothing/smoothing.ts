/**
 * The smoothing stage between colour processing and the device: frames come in whenever the
 * source produces them, and leave at the configured rate, easing from one to the next.
 */
import type { SmoothingConfig } from '../types.js';
import { DecaySmoothing } from './decay-smoothing.js';
import { LinearSmoothing } from './linear-smoothing.js';
import { DUE_SLACK_MS } from './smoothing-config.js';

/**
 * A running smoothing for one LED layout. Its owner writes every new frame and calls
 * {@link Smoothing.update} every {@link Smoothing.intervalMs}, sending what it returns to the device.
 *
 * Glowkit difference: Hyperion.ng re-sends the same frame on every tick once it has settled; here
 * `update()` returns `undefined` once the output has reached the target, the delay queue has
 * drained and nothing new came. Devices that need a keep-alive have their own `rewriteTime`.
 */
export interface Smoothing {
  /** The configuration in force. */
  readonly config: SmoothingConfig;
  /** How often the owner should call `update()`, ms (1000 / updateFrequency; may be fractional). */
  readonly intervalMs: number;
  /**
   * Outputs made since the last clear, counting those the `updateDelay` queue still holds: the
   * frame an `update()` returns was made as output number `outputs - updateDelay`. So the first
   * output to carry a frame written when this read k is returned once it reads
   * k + 1 + updateDelay (the latency figures' smoothing stage).
   */
  readonly outputs: number;
  /**
   * A new target frame, 3 bytes per LED, at `now` (ms, the same clock as `update`). The bytes are
   * copied, so the caller may reuse its buffer. Throws a RangeError when the length is not the
   * layout's (a programming error: the smoothing is rebuilt when the layout changes).
   */
  write(frame: Uint8Array, now: number): void;
  /**
   * The frame to send to the device at `now`, or `undefined` when nothing is due: not yet an
   * interval since the last output, nothing written yet, the delay queue still filling, or
   * settled. The returned array is owned by the smoothing and overwritten by a later `update()`:
   * send or copy it before calling again.
   */
  update(now: number): Uint8Array | undefined;
  /** Forgets history, target, output and the delay queue (smoothing disabled, or a new source). */
  clear(): void;
}

/**
 * How the output approaches the target: the one part that differs between linear and decay. The
 * shared part (pacing, settling, the delay queue) is {@link createSmoothing}'s.
 */
export interface SmoothingAlgorithm {
  /** A new frame arrived at `now`; `frame` is the caller's buffer, copy what must be kept. */
  remember(frame: Uint8Array, now: number): void;
  /**
   * Moves `output` toward `target` for an output at `now`, where `rampStart ≤ now < targetTime`
   * and `rampStart` is when the output last moved (or when the target came, after a rest).
   * Returns true when `output` now equals `target` and will stay so until a new frame comes.
   */
  step(
    output: Uint8Array,
    target: Uint8Array,
    now: number,
    rampStart: number,
    targetTime: number,
  ): boolean;
  /** The output has been set to the target exactly: drop what only mattered on the way there. */
  settle(): void;
  /** Forget everything written so far. */
  reset(): void;
}

/**
 * A smoothing for `length` LEDs (frames of `3 × length` bytes) with `config`, taken as valid (the
 * `smoothing` group's schema bounds it). Steady state allocates nothing: every buffer, the delay
 * queue included, is made here or on the first frames.
 */
export function createSmoothing(length: number, config: SmoothingConfig): Smoothing {
  const bytes = Math.max(0, Math.floor(length)) * 3;
  const algorithm =
    config.type === 'decay' ? new DecaySmoothing(bytes, config) : new LinearSmoothing();
  return new FrameSmoothing(bytes, config, algorithm);
}

/** Pacing, settling and the `updateDelay` queue around one {@link SmoothingAlgorithm}. */
class FrameSmoothing implements Smoothing {
  readonly config: SmoothingConfig;
  readonly intervalMs: number;
  readonly #bytes: number;
  readonly #algorithm: SmoothingAlgorithm;
  readonly #target: Uint8Array;
  readonly #output: Uint8Array;
  #hasTarget = false;
  #targetTime = 0;
  #rampStart = 0;
  #lastOutput = Number.NEGATIVE_INFINITY;
  /** The output equals the target; only the delay queue may still need ticks to drain. */
  #settled = false;
  /** Outputs still owed after settling, so the settled frame comes out of the delay queue. */
  #drainLeft = 0;
  /** `updateDelay + 1` slots: the newest output goes in, the one from N outputs ago comes out. */
  readonly #queue: Uint8Array[] = [];
  #queueHead = 0;
  #queueCount = 0;
  #outputs = 0;

  constructor(bytes: number, config: SmoothingConfig, algorithm: SmoothingAlgorithm) {
    this.config = Object.freeze({ ...config });
    this.intervalMs = 1000 / config.updateFrequency;
    this.#bytes = bytes;
    this.#algorithm = algorithm;
    this.#target = new Uint8Array(bytes);
    this.#output = new Uint8Array(bytes);
  }

  get outputs(): number {
    return this.#outputs;
  }

  write(frame: Uint8Array, now: number): void {
    if (frame.length !== this.#bytes) {
      throw new RangeError(
        `Smoothing got a frame of ${frame.length} bytes for a layout of ${this.#bytes} (3 per LED); rebuild the smoothing when the layout changes.`,
      );
    }
    this.#algorithm.remember(frame, now);
    this.#targetTime = now + this.config.timeMs;
    if (!this.#hasTarget) {
      // Nothing to ease from: linear shows the first frame as it is, decay averages it with the
      // empty (black) window before it.
      this.#hasTarget = true;
      this.#target.set(frame);
      this.#output.set(frame);
      this.#rampStart = now;
      this.#settled = false;
      return;
    }
    if (this.#settled && sameBytes(frame, this.#target)) return;
    this.#target.set(frame);
    // From rest (nothing output since the first frame, or settled and drained) the ramp starts
    // now; while outputs keep coming it continues from the last one, as in Hyperion.ng.
    const resting =
      this.#lastOutput === Number.NEGATIVE_INFINITY || (this.#settled && this.#drainLeft === 0);
    if (resting) this.#rampStart = now;
    this.#settled = false;
    this.#drainLeft = 0;
  }

  update(now: number): Uint8Array | undefined {
    if (!this.#hasTarget || (this.#settled && this.#drainLeft === 0)) return undefined;
    if (now - this.#lastOutput < this.intervalMs - DUE_SLACK_MS) return undefined;
    if (this.#settled) {
      this.#drainLeft--;
    } else {
      const output = this.#output;
      const target = this.#target;
      let reached = now >= this.#targetTime;
      if (reached) output.set(target);
      else reached = this.#algorithm.step(output, target, now, this.#rampStart, this.#targetTime);
      if (reached) {
        this.#algorithm.settle();
        this.#settled = true;
        this.#drainLeft = this.config.updateDelay;
      }
    }
    this.#rampStart = now;
    this.#lastOutput = now;
    this.#outputs++;
    return this.#delayed(this.#output);
  }

  clear(): void {
    this.#algorithm.reset();
    this.#hasTarget = false;
    this.#settled = false;
    this.#drainLeft = 0;
    this.#lastOutput = Number.NEGATIVE_INFINITY;
    this.#queueHead = 0;
    this.#queueCount = 0;
    this.#outputs = 0;
  }

  /** Passes `frame` through the `updateDelay` queue: the frame from N outputs ago, once full. */
  #delayed(frame: Uint8Array): Uint8Array | undefined {
    const delay = this.config.updateDelay;
    if (delay === 0) return frame;
    const slots = delay + 1;
    const index = (this.#queueHead + this.#queueCount) % slots;
    let slot = this.#queue[index];
    if (slot === undefined) {
      slot = new Uint8Array(this.#bytes);
      this.#queue[index] = slot;
    }
    slot.set(frame);
    this.#queueCount++;
    if (this.#queueCount <= delay) return undefined;
    // The slot handed out is the next one written, so it stays intact until the next update().
    const out = this.#queue[this.#queueHead];
    this.#queueHead = (this.#queueHead + 1) % slots;
    this.#queueCount--;
    return out;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
