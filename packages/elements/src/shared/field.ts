import {
  jsonEqual,
  type OptionSchema,
  type ValueIssue,
  validateValue,
} from '@glowkit/effect-schema/values';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { fieldStyles } from './field.styles.js';
import { FormAssociated, type FormState } from './form-associated.js';
import { uniqueId } from './ids.js';
import { initialValue } from './registry.js';
import { labelOf, messageOf, type Translator } from './translate.js';
import { TranslationController } from './translation-controller.js';

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
 * The base of every option element: the option's schema, its value, translation, validation with
 * messages linked to the control, `input`/`change` events that carry the value, and form
 * association (inside a `<form>` it submits its value under its `name`: text as it is, anything
 * else as JSON).
 *
 * Subclasses render their control with {@link GkField.renderControl}, give it the id
 * {@link GkField.controlId}, and call {@link GkField.commit} when the user changes it.
 *
 * Every colour has a light and a dark default, chosen by the inherited `color-scheme`.
 *
 * @cssprop --gk-color-text - text colour (default #1d2330, dark #e8ecf4)
 * @cssprop --gk-color-muted - units, notes and other secondary text (default #5b6478, dark #a3adc2)
 * @cssprop --gk-color-surface - background of inputs, select boxes and buttons (default #ffffff, dark #1b2130)
 * @cssprop --gk-color-border - borders of inputs, buttons and groups (default #8a93a6, dark #5d6780)
 * @cssprop --gk-color-accent - focus outline, hovered buttons, checked boxes (default #2456d6, dark #7fa2ff)
 * @cssprop --gk-color-error - validation messages and the borders of invalid inputs (default #b3261e, dark #ff8a80)
 * @cssprop --gk-radius - corner radius of inputs, buttons and groups (default 6px)
 * @cssprop --gk-space - the spacing unit; gaps and margins are multiples of it (default 0.5rem)
 * @cssprop --gk-font - the `font` shorthand (default: inherited)
 * @cssprop --gk-focus-ring - `box-shadow` around a focused control (default a 3px ring of the accent colour)
 */
export abstract class GkField extends FormAssociated(LitElement) {
  static override styles = [fieldStyles];

  static override properties = {
    schema: { attribute: false },
    value: { attribute: false },
    name: { type: String, reflect: true },
    translator: { attribute: false },
    disabled: { type: Boolean, reflect: true },
    labelText: { attribute: false },
    required: { type: Boolean },
  };

  /**
   * The parts the element renders. A host that shows the element in its own shadow root (the form,
   * a list) exports them with `exportparts` under its own names.
   */
  static parts: readonly string[] = ['field', 'label', 'control', 'input', 'unit', 'error'];

  /** The option's schema (an entry of an effect option schema's `properties`). */
  declare schema: OptionSchema;
  /** The current value, with its JSON type (numbers are numbers, colours arrays). */
  declare value: unknown;
  /** The option's name: the key of its value in the effect's args, and its name in a `<form>`. */
  declare name: string;
  /** Translates titles, units, labels and messages; without one, names and English are shown. */
  declare translator: Translator | undefined;
  /** Disables the control. */
  declare disabled: boolean;
  /**
   * A label to show instead of the option's translated title, e.g. "Item 2" for an item of a
   * list (gk-array labels its items this way). Unset: the title, else the name.
   */
  declare labelText: string | undefined;
  /**
   * Whether the option must be filled in (its group's `required` names it): empty text is
   * refused, with "This field is required.", though the schema's default may be empty.
   */
  declare required: boolean;

  /** The id of the main control, which the label and messages refer to. */
  protected readonly controlId: string = uniqueId('gk-control');
  /** Id of the element holding the validation message. */
  protected readonly errorId: string = `${this.controlId}-error`;

  constructor() {
    super();
    this.schema = {};
    this.name = '';
    this.disabled = false;
    this.required = false;
    new TranslationController(this, () => this.translator);
  }

  /** Whether the control is disabled, by `disabled` or by a `<fieldset disabled>` around it. */
  protected get inactive(): boolean {
    return this.disabled || this.disabledByForm;
  }

  /** Issues found while reading what the user typed (e.g. text that is no number). */
  protected inputIssues(): FieldIssue[] {
    return [];
  }

  /**
   * The issues of the primitive value last validated, and the schema it was validated against: a
   * form asks each option after rendering it, and the element asked while rendering. Lists and
   * colours are not kept, since they could be edited in place unseen.
   */
  #validated: { value: unknown; schema: OptionSchema; issues: FieldIssue[] } | undefined;

  /** Every reason the current value is invalid; empty when it is valid. */
  get issues(): FieldIssue[] {
    const own = this.inputIssues();
    if (own.length > 0) return own;
    const { value, schema } = this;
    if (value === undefined || (this.required && value === '')) {
      return [{ code: 'required', pointer: '', params: {} }];
    }
    const known = this.#validated;
    if (known !== undefined && known.value === value && known.schema === schema) {
      return [...known.issues];
    }
    const issues: FieldIssue[] = validateValue(schema, value);
    this.#validated =
      typeof value === 'object' && value !== null ? undefined : { value, schema, issues };
    return issues;
  }

  /** Issues computed once for the render in progress (the template asks several times). */
  #renderIssues: FieldIssue[] | undefined;

  protected override update(changed: PropertyValues): void {
    this.#renderIssues = this.issues;
    try {
      super.update(changed);
    } finally {
      this.#renderIssues = undefined;
    }
  }

  protected override updated(): void {
    this.syncFormState();
  }

  /** The issues of the current value, computed once per render while one is in progress. */
  protected get currentIssues(): FieldIssue[] {
    return this.#renderIssues ?? this.issues;
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

  override focus(options?: FocusOptions): void {
    const root = this.renderRoot;
    const control = root.querySelector<HTMLElement>(`#${this.controlId}`);
    (control ?? root.querySelector<HTMLElement>('input, select, button'))?.focus(options);
  }

  /** The message shown for the first issue, in the current language. */
  get validationMessage(): string {
    const issue = this.currentIssues[0];
    return issue ? messageOf(issue, this.translator) : '';
  }

  /** The value as submitted with a `<form>`: text as it is, anything else as JSON. */
  formState(): FormState {
    const { value } = this;
    return {
      value: value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value),
      message: this.validationMessage,
      // Before the first render (a form can adopt the element first) there is nothing to point at.
      anchor: this.renderRoot?.querySelector<HTMLElement>(`#${this.controlId}`) ?? undefined,
    };
  }

  /** On form reset the field shows its schema's default again. */
  formReset(): void {
    this.value = initialValue(this.schema);
  }

  /** Takes back a submitted value: JSON for anything but text options. */
  formRestore(state: string): void {
    if (this.schema.type === 'string') {
      this.value = state;
      return;
    }
    try {
      this.value = JSON.parse(state);
    } catch {
      // Not a value this field submitted: keep the current one.
    }
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

  protected renderUnit(): TemplateResult | typeof nothing {
    const unit = this.translator?.unit(this.schema);
    return unit ? html`<span class="unit" part="unit">${unit}</span>` : nothing;
  }

  protected renderError(): TemplateResult {
    return html`<p class="error" part="error" id=${this.errorId} aria-live="polite">${this.validationMessage}</p>`;
  }

  /** aria-invalid of the main control. */
  protected get invalidAttr(): 'true' | 'false' {
    return this.valid ? 'false' : 'true';
  }

  /** The control itself (input, select…), labelled by the field's label. */
  protected abstract renderControl(): TemplateResult;

  protected override render(): TemplateResult {
    return html`<div class="field" part="field">
      <label for=${this.controlId} part="label">${this.label}</label>
      <div class="control" part="control">${this.renderControl()}${this.renderUnit()}</div>
      ${this.renderError()}
    </div>`;
  }
}
