import { type Check, checkObject, type Field, integer, tanField } from './checks.js';
import {
  commandField,
  durationField,
  instancesField,
  originField,
  priorityField,
} from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { childPointer, type Violation, violation } from './violations.js';

/** A valid `color` request: a solid colour, or a repeating pattern of colours, at a priority. */
export interface ColorRequest {
  command: 'color';
  tan?: number;
  /** 1 to 253; lower wins. */
  priority: number;
  /**
   * `[r, g, b]` fills every LED; `[r1, g1, b1, r2, g2, b2, …]` gives LED i the colour i mod N.
   * Integers from 0 to 255, 3 per colour.
   */
  color: number[];
  /** Milliseconds; negative or absent (-1) lasts until the priority is cleared. */
  duration?: number;
  /** Who sets it, 4 to 20 characters, e.g. `"Home Assistant"`. */
  origin?: string;
  /** The instances to set it on; the session's instance when absent. */
  instance?: number[];
}

const COLOR_WORDS =
  'an array of integers from 0 to 255, 3 per colour ([r, g, b] or [r, g, b, r, g, b, …])';

// Quirk: Hyperion.ng casts each value to 8 bits (256 shows as 0) and, when the length is not a
// multiple of 3, sets nothing but still answers success. Both are violations here.
const checkColor: Check = (value, pointer, out) => {
  if (!Array.isArray(value)) {
    out.push(violation(pointer, `must be ${COLOR_WORDS}`));
    return;
  }
  if (value.length < 3) {
    out.push(violation(pointer, `must hold at least one colour: 3 integers, not ${value.length}`));
  } else if (value.length % 3 !== 0) {
    const rule = `must hold 3 integers per colour: ${value.length} is not a multiple of 3`;
    out.push(violation(pointer, rule));
  }
  const channel = integer(0, 255);
  value.forEach((item: unknown, index) => {
    channel(item, childPointer(pointer, index), out);
  });
};

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('color')],
  ['tan', tanField],
  ['priority', priorityField],
  ['color', { required: COLOR_WORDS, check: checkColor }],
  ['duration', durationField],
  ['origin', originField],
  ['instance', instancesField],
]);

/**
 * Every violation of a `color` request, in document order; `[]` when it is valid (see
 * {@link ColorRequest}).
 *
 * `priority` (required) is an integer from 1 to 253; `color` (required) holds integers from 0 to
 * 255, at least 3 and a multiple of 3; `duration`, `origin` and `instance` as for `effect`.
 * Stricter than Hyperion.ng, which wraps values over 255 and silently ignores a length that is
 * not a multiple of 3 while answering success. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateColorRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `color` request (see {@link ColorRequest}), or its violations. */
export const parseColorRequest: Parser<ColorRequest> = parserOf(validateColorRequest);
