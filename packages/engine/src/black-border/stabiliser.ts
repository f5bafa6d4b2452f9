import { type BlackBorder, sameBorder, UNKNOWN_BORDER } from './detector.js';

/** The counters of the `blackborderdetector` group, in frames. */
export interface StabiliserCounts {
  /** Frames in a row without a border before the border in use is dropped. */
  unknownFrameCnt: number;
  /** Frames in a row with one new border before it replaces the border in use. */
  borderFrameCnt: number;
  /** Disagreeing frames ignored before the border being counted is replaced. */
  maxInconsistentCnt: number;
}

/**
 * Hyperion.ng's inconsistent-frame count at start (a literal 10, whatever maxInconsistentCnt
 * is): with the default 10 the very first frame's border becomes the candidate at once.
 */
const INITIAL_INCONSISTENT = 10;

/**
 * Turns the border of each frame into the border the LEDs use, so that one odd frame (a flash,
 * a subtitle, a dark scene) does not move the picture (inputs.md §5). It keeps a candidate, the
 * border seen in the frames before, with a count of frames that agreed with it:
 *
 * 1. A frame agreeing with the candidate counts one more. A disagreeing one is ignored while
 *    at most `maxInconsistentCnt` disagree in a row; the next one becomes the candidate, from 0.
 * 2. A candidate that is not the border in use replaces it: a border at once when none is in
 *    use, else after `borderFrameCnt` frames; "no border" (unknown) after `unknownFrameCnt`.
 */
export class BorderStabiliser {
  readonly #counts: StabiliserCounts;
  #current: BlackBorder = UNKNOWN_BORDER;
  #candidate: BlackBorder = UNKNOWN_BORDER;
  #consistent = 0;
  #inconsistent = INITIAL_INCONSISTENT;

  constructor(counts: StabiliserCounts) {
    this.#counts = counts;
  }

  /** The border in use (unknown: none). */
  get current(): BlackBorder {
    return this.#current;
  }

  /** The border being counted. */
  get candidate(): BlackBorder {
    return this.#candidate;
  }

  /** Counts one frame's border; true when the border in use changed. */
  update(detected: BlackBorder): boolean {
    if (sameBorder(detected, this.#candidate)) {
      this.#consistent++;
      this.#inconsistent = 0;
    } else {
      this.#inconsistent++;
      if (this.#inconsistent <= this.#counts.maxInconsistentCnt) return false;
      this.#candidate = detected;
      this.#consistent = 0;
    }
    if (sameBorder(this.#current, detected)) {
      this.#inconsistent = 0;
      return false;
    }
    const adopt = detected.unknown
      ? this.#consistent === this.#counts.unknownFrameCnt
      : this.#current.unknown || this.#consistent === this.#counts.borderFrameCnt;
    if (adopt) this.#current = detected;
    return adopt;
  }

  /**
   * Carries the borders over to pictures of another size, in proportion, so that a source
   * changing its resolution keeps its border (Hyperion.ng mapped the new size with no border
   * until the detector next changed its mind).
   */
  rescale(from: { width: number; height: number }, to: { width: number; height: number }): void {
    const scale = (border: BlackBorder): BlackBorder =>
      border.unknown || from.width === 0 || from.height === 0
        ? border
        : {
            unknown: false,
            horizontal: Math.round((border.horizontal * to.height) / from.height),
            vertical: Math.round((border.vertical * to.width) / from.width),
          };
    this.#current = scale(this.#current);
    this.#candidate = scale(this.#candidate);
  }

  /** Forgets every border and count, as at start. */
  reset(): void {
    this.#current = UNKNOWN_BORDER;
    this.#candidate = UNKNOWN_BORDER;
    this.#consistent = 0;
    this.#inconsistent = INITIAL_INCONSISTENT;
  }
}
