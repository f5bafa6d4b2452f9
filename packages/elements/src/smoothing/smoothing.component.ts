import {
  isJsonObject,
  type OptionSchema,
  smoothingBlock,
  validateValue,
} from '@glowkit/effect-schema/values';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { GkCheckbox } from '../checkbox/checkbox.component.js';
import { VisibilityRules } from '../effect-form/visibility.js';
import { GkInteger } from '../integer/integer.component.js';
import { GkNumber } from '../number/number.component.js';
import type { FieldEventDetail } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { FormAssociated, type FormState } from '../shared/form-associated.js';
import { initialValue } from '../shared/registry.js';
import { labelOf, messageOf, type Translator } from '../shared/translate.js';
import { TranslationController } from '../shared/translation-controller.js';
import { smoothingStyles } from './smoothing.styles.js';

/** The names of the smoothing options, in display order. */
export const smoothingOptions = [
  'smoothing-custom-settings',
  'smoothing-time_ms',
  'smoothing-updateFrequency',
] as const;

/** The name of one smoothing option. */
export type SmoothingOption = (typeof smoothingOptions)[number];

/** The values of the smoothing options, by option name. */
export type SmoothingValues = { [name in SmoothingOption]?: unknown };

const [CUSTOM, TIME, FREQUENCY] = smoothingOptions;

/**
 * Each option's box: its part, which also names the parts inside it (`time-unit`), and the parts
 * its element renders.
 */
const boxes = {
  [CUSTOM]: { part: 'custom', parts: GkCheckbox.parts },
  [TIME]: { part: 'time', parts: GkInteger.parts },
  [FREQUENCY]: { part: 'frequency', parts: GkNumber.parts },
} as const;

/** `field:time-field, label:time-label…`: the box's element's parts under the block's names. */
const exportpartsOf = (name: SmoothingOption): string =>
  boxes[name].parts.map((p) => `${p}:${boxes[name].part}-${p}`).join(', ');

/** Every part of the block, its boxes' inner parts included, for hosts that export them. */
export const smoothingParts: readonly string[] = [
  'group',
  'details',
  ...smoothingOptions.flatMap((name) => [
    boxes[name].part,
    ...boxes[name].parts.map((p) => `${boxes[name].part}-${p}`),
  ]),
];

/** An option element of the block. */
type OptionElement = GkCheckbox | GkNumber;

/**
 * The smoothing control block of an effect as one group: the "custom smoothing" checkbox and,
 * only while it is checked (each option's `options.dependencies`), the smoothing time (integer,
 * ms) and update frequency (number, Hz) with their units. Each option is the element of its kind
 * (`gk-checkbox`, `gk-integer`, `gk-number`), whose parts the block exports under the option's
 * part name (`time-input`).
 *
 * Hidden options keep their values and never make the block invalid. An option missing from
 * `values` shows its schema's default and is reported with it. The group is named after the
 * checkbox's translated title, the block's master switch. In a `<form>`, the block submits its
 * three values as JSON under its `name`.
 *
 * @tag gk-smoothing
 * @fires input - a value changed; `detail` is `{ name, value }` where `name` is the block's `name`
 *   and `value` holds all three options by name
 * @fires change - the user committed a value (same detail)
 * @csspart group - the group of the three options
 * @csspart custom - the checkbox option (a gk-checkbox)
 * @csspart details - the wrapper of the time and frequency, shown while the checkbox is checked
 * @csspart time - the smoothing time option (a gk-integer)
 * @csspart frequency - the update frequency option (a gk-number)
 * @csspart custom-field - the checkbox option's wrapper
 * @csspart custom-control - the checkbox and its label
 * @csspart custom-label - the checkbox's label
 * @csspart custom-input - the checkbox itself
 * @csspart custom-error - the checkbox's message
 * @csspart time-field - the smoothing time's wrapper
 * @csspart time-label - the smoothing time's label
 * @csspart time-control - the row of the smoothing time's input and unit
 * @csspart time-input - the smoothing time's numeric input
 * @csspart time-unit - the smoothing time's unit (ms)
 * @csspart time-error - the smoothing time's message
 * @csspart frequency-field - the update frequency's wrapper
 * @csspart frequency-label - the update frequency's label
 * @csspart frequency-control - the row of the update frequency's input and unit
 * @csspart frequency-input - the update frequency's numeric input
 * @csspart frequency-unit - the update frequency's unit (Hz)
 * @csspart frequency-error - the update frequency's message
 */
