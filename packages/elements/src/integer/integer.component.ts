import { GkNumber } from '../number/number.component.js';

/**
 * An integer option: a numeric input that accepts whole numbers within minimum and maximum.
 * `step` (default 1) sets how far the arrow keys and spinner move; it never rejects a value. The
 * arrow keys count from the option's default, not from the minimum.
 *
 * @tag gk-integer
 * @fires input - the number changed; `detail` is `{ name, value }` (a number, or undefined when empty)
 * @fires change - the user committed the number
 * @csspart field - the wrapper
 * @csspart label - the label
 * @csspart control - the row of the input and its unit
 * @csspart input - the numeric input
 * @csspart unit - the unit after the input
 * @csspart error - the validation message
 * @cssprop --gk-number-width - the width of the numeric input (default 8rem)
 */
export class GkInteger extends GkNumber {
  protected override readonly integer: boolean = true;
}
