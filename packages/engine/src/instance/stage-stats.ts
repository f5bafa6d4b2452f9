/**
 * Where the time between a picture's arrival and the LEDs goes, per instance: each picture a
 * source hands on is followed through the pipeline's stages, and the last frames' durations are
 * kept in fixed rings, so that `serverinfo` can say the recent p50 and p99 of each stage. Nothing
 * is allocated per frame: a few slots follow the frames under way, and a frame that is replaced
 * before it reaches the device (newest wins) is simply not counted.
 */

import type { InstanceLatencyInfo, LatencyFigures, LatencyStage } from '@glowkit/protocol';

/** The stages, in pipeline order (protocol's {@link LatencyStage} says what each covers). */
export const LATENCY_STAGES = [
  'decode',
  'wait',
  'mapping',
  'smoothing',
  'device',
] as const satisfies readonly LatencyStage[];

/** What an instance reports of its pictures' way to the LEDs (`serverinfo.latency`'s entry). */
export type LatencyReport = Omit<InstanceLatencyInfo, 'instance'>;

/**
 * When a source's picture arrived, on `performance.now()`'s clock: what a source passes with
 * each picture it hands to an instance.
 */
export interface FrameArrival {
  /** When its last byte was read (a network input), or it was read from a grabber's pipe. */
  receivedAt: number;
  /**
   * How much of the time since then it waited for its turn (newest wins) rather than being
   * decoded, ms; default 0.
   */
  waitedMs?: number;
}

/** Frames the percentiles cover: the newest ones. */
export const LATENCY_WINDOW = 256;

/** Frames followed at once: more than the pipeline holds (source, smoothing, device in flight). */
const SLOTS = 8;

// Where a slot's frame is.
const FREE = 0;
const HANDED_ON = 1;
const MAPPING = 2;
const SMOOTHING = 3;
const DEVICE = 4;

// Per slot, times (ms) in this order; the stages are the differences.
const AT_RECEIVED = 0;
const AT_HANDED = 1;
const AT_MAP_START = 2;
const AT_MAP_END = 3;
const AT_OUTPUT = 4;
const TIMES = 5;

const COLUMNS = LATENCY_STAGES.length + 1;
const TOTAL = LATENCY_STAGES.length;

/**
 * One instance's stage timings. The instance calls, for each picture, {@link handed} (the source
 * gave it), {@link mapping} (it starts to map it; a slot comes back), {@link mapped} (written into
 * the smoother), {@link output} (handed to the device) and, from the device's `written` event,
 * {@link written}. Stages: decode (arrival → handed on, less the wait), wait (newest-wins wait in
 * the source, and handed on → mapping), mapping (black border, mapping, colour), smoothing
 * (written into the smoother → the smoother's first output carrying it; 0 without smoothing),
 * device (handed to the device → its write done). Their sum is the total of each frame.
 */
export class StageStats {
  readonly #keys: (object | undefined)[] = new Array(SLOTS).fill(undefined);
  readonly #steps = new Uint8Array(SLOTS);
  readonly #waited = new Float64Array(SLOTS);
  readonly #times = new Float64Array(SLOTS * TIMES);
  /** Column-major: the newest {@link LATENCY_WINDOW} frames of each stage, then the total. */
  readonly #samples = new Float64Array(COLUMNS * LATENCY_WINDOW);
  #nextSlot = 0;
  #frames = 0;

  /** A source handed `image` on at `now`. */
  handed(image: object, arrival: FrameArrival, now: number): void {
    const slot = this.#nextSlot;
    this.#nextSlot = (slot + 1) % SLOTS;
    this.#keys[slot] = image;
    this.#steps[slot] = HANDED_ON;
    this.#waited[slot] = arrival.waitedMs ?? 0;
    const at = slot * TIMES;
    // A clock from elsewhere that runs ahead would make the decode negative: count it as none.
    this.#times[at + AT_RECEIVED] = Math.min(arrival.receivedAt, now);
    this.#times[at + AT_HANDED] = now;
  }

