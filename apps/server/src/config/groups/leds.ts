import { isJsonObject } from '@glowkit/protocol';
import { checkObject, type GroupProblem, number, type ObjectShape } from './rules.js';

/**
 * One LED of the layout: the rectangle of the picture whose colour it shows, as fractions of the
 * picture's width (h) and height (v), 0 at the left or top edge and 1 at the right or bottom.
 */
export interface LedArea {
  /** Left edge, as a fraction of the picture width. 0..1, at most `hmax`. Required. */
  hmin: number;
  /** Right edge, as a fraction of the picture width. 0..1. Required. */
  hmax: number;
  /** Top edge, as a fraction of the picture height. 0..1, at most `vmax`. Required. */
  vmin: number;
  /** Bottom edge, as a fraction of the picture height. 0..1. Required. */
  vmax: number;
  /** Other fields (Hyperion's per-LED `colorOrder` and `name`) are kept as they are. */
  [key: string]: unknown;
}

/** Instance group `leds`: the LED layout, one entry per LED in output order. */
export type LedsSettings = LedArea[];

const fraction = number(0, 1);

const ledShape: ObjectShape = {
  fields: { hmin: fraction, hmax: fraction, vmin: fraction, vmax: fraction },
  // A LED without its rectangle has no colour to show.
  required: ['hmin', 'hmax', 'vmin', 'vmax'],
};

/** Checks a `leds` value: an array of LED areas with min <= max on both axes. */
export function validateLeds(value: unknown): GroupProblem[] {
  if (!Array.isArray(value)) return [{ pointer: '', rule: 'must be an array' }];
  const problems: GroupProblem[] = [];
  value.forEach((led: unknown, index) => {
    const found = checkObject(led, ledShape, `/${index}`);
    problems.push(...found);
    if (found.length > 0 || !isJsonObject(led)) return;
    if ((led.hmin as number) > (led.hmax as number))
      problems.push({ pointer: `/${index}/hmax`, rule: 'must not be less than hmin' });
    if ((led.vmin as number) > (led.vmax as number))
      problems.push({ pointer: `/${index}/vmax`, rule: 'must not be less than vmin' });
  });
  return problems;
}
