/**
 * The generator's controls as template pieces: a labelled whole-number input with its message, a
 * labelled select, and a group of radio buttons. Native controls, so keyboard, focus, forms and
 * screen readers work as everywhere.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';

/** One choice of a select or a radio group. */
export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A typed number: NaN for an empty or broken entry, which the layout's problems then name. */
function typedNumber(event: Event): number {
  const input = event.target as HTMLInputElement;
  return input.value.trim() === '' ? Number.NaN : Number(input.value);
}

/** A whole-number input; `problem` is the message shown under it (and linked to it) when wrong. */
export function numberField(options: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  problem: string | undefined;
  onInput: (value: number) => void;
}): TemplateResult {
  const { id, problem } = options;
  return html`<div class="field">
    <label for=${id}>${options.label}</label>
    <input
      id=${id}
      type="number"
      inputmode="numeric"
      step="1"
      min=${options.min}
      max=${options.max}
      required
      .value=${live(Number.isNaN(options.value) ? '' : String(options.value))}
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${problem ? `${id}-problem` : nothing}
      @input=${(e: Event) => options.onInput(typedNumber(e))}
    />
    ${problem ? html`<p class="message error" id=${`${id}-problem`}>${problem}</p>` : nothing}
  </div>`;
}

/** A labelled select of `choices`. */
export function selectField<T extends string>(options: {
  id: string;
  label: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
}): TemplateResult {
  return html`<div class="field">
    <label for=${options.id}>${options.label}</label>
    <select
      id=${options.id}
      @change=${(e: Event) => options.onChange((e.target as HTMLSelectElement).value as T)}
    >
      ${options.choices.map(
        (choice) =>
          html`<option value=${choice.value} ?selected=${choice.value === options.value}>
            ${choice.label}
          </option>`,
      )}
    </select>
  </div>`;
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function radioGroup<T extends string>(options: {
  name: string;
  legend: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
}): TemplateResult {
  return html`<fieldset>
    <legend>${options.legend}</legend>
    <div class="modes">
      ${options.choices.map(
        (choice) =>
          html`<label class="choice">
            <input
              type="radio"
              name=${options.name}
              value=${choice.value}
              .checked=${live(choice.value === options.value)}
              @change=${() => options.onChange(choice.value)}
            />${choice.label}
          </label>`,
      )}
    </div>
  </fieldset>`;
}
