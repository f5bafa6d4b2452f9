import type { TemplateResult } from 'lit';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { FieldView } from '../shared/field-view.js';
import { checkboxStyles } from './checkbox.styles.js';

/** The view of a boolean option: a checkbox followed by its label. */
export class CheckboxView extends FieldView {
  static override kind = 'checkbox';
  static override styles = [fieldStyles, checkboxStyles];

  protected override renderControl(): TemplateResult {
    return this.html`<input
      id=${this.controlId}
      type="checkbox"
      part="input"
      .checked=${this.value === true}
      ?disabled=${this.disabled}
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
    return this.html`<div class="field" part="field">
      <div class="control" part="control">
        ${this.renderControl()}<label for=${this.controlId} part="label">${this.label}</label>
      </div>
      ${this.renderError()}
    </div>`;
  }
}

/**
 * A boolean option: a checkbox with its translated label.
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
export class GkCheckbox extends GkField<CheckboxView> {
  static override styles = CheckboxView.styles;

  protected override createView(): CheckboxView {
    return new CheckboxView();
  }
}

customElements.define('gk-checkbox', GkCheckbox);

declare global {
  interface HTMLElementTagNameMap {
    'gk-checkbox': GkCheckbox;
  }
}
