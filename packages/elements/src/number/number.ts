import { GkField } from '../shared/field.js';
import { NumberFieldView } from '../shared/number-field.js';

/** The view of a number option. */
export class NumberView extends NumberFieldView {
  static override kind = 'number';
  protected readonly integer = false;
}

/**
 * A number option: a numeric input for decimals within minimum and maximum.
 * `step` (default 1.0) sets how far the arrow keys and spinner move; it never rejects a value.
 *
 * @tag gk-number
 * @fires input - the number changed; `detail` is `{ name, value }` (a number, or undefined when empty)
 * @fires change - the user committed the number
 * @csspart field - the wrapper
 * @csspart label - the label
 * @csspart control - the row of the input and its unit
 * @csspart input - the numeric input
 * @csspart unit - the unit after the input
 * @csspart error - the validation message
 */
export class GkNumber extends GkField<NumberView> {
  static override styles = NumberView.styles;

  protected override createView(): NumberView {
    return new NumberView();
  }
}

customElements.define('gk-number', GkNumber);

declare global {
  interface HTMLElementTagNameMap {
    'gk-number': GkNumber;
  }
}
