/**
 * Linear smoothing (Hyperion.ng's default): each output closes the fraction of the remaining gap
 * that the time since the last output is of the time left, so the ramp is linear and lands on the
 * target exactly at `targetTime`.
 */
import type { SmoothingAlgorithm } from './smoothing.js';

/**
 * Products that are whole numbers on paper (k = 0.2 of 255) come out of floating point a hair
 * above; without this margin `ceil` would add a step that Hyperion.ng's arithmetic does not.
 */
const CEIL_MARGIN = 1e-9;

/**
 * The linear ramp. Per channel: `output += sign(t − o) · ceil(k · |t − o|)` with
 * `k = (now − rampStart) / (targetTime − rampStart)`. Rounding up guarantees progress on every
 * output, and k ≤ 1 guarantees it never overshoots. A new frame restarts the ramp from the
 * current output value, as in Hyperion.ng.
 */
export class LinearSmoothing implements SmoothingAlgorithm {
  remember(): void {
    // The target is all linear needs, and the caller keeps it.
  }

  step(
    output: Uint8Array,
    target: Uint8Array,
    now: number,
    rampStart: number,
    targetTime: number,
  ): boolean {
    const span = targetTime - rampStart;
    const k = span > 0 ? Math.min(1, Math.max(0, (now - rampStart) / span)) : 1;
    let reached = true;
    for (let i = 0; i < output.length; i++) {
      const from = output[i] as number;
      const to = target[i] as number;
      if (to > from) {
        const next = from + Math.ceil(k * (to - from) - CEIL_MARGIN);
        output[i] = next;
        if (next !== to) reached = false;
      } else if (to < from) {
        const next = from - Math.ceil(k * (from - to) - CEIL_MARGIN);
        output[i] = next;
        if (next !== to) reached = false;
      }
    }
    return reached;
  }

  settle(): void {
    // Nothing carried between frames.
  }

  reset(): void {
    // Nothing remembered.
  }
}
