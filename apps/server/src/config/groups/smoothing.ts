import {
  boolean,
  checkObject,
  type GroupProblem,
  integer,
  number,
  type ObjectShape,
  oneOf,
} from './rules.js';

/** Smoothing algorithms: linear blends towards the target, decay approaches it exponentially. */
const SMOOTHING_TYPES = ['linear', 'decay'] as const;

/** Instance group `smoothing`: how colour changes are spread over time. */
export interface SmoothingSettings {
  /** Whether colour changes are smoothed at all. */
  enable?: boolean;
  /** Algorithm: linear or decay. */
  type?: (typeof SMOOTHING_TYPES)[number];
  /** Time to reach a new colour, in milliseconds. Integer 25..5000. */
  time_ms?: number;
  /** Rate at which smoothed frames are written to the device, in hertz. 1..2000. */
  updateFrequency?: number;
  /** Rate at which intermediate colours are computed (decay only), in hertz. */
  interpolationRate?: number;
  /** Steepness of the decay curve (decay only); 1 is linear. */
  decay?: number;
  /** Whether fractional colour values are dithered over frames (decay only). */
  dithering?: boolean;
  /** Extra delay before a new colour is shown, in frames. Integer >= 0. */
  updateDelay?: number;
  /** Fields of other versions are kept as they are. */
  [key: string]: unknown;
}

const smoothingShape: ObjectShape = {
  fields: {
    enable: boolean(),
    type: oneOf(SMOOTHING_TYPES),
    time_ms: integer(25, 5000),
    updateFrequency: number(1, 2000),
    interpolationRate: number(),
    decay: number(),
    dithering: boolean(),
    updateDelay: integer(0),
  },
};

/** Checks a `smoothing` value; every field is optional. */
export function validateSmoothing(value: unknown): GroupProblem[] {
  return checkObject(value, smoothingShape);
}
