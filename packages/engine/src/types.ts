/**
 * Types shared by the parts of the LED pipeline. Every frame is a typed array: colours are RGB
 * bytes, three per LED, in layout order until the device swaps them into its colour order.
 */
import type { PrioritySource } from '@glowkit/protocol';

/** The order in which a device expects the three colour channels. */
export type ColorOrder = 'rgb' | 'bgr' | 'rbg' | 'brg' | 'gbr' | 'grb';

/** Every colour order, in the order Hyperion.ng's schema lists them. */
export const COLOR_ORDERS: readonly ColorOrder[] = ['rgb', 'bgr', 'rbg', 'brg', 'gbr', 'grb'];

/** An RGB picture: `data` holds 3 bytes per pixel, row by row from the top left. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /**
   * The same pixels as RGBA (4 bytes per pixel, the alpha byte unused), when the picture came
   * that way (an effect's canvas reads its pixels back as RGBA): the LED mapping reads these, so
   * that `data` need not be made for it.
   */
  readonly rgba?: Uint8Array;
}

/** What kind of source fills a priority (protocol's `PrioritySource`). */
export type SourceComponent = PrioritySource;

/** The smoothing algorithms. */
export type SmoothingType = 'linear' | 'decay';

/**
 * One smoothing configuration (the instance's `smoothing` group, or an effect's `smoothing-*`
 * options), with every key resolved to a number.
 */
export interface SmoothingConfig {
  type: SmoothingType;
  /** Settling time (linear) or averaging window (decay), ms. */
  timeMs: number;
  /** Output rate, Hz. */
  updateFrequency: number;
  /** Interpolation rate, Hz (decay only). */
  interpolationRate: number;
  /** Steepness of the weighting: 1 is a box average (decay only). */
  decay: number;
  /** Carry rounding residuals into the next frame (decay only). */
  dithering: boolean;
  /** Output delay, in frames written. */
  updateDelay: number;
}
