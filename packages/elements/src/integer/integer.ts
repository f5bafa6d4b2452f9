import { GkField } from '../shared/field.js';
import { NumberFieldView } from '../shared/number-field.js';

/** The view of an integer option. */
export class IntegerView extends NumberFieldView {
  static override kind = 'integer';
  protected readonly integer = true;
}

/**
 * An integer option: a numeric input that accepts whole numbers within minimum and maximum.
 * `step` (default 1) sets how far the arrow keys and spinner move; it never rejects a value.
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
 */
export class GkInteger extends GkField<IntegerView> {
  static override styles = IntegerView.styles;

  protected override createView(): IntegerView {
    return new IntegerView();
  }
}

customElements.define('gk-integer', GkInteger);

declare global {
  interface HTMLElementTagNameMap {
    'gk-integer': GkInteger;
  }
}
