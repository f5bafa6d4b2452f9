import type { BlackborderdetectorSettings, Filled } from '@glowkit/protocol';
import type { RgbImage } from '../types.js';
import { type BlackBorder, blackLevel, type DetectorOptions, detectBorder } from './detector.js';
import { BorderStabiliser } from './stabiliser.js';

/** The `blackborderdetector` group as the engine runs it: valid, every default filled in. */
export type BlackBorderSettings = Filled<BlackborderdetectorSettings>;

/** Bars to leave out of a picture when mapping it: rows at top and bottom, columns at each side. */
export interface BorderCrop {
  readonly horizontal: number;
  readonly vertical: number;
}

/** Nothing left out. */
export const NO_CROP: BorderCrop = Object.freeze({ horizontal: 0, vertical: 0 });

/**
 * The black-border detection of one instance: each frame of a picture source goes through
 * {@link process}, which detects the frame's border, counts it ({@link BorderStabiliser}) and
 * answers the bars to leave out of it when mapping. Whether it runs at all (the `BLACKBORDER`
 * component, effects) is the instance's to decide.
 */
export class BlackBorderProcessor {
  readonly settings: Readonly<BlackBorderSettings>;
  readonly #detector: DetectorOptions;
  readonly #stabiliser: BorderStabiliser;
  #size: { width: number; height: number } | undefined;

  constructor(settings: Readonly<BlackBorderSettings>) {
    this.settings = settings;
    this.#detector = {
      mode: settings.mode,
      level: blackLevel(settings.threshold),
      blurRemoveCnt: settings.blurRemoveCnt,
    };
    this.#stabiliser = new BorderStabiliser(settings);
  }

  /** The border in use (unknown: none), in pixels of the last frame processed. */
  get current(): BlackBorder {
    return this.#stabiliser.current;
  }

  /** Counts one frame and answers the bars to leave out of it. */
  process(image: RgbImage): BorderCrop {
    const size = this.#size;
    if (size && (size.width !== image.width || size.height !== image.height)) {
      this.#stabiliser.rescale(size, image);
    }
    this.#size = { width: image.width, height: image.height };
    this.#stabiliser.update(detectBorder(image, this.#detector));
    return cropOf(this.#stabiliser.current);
  }

  /** Forgets the border in use and every count (switched off or on). */
  reset(): void {
    this.#stabiliser.reset();
    this.#size = undefined;
  }
}

function cropOf(border: BlackBorder): BorderCrop {
  return border.unknown ? NO_CROP : { horizontal: border.horizontal, vertical: border.vertical };
}
