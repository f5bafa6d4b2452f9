import type { ColorSettings, Filled } from '@glowkit/protocol';

/**
 * How the colour of each LED is taken from a picture: the `color.imageToLedMappingType` setting
 * and the `processing` command.
 *
 * - `multicolor_mean`: per LED, the mean of its pixels (per channel, rounded down).
 * - `multicolor_mean_squared`: per LED, the root of the mean of the squares (brighter on
 *   contrasty areas): `round(sqrt(floor(Σc² / n)))`.
 * - `unicolor_mean`: the mean of the whole picture, given to every LED.
 * - `dominant_color`: per LED, the most frequent exact RGB value of its pixels.
 * - `unicolor_dominant`: the most frequent exact RGB value of the whole picture, for every LED.
 * - `dominant_color_advanced`: per LED, the mean of the largest k-means cluster of its pixels.
 * - `unicolor_dominant_advanced`: the same over the whole picture, for every LED.
 *
 * Difference from Hyperion.ng: since 2.1 ng's processing switch kept the 2.0.x numbering, so
 * choosing `multicolor_mean_squared` there yields the whole-picture mean and `unicolor_mean`
 * yields the per-LED squared mean. Glowkit does what the names say.
 */
export type MappingType = Filled<ColorSettings>['imageToLedMappingType'];

/** Every mapping type, indexed by Hyperion.ng's integer code (0…6). */
export const MAPPING_TYPES: readonly MappingType[] = [
  'multicolor_mean',
  'multicolor_mean_squared',
  'unicolor_mean',
  'dominant_color',
  'unicolor_dominant',
  'dominant_color_advanced',
  'unicolor_dominant_advanced',
];

/** Whether a mapping type gives every LED the colour of the whole picture. */
export function isUnicolor(type: MappingType): boolean {
  return type.startsWith('unicolor_');
}
