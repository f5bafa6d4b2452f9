import type { TemplateResult } from 'lit';
import { fieldStyles } from './field.styles.js';
import { type FieldIssue, FieldView } from './field-view.js';
import { numberFieldStyles } from './number-field.styles.js';

/**
 * The view of integer and number options: a numeric input whose `step` (default 1) only
 * drives the arrow keys and the spinner — a value off the step is valid — with minimum and
 * maximum checked while typing.
 */
export abstract class NumberFieldView extends FieldView {
  static override styles = [fieldStyles, numberFieldStyles];

  /** Whether only whole numbers are valid. */
  protected abstract readonly integer: boolean;
  /** True while the input holds text that is not a number. */
  #unparsable = false;

  protected override inputIssues(): FieldIssue[] {
    return this.#unparsable ? [{ code: 'number', pointer: '', params: {} }] : [];
  }

  #read(input: HTMLInputElement): unknown {
    const unparsable = input.validity.badInput;
    // The value may stay the same while its validity changes: render the message anyway.
    if (unparsable !== this.#unparsable) this.requestUpdate();
    this.#unparsable = unparsable;
    // Text that is no number keeps the last value: the message says what is wrong meanwhile.
    if (this.#unparsable) return this.value;
    if (input.value.trim() === '') return undefined;
    const n = input.valueAsNumber;
    return Number.isFinite(n) ? n : undefined;
  }

  protected override renderControl(): TemplateResult {
    const step =
      typeof this.schema.step === 'number' && this.schema.step > 0 ? this.schema.step : 1;
    const min = typeof this.schema.minimum === 'number' ? this.schema.minimum : undefined;
    const max = typeof this.schema.maximum === 'number' ? this.schema.maximum : undefined;
    return this.html`<input
      id=${this.controlId}
      type="number"
      part="input"
      inputmode=${this.integer ? 'numeric' : 'decimal'}
      step=${step}
      min=${min ?? ''}
      max=${max ?? ''}
      .value=${typeof this.value === 'number' ? String(this.value) : ''}
      ?disabled=${this.disabled}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @input=${(e: Event) => {
        this.swallow(e);
        this.commit(this.#read(e.target as HTMLInputElement), false);
      }}
      @change=${(e: Event) => {
        this.swallow(e);
        this.commit(this.#read(e.target as HTMLInputElement), true);
      }}
    />`;
  }
}
