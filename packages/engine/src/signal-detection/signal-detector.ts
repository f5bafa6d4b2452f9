import type { Filled, GrabberV4L2Settings } from '@glowkit/protocol';
import type { RgbImage } from '../types.js';

/**
 * The keys of the `grabberV4L2` group that signal detection reads (inputs.md §6.2), complete:
 * `signalDetection` switches it, the three thresholds are percent of 255 per channel, the
 * offsets are the detection area as fractions of the width (`sDH…`) and height (`sDV…`).
 */
export type SignalDetectionSettings = Pick<
  Filled<GrabberV4L2Settings>,
  | 'signalDetection'
  | 'redSignalThreshold'
  | 'greenSignalThreshold'
  | 'blueSignalThreshold'
  | 'noSignalCounterThreshold'
  | 'sDHOffsetMin'
  | 'sDHOffsetMax'
  | 'sDVOffsetMin'
  | 'sDVOffsetMax'
>;

/**
 * Whether a frame should light the room: `signal` while frames are passed on, `no-signal` once
 * `noSignalCounterThreshold` frames in a row showed nothing but the capture device's own
 * "no signal" picture.
 */
export type SignalVerdict = 'signal' | 'no-signal';

/** What the last frame changed: the signal was `lost` (stop passing frames on) or `detected` again. */
export type SignalChange = 'lost' | 'detected';

/**
 * The channel level at or under which a pixel counts as "no signal", from a threshold in percent:
 * `⌊255·p/100⌋`, as Hyperion.ng's `uint8_t(255·p)` (50 % → 127; 100 % → 255, every value).
 */
export function signalLevel(thresholdPercent: number): number {
  return Math.min(255, Math.max(0, Math.floor((thresholdPercent * 255) / 100)));
}

/**
 * The most pixels read along each side of the detection area. A decimated capture (the usual
 * case: 1920 wide with `sizeDecimation` 8 is 240) is read whole; a frame captured at full size
 * is read on a grid of at most this many columns and rows, which is still far more than the
 * "no signal" pictures of capture sticks (one flat colour, a logo, a line of text) need.
 */
export const MAX_SAMPLES_PER_SIDE = 128;

/** The detection area of one frame size, in pixels, with the step between the pixels read. */
interface Area {
  width: number;
  height: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  xStep: number;
  yStep: number;
}

/**
 * Signal detection of the USB video grabber (`grabberV4L2`, inputs.md §6.2): tells a capture
 * stick's "no signal" picture (black, or a flat colour such as the green of many HDMI sticks)
 * from a real picture, so that it never lights the room.
 *
 * A frame "shows no signal" when every pixel of the detection area
 * `[⌊sDHOffsetMin·W⌋, ⌊sDHOffsetMax·W⌋) × [⌊sDVOffsetMin·H⌋, ⌊sDVOffsetMax·H⌋)` has R, G and B at
 * or under their {@link signalLevel}s. {@link feed} counts such frames in a row: the frame that
 * makes `noSignalCounterThreshold` of them is the first one not passed on (`no-signal`, change
 * `lost`); the first frame that shows something ends that (`signal`, change `detected`) and the
 * count starts again. Frames before the threshold are passed on, as in Hyperion.ng, so a dark
 * scene of a film does not switch the light off.
 *
 * An area that holds no pixel (a minimum at or past its maximum, or a tiny frame) is taken as the
 * one pixel at its minimum: Hyperion.ng then finds "no signal" in every frame, for good.
 *
 * Reads at most {@link MAX_SAMPLES_PER_SIDE}² pixels per frame, stops at the first lit one, and
 * allocates nothing per frame.
 */
export class SignalDetector {
  readonly #enabled: boolean;
  readonly #red: number;
  readonly #green: number;
  readonly #blue: number;
  readonly #threshold: number;
  readonly #fractions: { x0: number; x1: number; y0: number; y1: number };
  readonly #area: Area = { width: -1, height: -1, x0: 0, x1: 0, y0: 0, y1: 0, xStep: 1, yStep: 1 };
  #counter = 0;
  #verdict: SignalVerdict = 'signal';
  #change: SignalChange | undefined;

