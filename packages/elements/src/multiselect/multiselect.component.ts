import { isJsonObject, validateValue } from '@glowkit/effect-schema/values';
import { html, nothing, type TemplateResult } from 'lit';
import { type FieldIssue, GkField } from '../shared/field.js';
import { fieldStyles, groupStyles } from '../shared/field.styles.js';
import { enumLabelsOf, phraseOf } from '../shared/translate.js';
import { multiselectStyles } from './multiselect.styles.js';

/**
 * A choice of several values (`type: array`, `uniqueItems: true`, `items` a string `enum`): a
 * group of checkboxes, one per enum value in enum order, labelled from `enum_titles` (the
 * option's `options.enum_titles` or its items'), translated.
 *
 * The value holds the chosen values in enum order, never twice. No value (`undefined`, as the
 * spec allows: a multiselect needs no default) means nothing is chosen and is valid unless
 * `minItems` says otherwise; the element then shows "Nothing selected". Values that are not
 * among the enum values make the value invalid and are dropped at the next change, as they have
 * no checkbox. `minItems` and `maxItems` are checked with translated messages.
 *
 * @tag gk-multiselect
 * @fires input - a value was chosen or unchosen; `detail` is `{ name, value }` with the whole array
 * @fires change - same, at once (checkboxes commit on every click)
 * @csspart field - the fieldset around the checkboxes
 * @csspart label - the legend: the option's label
 * @csspart options - the wrapper of the checkboxes
 * @csspart option - one checkbox with its label
 * @csspart checkbox - the checkboxes
 * @csspart option-label - the text of each checkbox
 * @csspart none - the "Nothing selected" note
 * @csspart error - the validation message
 */
export class GkMultiselect extends GkField {
  static override styles = [fieldStyles, groupStyles, multiselectStyles];
  static override parts: readonly string[] = [
    'field',
    'label',
    'options',
    'option',
    'checkbox',
    'option-label',
    'none',
    'error',
  ];

  /** The values people can choose: the items' enum. */
  get #choices(): readonly unknown[] {
    const items = this.schema.items;
    return isJsonObject(items) && Array.isArray(items.enum) ? items.enum : [];
  }

  /** The chosen values (none when there is no value). */
  get #chosen(): readonly unknown[] {
    return Array.isArray(this.value) ? this.value : [];
  }

  /** Id of the "Nothing selected" note. */
  get #noneId(): string {
    return `${this.controlId}-none`;
  }

  /** Every reason the choice is invalid; no value counts as nothing chosen, never as missing. */
  override get issues(): FieldIssue[] {
    return validateValue(this.schema, this.value ?? []);
  }

  /** Focuses the first checkbox. */
  override focus(options?: FocusOptions): void {
    this.renderRoot?.querySelector<HTMLInputElement>('input[type=checkbox]')?.focus(options);
  }

  #onChange = (event: Event): void => {
    this.swallow(event);
    const box = event.target as HTMLInputElement;
    const choices = this.#choices;
    const toggled = choices[Number(box.dataset.index)];
    const chosen = new Set(this.#chosen);
    if (box.checked) chosen.add(toggled);
    else chosen.delete(toggled);
    // In enum order, each value once (an enum may repeat a value), whatever order they came in.
    this.commit(
      choices.filter((choice, i) => chosen.has(choice) && choices.indexOf(choice) === i),
      true,
    );
  };

  protected override renderControl(): TemplateResult {
    const chosen = this.#chosen;
    const labels = enumLabelsOf(this.schema, this.translator);
    const invalid = this.invalidAttr;
    const inactive = this.inactive;
    return html`<div class="options" part="options">
      ${this.#choices.map(
        (choice, i) => html`<label class="option" part="option">
          <input
            type="checkbox"
            part="checkbox"
            id=${i === 0 ? this.controlId : `${this.controlId}-${i}`}
            data-index=${i}
            .checked=${chosen.includes(choice)}
            ?disabled=${inactive}
            aria-invalid=${invalid}
            aria-describedby=${this.errorId}
          /><span part="option-label">${labels[i] ?? String(choice)}</span>
        </label>`,
      )}
    </div>`;
  }

  protected override render(): TemplateResult {
    const none = this.#chosen.length === 0;
    const describedBy = none ? `${this.#noneId} ${this.errorId}` : this.errorId;
    return html`<fieldset
      class="field"
      part="field"
      aria-invalid=${this.invalidAttr}
      aria-describedby=${describedBy}
      @input=${this.swallow}
      @change=${this.#onChange}
    >
      <legend part="label">${this.label}</legend>
      ${this.renderControl()}
      ${
        none
          ? html`<p class="note none" part="none" id=${this.#noneId}>
            ${phraseOf('edt_msg_multiselect_none', 'Nothing selected', this.translator)}
          </p>`
          : nothing
      }
      ${this.renderError()}
    </fieldset>`;
  }
}
