import { html, type TemplateResult } from 'lit';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { checkboxStyles } from './checkbox.styles.js';

/**
 * A boolean option: a checkbox with its translated label after it.
 *
 * @tag gk-checkbox
 * @fires input - the value changed; `detail` is `{ name, value }` with a boolean value
 * @fires change - the user committed a change (same detail)
 * @csspart field - the wrapper
 * @csspart control - the checkbox and its label
 * @csspart input - the checkbox
 * @csspart label - the label
 * @csspart error - the validation message
 */
export class GkCheckbox extends GkField {
  static override styles = [fieldStyles, checkboxStyles];
  static override parts: readonly string[] = ['field', 'control', 'input', 'label', 'error'];

  protected override renderControl(): TemplateResult {
    return html`<input
      id=${this.controlId}
      type="checkbox"
      part="input"
      .checked=${this.value === true}
      ?disabled=${this.inactive}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @input=${this.swallow}
      @change=${(e: Event) => {
        this.swallow(e);
        this.commit((e.target as HTMLInputElement).checked, true);
      }}
    />`;
  }

  protected override render(): TemplateResult {
    // The label follows the box, as people expect of checkboxes.
    return html`<div class="field" part="field">
      <div class="control" part="control">
        ${this.renderControl()}<label for=${this.controlId} part="label">${this.label}</label>
      </div>
      ${this.renderError()}
    </div>`;
  }
}