  constructor(settings: Readonly<SignalDetectionSettings>) {
    this.#enabled = settings.signalDetection;
    this.#red = signalLevel(settings.redSignalThreshold);
    this.#green = signalLevel(settings.greenSignalThreshold);
    this.#blue = signalLevel(settings.blueSignalThreshold);
    this.#threshold = Math.max(1, settings.noSignalCounterThreshold);
    this.#fractions = {
      x0: settings.sDHOffsetMin,
      x1: settings.sDHOffsetMax,
      y0: settings.sDVOffsetMin,
      y1: settings.sDVOffsetMax,
    };
  }

  /** Whether detection is on (`signalDetection`); when off every frame is `signal`. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** Frames in a row that showed no signal, up to `noSignalCounterThreshold`. */
  get counter(): number {
    return this.#counter;
  }

  /** The verdict of the last frame (`signal` before the first). */
  get verdict(): SignalVerdict {
    return this.#verdict;
  }

  /** What the last frame fed changed, if anything: the moment to say "Signal lost"/"Signal detected". */
  get change(): SignalChange | undefined {
    return this.#change;
  }

  /**
   * Judges one frame (after crop, decimation and flip: the picture the LEDs would take) and
   * answers whether to pass it on. Read {@link change} after it for the transition, if any.
   */
  feed(image: RgbImage): SignalVerdict {
    this.#change = undefined;
    if (!this.#enabled) return 'signal';
    if (this.#blank(image)) {
      if (this.#counter < this.#threshold) this.#counter++;
      if (this.#counter >= this.#threshold && this.#verdict === 'signal') {
        this.#verdict = 'no-signal';
        this.#change = 'lost';
      }
    } else {
      this.#counter = 0;
      if (this.#verdict === 'no-signal') {
        this.#verdict = 'signal';
        this.#change = 'detected';
      }
    }
    return this.#verdict;
  }

  /** Forgets the count and the verdict (the grabber restarted, the device changed). */
  reset(): void {
    this.#counter = 0;
    this.#verdict = 'signal';
    this.#change = undefined;
  }

  /** Whether every pixel read in the detection area is at or under the thresholds. */
  #blank(image: RgbImage): boolean {
    if (image.width <= 0 || image.height <= 0) return true;
    const area = this.#areaOf(image.width, image.height);
    const { data, width } = image;
    const red = this.#red;
    const green = this.#green;
    const blue = this.#blue;
    for (let y = area.y0; y < area.y1; y += area.yStep) {
      const row = y * width;
      for (let x = area.x0; x < area.x1; x += area.xStep) {
        const p = (row + x) * 3;
        if (
          (data[p] as number) > red ||
          (data[p + 1] as number) > green ||
          (data[p + 2] as number) > blue
        ) {
          return false;
        }
      }
    }
    return true;
  }

  /** The area in pixels for a frame size, recomputed only when the size changes. */
  #areaOf(width: number, height: number): Area {
    const area = this.#area;
    if (area.width === width && area.height === height) return area;
    const f = this.#fractions;
    const [x0, x1] = span(f.x0, f.x1, width);
    const [y0, y1] = span(f.y0, f.y1, height);
    area.width = width;
    area.height = height;
    area.x0 = x0;
    area.x1 = x1;
    area.y0 = y0;
    area.y1 = y1;
    area.xStep = Math.max(1, Math.ceil((x1 - x0) / MAX_SAMPLES_PER_SIDE));
    area.yStep = Math.max(1, Math.ceil((y1 - y0) / MAX_SAMPLES_PER_SIDE));
    return area;
  }
}

/** `[⌊min·size⌋, ⌊max·size⌋)` within the frame, at least one pixel wide. */
function span(min: number, max: number, size: number): [number, number] {
  const start = Math.min(size - 1, Math.max(0, Math.floor(min * size)));
  const end = Math.min(size, Math.floor(max * size));
  return [start, Math.max(start + 1, end)];
}
