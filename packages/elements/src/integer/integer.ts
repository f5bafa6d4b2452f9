import { GkNumberField } from '../shared/number-field.js';

/**
 * An integer option: a numeric input that accepts whole numbers within minimum and maximum.
 * `step` (default 1) sets how far the arrow keys and spinner move; it never rejects a value.
 *
 * @tag gk-integer
 * @fires input - the number changed; `detail` is `{ name, value }` (a number, or undefined when empty)
 * @fires change - the user committed the number
 * @csspart field - the wrapper
 * @csspart label - the label
 * @csspart input - the numeric input
 * @csspart unit - the unit after the input
 * @csspart error - the validation message
 */
export class GkInteger extends GkNumberField {
  protected readonly integer = true;
}

customElements.define('gk-integer', GkInteger);

declare global {
  interface HTMLElementTagNameMap {
    'gk-integer': GkInteger;
  }
}
