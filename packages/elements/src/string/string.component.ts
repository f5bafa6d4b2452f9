import { html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { enumLabelsOf } from '../shared/translate.js';
import { stringStyles } from './string.styles.js';

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
export class GkString extends GkField {
  static override styles = [fieldStyles, stringStyles];

  protected override renderControl(): TemplateResult {
    if (Array.isArray(this.schema.enum)) return this.renderSelect();
    return html`<input
      id=${this.controlId}
      type=${this.schema.format === 'url' ? 'url' : 'text'}
      part="input"
      .value=${typeof this.value === 'string' ? this.value : ''}
      ?disabled=${this.inactive}
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
      ?disabled=${this.inactive}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @input=${this.swallow}
      @change=${(e: Event) => {
        this.swallow(e);
        this.commit((e.target as HTMLSelectElement).value, true);
      }}
    >
      ${values.map(
        // The property, checked against the page: once someone picked an option, the browser
        // ignores the `selected` attribute, and a value set from outside (a form reset) must win.
        (v, i) =>
          html`<option value=${v} .selected=${live(v === this.value)}>${labels[i] ?? v}</option>`,
      )}
    </select>`;
  }
}