  /**
   * The instance starts mapping `image` at `now`: the frame's slot, or -1 when it is not a
   * picture handed on and not yet mapped (a picture shown again, an effect's).
   */
  mapping(image: object, now: number): number {
    // Newest first: the same picture handed on twice is the later one.
    for (let k = 1; k <= SLOTS; k++) {
      const slot = (this.#nextSlot - k + SLOTS) % SLOTS;
      if (this.#keys[slot] !== image) continue;
      if (this.#steps[slot] !== HANDED_ON) return -1;
      this.#steps[slot] = MAPPING;
      this.#times[slot * TIMES + AT_MAP_START] = now;
      return slot;
    }
    return -1;
  }

  /** The frame of `slot` was written into the smoother at `now`. */
  mapped(slot: number, now: number): void {
    if (slot < 0 || this.#steps[slot] !== MAPPING) return;
    this.#steps[slot] = SMOOTHING;
    this.#times[slot * TIMES + AT_MAP_END] = now;
  }

  /**
   * The frame of `slot` (or the smoother's output carrying it) was handed to the device at
   * `now`, which keeps it as `deviceFrame` (the array its `written` event gives back).
   */
  output(slot: number, deviceFrame: object | undefined, now: number): void {
    if (slot < 0 || deviceFrame === undefined) return;
    const step = this.#steps[slot];
    if (step !== MAPPING && step !== SMOOTHING) return;
    const at = slot * TIMES;
    // Without smoothing the mapping ends as the frame goes to the device.
    if (step === MAPPING) this.#times[at + AT_MAP_END] = now;
    this.#times[at + AT_OUTPUT] = now;
    this.#steps[slot] = DEVICE;
    this.#keys[slot] = deviceFrame;
  }

  /** The device wrote `deviceFrame` (done at `now`): its frame is counted. */
  written(deviceFrame: object, now: number): void {
    for (let slot = 0; slot < SLOTS; slot++) {
      if (this.#keys[slot] !== deviceFrame || this.#steps[slot] !== DEVICE) continue;
      this.#steps[slot] = FREE;
      this.#keys[slot] = undefined;
      this.#record(slot, now);
      return;
    }
  }

  /** The recent figures; see {@link LatencyReport}. */
  report(): LatencyReport {
    const frames = this.#frames;
    const count = Math.min(frames, LATENCY_WINDOW);
    if (count === 0) return { frames };
    const sorted = new Float64Array(count);
    const figures = (column: number): LatencyFigures => {
      sorted.set(this.#samples.subarray(column * LATENCY_WINDOW, column * LATENCY_WINDOW + count));
      sorted.sort();
      return { p50: rank(sorted, 0.5), p99: rank(sorted, 0.99) };
    };
    const stages = {} as Record<LatencyStage, LatencyFigures>;
    LATENCY_STAGES.forEach((name, column) => {
      stages[name] = figures(column);
    });
    return { frames, stages, total: figures(TOTAL) };
  }

  #record(slot: number, done: number): void {
    const t = this.#times;
    const at = slot * TIMES;
    const received = t[at + AT_RECEIVED] ?? 0;
    const handed = t[at + AT_HANDED] ?? 0;
    // What the source says it waited is the wait's, the rest of its time the decode's.
    const decode = Math.max(0, handed - received - (this.#waited[slot] ?? 0));
    const row = this.#frames % LATENCY_WINDOW;
    const s = this.#samples;
    s[0 * LATENCY_WINDOW + row] = decode;
    s[1 * LATENCY_WINDOW + row] = (t[at + AT_MAP_START] ?? 0) - received - decode;
    s[2 * LATENCY_WINDOW + row] = (t[at + AT_MAP_END] ?? 0) - (t[at + AT_MAP_START] ?? 0);
    s[3 * LATENCY_WINDOW + row] = (t[at + AT_OUTPUT] ?? 0) - (t[at + AT_MAP_END] ?? 0);
    s[4 * LATENCY_WINDOW + row] = done - (t[at + AT_OUTPUT] ?? 0);
    s[TOTAL * LATENCY_WINDOW + row] = done - received;
    this.#frames += 1;
  }
}

/** The p-th quantile (0..1) of ascending values, nearest rank below, rounded to the µs. */
function rank(sorted: Float64Array, p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return Math.round(value * 1000) / 1000;
}
