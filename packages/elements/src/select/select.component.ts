import type { TemplateResult } from 'lit';
import { GkString } from '../string/string.component.js';

/**
 * A choice among the `enum` values of a string option, labelled from `options.enum_titles`.
 *
 * @tag gk-select
 * @fires input - a value was chosen; `detail` is `{ name, value }`
 * @fires change - same, when the choice is committed
 * @csspart field - the wrapper
 * @csspart label - the label
 * @csspart control - the row of the select box and its unit
 * @csspart input - the select box
 * @csspart unit - the unit after the select box
 * @csspart error - the validation message
 */
export class GkSelect extends GkString {
  protected override renderControl(): TemplateResult {
    return this.renderSelect();
  }
}