export class GkSmoothing extends FormAssociated(LitElement) {
  static override styles = [fieldStyles, smoothingStyles];

  static override properties = {
    values: { attribute: false },
    schemas: { attribute: false },
    translator: { attribute: false },
    name: { type: String, reflect: true },
    disabled: { type: Boolean, reflect: true },
  };

  /** The values of the three options, by name (other keys are ignored). */
  declare values: SmoothingValues;
  /**
   * The schemas of the three options, by name: e.g. the `properties` of the effect schema (other
   * options are ignored). Options it lacks use {@link smoothingBlock}, the spec's block.
   */
  declare schemas: Readonly<Record<string, OptionSchema>>;
  /** Translates titles, units and messages; without one, names and English are shown. */
  declare translator: Translator | undefined;
  /** The `name` of the events' detail, and the block's name in a `<form>`. Default `'smoothing'`. */
  declare name: string;
  /** Disables every control of the block. */
  declare disabled: boolean;

  constructor() {
    super();
    this.values = {};
    this.schemas = smoothingBlock as Readonly<Record<string, OptionSchema>>;
    this.name = 'smoothing';
    this.disabled = false;
    new TranslationController(this, () => this.translator);
  }

  /** The schema of one option: from `schemas`, else the spec's. */
  #schemaOf(name: SmoothingOption): OptionSchema {
    return this.schemas?.[name] ?? (smoothingBlock[name] as OptionSchema);
  }

  /** The value of one option: from `values` when given there, else its schema's default. */
  #valueOf(name: SmoothingOption): unknown {
    return this.values && Object.hasOwn(this.values, name)
      ? this.values[name]
      : initialValue(this.#schemaOf(name));
  }

  /** All three values, by name: what the events carry. */
  get value(): Required<SmoothingValues> {
    return {
      [CUSTOM]: this.#valueOf(CUSTOM),
      [TIME]: this.#valueOf(TIME),
      [FREQUENCY]: this.#valueOf(FREQUENCY),
    };
  }

  /** The block's dependency rules, compiled once per `schemas`. */
  #rules: { schemas: unknown; rules: VisibilityRules } | undefined;

  /**
   * The options shown: every option it depends on is a shown option of the block with the
   * required value (a dependency on an option outside the block hides it), as in the form.
   */
  #visible(): Set<string> {
    if (this.#rules?.schemas !== this.schemas) {
      const options = smoothingOptions.map((n) => ({ name: n, schema: this.#schemaOf(n) }));
      this.#rules = { schemas: this.schemas, rules: new VisibilityRules(options) };
    }
    return this.#rules.rules.visible(this.value);
  }

  /** The element of a shown option, when it is rendered. */
  #elementOf(name: SmoothingOption): OptionElement | null {
    return this.renderRoot?.querySelector<OptionElement>(`[data-name="${name}"]`) ?? null;
  }

  /** The shown options whose value is invalid (hidden ones never are). */
  get invalidOptions(): SmoothingOption[] {
    const visible = this.#visible();
    return smoothingOptions.filter((name) => {
      if (!visible.has(name)) return false;
      const value = this.#valueOf(name);
      if (value === undefined || validateValue(this.#schemaOf(name), value).length > 0) return true;
      // The option's element also knows about text that is no number at all.
      const element = this.#elementOf(name);
      return element !== null && element.value === value && !element.valid;
    });
  }

  /** Whether every shown option is valid. */
  get valid(): boolean {
    return this.invalidOptions.length === 0;
  }

  /** The message of the first shown option whose value is invalid, in the current language. */
  get validationMessage(): string {
    const first = this.invalidOptions[0];
    if (first === undefined) return '';
    const element = this.#elementOf(first);
    if (element && !element.valid) return element.validationMessage;
    const value = this.#valueOf(first);
    const issue =
      value === undefined
        ? { code: 'required', params: {} }
        : validateValue(this.#schemaOf(first), value)[0];
    return issue ? messageOf(issue, this.translator) : '';
  }

  /** Like a form control's `checkValidity()`: true when valid. */
  checkValidity(): boolean {
    return this.valid;
  }

  /** Like a form control's `reportValidity()`: focuses the first invalid option when invalid. */
  reportValidity(): boolean {
    const first = this.invalidOptions[0];
    if (first === undefined) return true;
    this.#elementOf(first)?.focus();
    return false;
  }

  /** Focuses the checkbox. */
  override focus(options?: FocusOptions): void {
    this.#elementOf(CUSTOM)?.focus(options);
  }

  /** The three values as JSON, under the block's name. */
  formState(): FormState {
    const first = this.invalidOptions[0];
    return {
      value: JSON.stringify(this.value),
      message: this.validationMessage,
      anchor: first === undefined ? undefined : (this.#elementOf(first) ?? undefined),
    };
  }

  /** Back to the schemas' defaults. */
  formReset(): void {
    this.values = {};
  }

  formRestore(state: string): void {
    try {
      const values = JSON.parse(state) as unknown;
      if (isJsonObject(values)) this.values = values as SmoothingValues;
    } catch {
      // Not a state this block submitted: keep the current values.
    }
  }

  /** Resolves once the block and its options have rendered. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    const elements = this.renderRoot.querySelectorAll<OptionElement>('[data-name]');
    await Promise.all([...elements].map((e) => e.updateComplete));
    return done;
  }

  protected override updated(): void {
    this.syncFormState();
  }

  #changed = (event: Event): void => {
    const detail = (event as CustomEvent<FieldEventDetail>).detail;
    const name = (event.target as HTMLElement).dataset.name;
    // The option's own event stops here; the block sends one with all three values.
    event.stopPropagation();
    if (!detail || !(smoothingOptions as readonly string[]).includes(name ?? '')) return;
    this.values = { ...this.value, [name as SmoothingOption]: detail.value };
    this.dispatchEvent(
      new CustomEvent<FieldEventDetail>(event.type, {
        bubbles: true,
        composed: true,
        detail: { name: this.name, value: this.value },
      }),
    );
  };

  #renderOption(name: SmoothingOption): TemplateResult {
    const schema = this.#schemaOf(name);
    const value = this.#valueOf(name);
    const disabled = this.disabled || this.disabledByForm;
    const { part } = boxes[name];
    const exportparts = exportpartsOf(name);
    // One template per element kind: Lit keeps each as it is from render to render.
    if (name === CUSTOM) {
      return html`<gk-checkbox part=${part} exportparts=${exportparts} data-name=${name}
        .name=${name} .schema=${schema} .value=${value} .translator=${this.translator}
        .disabled=${disabled}></gk-checkbox>`;
    }
    if (name === TIME) {
      return html`<gk-integer part=${part} exportparts=${exportparts} data-name=${name}
        .name=${name} .schema=${schema} .value=${value} .translator=${this.translator}
        .disabled=${disabled}></gk-integer>`;
    }
    return html`<gk-number part=${part} exportparts=${exportparts} data-name=${name}
      .name=${name} .schema=${schema} .value=${value} .translator=${this.translator}
      .disabled=${disabled}></gk-number>`;
  }

  protected override render(): TemplateResult {
    const visible = this.#visible();
    const time = visible.has(TIME);
    const frequency = visible.has(FREQUENCY);
    return html`<div
      class="group"
      part="group"
      role="group"
      aria-label=${labelOf(this.#schemaOf(CUSTOM), CUSTOM, this.translator)}
      @input=${this.#changed}
      @change=${this.#changed}
    >
      ${this.#renderOption(CUSTOM)}
      ${
        time || frequency
          ? html`<div class="details" part="details">
            ${time ? this.#renderOption(TIME) : nothing}
            ${frequency ? this.#renderOption(FREQUENCY) : nothing}
          </div>`
          : nothing
      }
    </div>`;
  }
}
