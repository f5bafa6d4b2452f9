import { html, type TemplateResult } from 'lit';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { FieldView } from '../shared/field-view.js';
import { enumLabelsOf } from '../shared/translate.js';
import { stringStyles } from './string.styles.js';

/** The view of a string option: a text input, or a select box of its `enum`. */
export class StringView extends FieldView {
  static override kind = 'string';
  static override styles = [fieldStyles, stringStyles];

  protected override renderControl(): TemplateResult {
    if (Array.isArray(this.schema.enum)) return this.renderSelect();
    return html`<input
      id=${this.controlId}
      type=${this.schema.format === 'url' ? 'url' : 'text'}
      part="input"
      .value=${typeof this.value === 'string' ? this.value : ''}
      ?disabled=${this.disabled}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @input=${(e: Event) => {
        this.swallow(e);
        this.commit((e.target as HTMLInputElement).value, false);
      }}
      @change=${(e: Event) => {
        this.swallow(e);
        this.commit((e.target as HTMLInputElement).value, true);
      }}
    />`;
  }

  /** A select box of the enum values, labelled with their translated enum_titles. */
  protected renderSelect(): TemplateResult {
    const values = (Array.isArray(this.schema.enum) ? this.schema.enum : []).map((v) => String(v));
    const labels = enumLabelsOf(this.schema, this.translator);
    return html`<select
      id=${this.controlId}
      part="input"
      ?disabled=${this.disabled}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @input=${this.swallow}
      @change=${(e: Event) => {
        this.swallow(e);
        this.commit((e.target as HTMLSelectElement).value, true);
      }}
    >
      ${values.map(
        (v, i) => html`<option value=${v} ?selected=${v === this.value}>${labels[i] ?? v}</option>`,
      )}
    </select>`;
  }
}

/**
 * A string option: a text input, or a select box when the schema has an `enum`.
 * minLength, maxLength and enum are checked while typing, with translated messages.
 *
 * @tag gk-string
 * @fires input - the text changed; `detail` is `{ name, value }`
 * @fires change - the user committed the text (blur or Enter)
 * @csspart field - the wrapper
 * @csspart label - the label
 * @csspart control - the row of the input and its unit
 * @csspart input - the text input or select
 * @csspart unit - the unit after the input
 * @csspart error - the validation message
 * @cssprop --gk-text-width - the widest a text input or select box grows (default 24rem)
 */
export class GkString extends GkField<StringView> {
  static override styles = StringView.styles;

  protected override createView(): StringView {
    return new StringView();
  }
}

customElements.define('gk-string', GkString);

declare global {
  interface HTMLElementTagNameMap {
    'gk-string': GkString;
  }
}
