import { html, type TemplateResult } from 'lit';
import type { FieldIssue } from '../shared/field.js';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { numberStyles } from './number.styles.js';

/**
 * A number option: a numeric input for decimals within minimum and maximum.
 * `step` (default 1) sets how far the arrow keys and spinner move; it never rejects a value. The
 * arrow keys count from the option's default (with `default: 3, step: 5`: 8, 13… and -2, -7…),
 * stop at minimum and maximum, and start from the default when the input is empty.
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
 * @cssprop --gk-number-width - the width of the numeric input (default 8rem)
 */
export class GkNumber extends GkField {
  static override styles = [fieldStyles, numberStyles];

  /** Whether only whole numbers are valid. */
  protected readonly integer: boolean = false;
  /** True while the input holds text that is not a number. */
  #unparsable = false;

  protected override inputIssues(): FieldIssue[] {
    return this.#unparsable ? [{ code: 'number', pointer: '', params: {} }] : [];
  }

  get #step(): number {
    const { step } = this.schema;
    return typeof step === 'number' && step > 0 ? step : 1;
  }

  #bound(name: 'minimum' | 'maximum'): number | undefined {
    const bound = this.schema[name];
    return typeof bound === 'number' ? bound : undefined;
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

  /**
   * The arrow keys step from the default rather than from the minimum (the browser's step base):
   * with `minimum: 1, default: 10, step: 5`, ↑ gives 15, not 11.
   */
  #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const input = event.target as HTMLInputElement;
    const step = this.#step;
    const base = typeof this.schema.default === 'number' ? this.schema.default : 0;
    const current = this.#unparsable ? undefined : this.value;
    let next: number;
    if (typeof current !== 'number') next = base;
    else {
      // Steps from the base land on base + k·step; a value between steps goes to the next one.
      const k = (current - base) / step;
      const nearest = Math.round(k);
      const onStep = Math.abs(k - nearest) < 1e-9;
      const steps =
        event.key === 'ArrowUp'
          ? onStep
            ? nearest + 1
            : Math.ceil(k)
          : onStep
            ? nearest - 1
            : Math.floor(k);
      // Rounded to the step's decimals: 0.1 + 0.2 shows as 0.3.
      next = Number((base + steps * step).toFixed(decimals(step) + decimals(base)));
    }
    const min = this.#bound('minimum');
    const max = this.#bound('maximum');
    if (min !== undefined && next < min) next = min;
    if (max !== undefined && next > max) next = max;
    input.value = String(next);
    this.#unparsable = false;
    // Like the browser's own stepping: the step is the user's whole change (input, then change).
    this.commit(next, true);
  };

  protected override renderControl(): TemplateResult {
    const min = this.#bound('minimum');
    const max = this.#bound('maximum');
    return html`<input
      id=${this.controlId}
      type="number"
      part="input"
      inputmode=${this.integer ? 'numeric' : 'decimal'}
      step=${this.#step}
      min=${min ?? ''}
      max=${max ?? ''}
      .value=${typeof this.value === 'number' ? String(this.value) : ''}
      ?disabled=${this.inactive}
      aria-invalid=${this.invalidAttr}
      aria-describedby=${this.errorId}
      @keydown=${this.#onKeydown}
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

/** Digits after the point of a number as JavaScript writes it (1e-7 counts 7). */
function decimals(n: number): number {
  const text = String(n);
  const exponent = text.match(/e-(\d+)$/);
  if (exponent) return Number(exponent[1]);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}
