import {
  jsonEqual,
  type OptionSchema,
  type ValueIssue,
  validateValue,
} from '@glowkit/effect-schema/values';
import { nothing, type TemplateResult } from 'lit';
import { fieldStyles } from './field.styles.js';
import { uniqueId } from './ids.js';
import { labelOf, messageOf } from './translate.js';
import { TranslatedView } from './translated-view.js';
import { viewProperties } from './view.js';

/** A reason a field's value is invalid: a schema rule, or input that is not a value at all. */
export type FieldIssue =
  | ValueIssue
  | { code: 'required' | 'number'; pointer: string; params: Record<string, unknown> };

/** What `input` and `change` events of every field carry. */
export interface FieldEventDetail {
  name: string;
  value: unknown;
}

/**
 * The state and template of every option: the option's schema, its value, translation,
 * validation with messages linked to the control, and `input`/`change` events that carry the
 * value. `gk-*` option elements show one; `<gk-effect-form>` shows one per option.
 *
 * Subclasses render their control with {@link FieldView.renderControl}, give it the id
 * {@link FieldView.controlId}, and call {@link FieldView.commit} when the user changes it.
 */
export abstract class FieldView extends TranslatedView {
  static override styles = [fieldStyles];

  /** The option's schema (an entry of an effect option schema's `properties`). */
  declare schema: OptionSchema;
  /** The current value, with its JSON type (numbers are numbers, colours arrays). */
  declare value: unknown;
  /** The option's name: the key of its value in the effect's args. */
  declare name: string;
  /** Disables the control. */
  declare disabled: boolean;
  /**
   * A label to show instead of the option's translated title, e.g. "Colours: Item 2" for an item
   * of a list (gk-array labels its items this way). Unset: the title, else the name.
   */
  declare labelText: string | undefined;

  /** The id of the main control, which the label and messages refer to. */
  protected readonly controlId: string = uniqueId('gk-control');
  /** Id of the element holding the validation message. */
  protected readonly errorId: string = `${this.controlId}-error`;

  /** Issues found while reading what the user typed (e.g. text that is no number). */
  protected inputIssues(): FieldIssue[] {
    return [];
  }

  /**
   * Issues of the render in progress, computed on first use (the template asks several times;
   * a view whose template never asks pays nothing).
   */
  #renderIssues: FieldIssue[] | undefined;
  #rendering = false;

  protected override renderTemplate(): TemplateResult {
    this.#rendering = true;
    try {
      return super.renderTemplate();
    } finally {
      this.#rendering = false;
      this.#renderIssues = undefined;
    }
  }

  /**
   * The issues of a primitive value last validated, and what it was validated against: the form
   * asks each option after rendering it, and the answer rarely changed meanwhile. Lists and
   * colours are not kept, since they could be edited in place unseen.
   */
  #validated: { value: unknown; schema: OptionSchema; issues: FieldIssue[] } | undefined;

  /** Every reason the current value is invalid; empty when it is valid. */
  get issues(): FieldIssue[] {
    const own = this.inputIssues();
    if (own.length > 0) return own;
    const { value, schema } = this;
    if (value === undefined) return [{ code: 'required', pointer: '', params: {} }];
    const known = this.#validated;
    if (known !== undefined && known.value === value && known.schema === schema) {
      return [...known.issues];
    }
    const issues = validateValue(schema, value);
    this.#validated =
      typeof value === 'object' && value !== null ? undefined : { value, schema, issues };
    return issues;
  }

  /** The issues of the current value, computed once per render while one is in progress. */
  protected get currentIssues(): FieldIssue[] {
    if (!this.#rendering) return this.issues;
    this.#renderIssues ??= this.issues;
    return this.#renderIssues;
  }

  /** Whether the current value satisfies the option's schema. */
  get valid(): boolean {
    return this.currentIssues.length === 0;
  }

  /** Like a form control's `checkValidity()`: true when valid. */
  checkValidity(): boolean {
    return this.valid;
  }

  /** Like a form control's `reportValidity()`: focuses the control when invalid. */
  reportValidity(): boolean {
    if (this.valid) return true;
    this.focus();
    return false;
  }

  /** Focuses the main control. */
  focus(options?: FocusOptions): void {
    const root = this.renderRoot;
    const control = root?.querySelector<HTMLElement>(`#${CSS.escape(this.controlId)}`);
    (control ?? root?.querySelector<HTMLElement>('input, select, button'))?.focus(options);
  }

  /** The message shown for the first issue, in the current language. */
  get validationMessage(): string {
    const issue = this.currentIssues[0];
    return issue ? messageOf(issue, this.translator) : '';
  }

  /**
   * Sets a new value from the user and tells listeners, like native controls do: `input` when the
   * value changed (not again at commit if typing already reported it), `change` when final.
   */
  protected commit(value: unknown, final: boolean): void {
    const changed = !jsonEqual(value, this.value);
    this.value = value;
    if (changed || !final) this.#emit('input');
    if (final) this.#emit('change');
  }

  #emit(type: 'input' | 'change'): void {
    this.dispatchEvent(
      new CustomEvent<FieldEventDetail>(type, {
        bubbles: true,
        composed: true,
        detail: { name: this.name, value: this.value },
      }),
    );
  }

  /** Stops the inner control's own events: the element sends its own, with the value. */
  protected swallow(event: Event): void {
    event.stopPropagation();
  }

  /** The translated label text. */
  protected get label(): string {
    return this.labelText ?? labelOf(this.schema, this.name, this.translator);
  }

  /** The unit after the control, when its phrase exists. */
  protected get unit(): string | undefined {
    return this.translator?.unit(this.schema);
  }

  protected renderUnit(): TemplateResult | typeof nothing {
    const unit = this.unit;
    return unit ? this.html`<span class="unit" part="unit">${unit}</span>` : nothing;
  }

  protected renderError(): TemplateResult {
    return this
      .html`<p class="error" part="error" id=${this.errorId} aria-live="polite">${this.validationMessage}</p>`;
  }

  /** aria attributes of the main control: invalid state and the message that explains it. */
  protected get invalidAttr(): 'true' | 'false' {
    return this.valid ? 'false' : 'true';
  }

  /** The control itself (input, select…), labelled by the field's label. */
  protected abstract renderControl(): TemplateResult;

  protected render(): TemplateResult {
    return this.html`<div class="field" part="field">
      <label for=${this.controlId} part="label">${this.label}</label>
      <div class="control" part="control">${this.renderControl()}${this.renderUnit()}</div>
      ${this.renderError()}
    </div>`;
  }
}

viewProperties(FieldView, {
  schema: {},
  value: undefined,
  name: '',
  disabled: false,
  labelText: undefined,
});
