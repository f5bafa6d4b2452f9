import { type OptionSchema, smoothingBlock, validateValue } from '@glowkit/effect-schema/values';
import { html, nothing, type TemplateResult } from 'lit';
import { CheckboxView } from '../checkbox/checkbox.js';
import { VisibilityRules } from '../effect-form/visibility.js';
import { IntegerView } from '../integer/integer.js';
import { NumberView } from '../number/number.js';
import type { FieldEventDetail } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { initialValue } from '../shared/registry.js';
import { scopedViewStyles } from '../shared/scoped-styles.js';
import { labelOf, messageOf, type Translator } from '../shared/translate.js';
import { TranslatedView } from '../shared/translated-view.js';
import { viewProperties, viewsRendered } from '../shared/view.js';
import { viewIn } from '../shared/view-directive.js';
import { ValidatingViewElement, viewElementProperties } from '../shared/view-element.js';
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

type OptionView = CheckboxView | IntegerView | NumberView;

/** Each option's view, and the part of its box, which also names the parts inside (`time-unit`). */
const optionViews: Record<
  SmoothingOption,
  { View: new (options: { partPrefix: string }) => OptionView; part: string }
> = {
  [CUSTOM]: { View: CheckboxView, part: 'custom' },
  [TIME]: { View: IntegerView, part: 'time' },
  [FREQUENCY]: { View: NumberView, part: 'frequency' },
};

/** The view of the smoothing block: its three options as one group. */
export class SmoothingView extends TranslatedView {
  static override kind = 'smoothing';
  static override styles = [fieldStyles, smoothingStyles];

  /** The values of the three options, by name (other keys are ignored). */
  declare values: SmoothingValues;
  /**
   * The schemas of the three options, by name: e.g. the `properties` of the effect schema (other
   * options are ignored). Options it lacks use {@link smoothingBlock}, the spec's block.
   */
  declare schemas: Readonly<Record<string, OptionSchema>>;
  /** The `name` of the events' detail. Default `'smoothing'`. */
  declare name: string;
  /** Disables every control of the block. */
  declare disabled: boolean;
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
   * Whether an option is shown: every option it depends on is a shown option of the block with
   * the required value (a dependency on an option outside the block hides it), as in the form.
   */
  #isVisible(name: SmoothingOption): boolean {
    if (this.#rules?.schemas !== this.schemas) {
      const options = smoothingOptions.map((n) => ({ name: n, schema: this.#schemaOf(n) }));
      this.#rules = { schemas: this.schemas, rules: new VisibilityRules(options) };
    }
    return this.#rules.rules.visible(this.value).has(name);
  }

  /**
   * The view of each option, made on first use: the options are views rendered in the block's
   * own shadow root (a form's, when the block is one of its options), not elements with shadow
   * roots of their own, which took most of the time a form with the block needed to appear. Their
   * parts are named after the option's part (`time-input`).
   */
  #views: Partial<Record<SmoothingOption, OptionView>> = {};

  #viewOf(name: SmoothingOption): OptionView {
    let view = this.#views[name];
    if (!view) {
      const { View, part } = optionViews[name];
      view = new View({ partPrefix: `${part}-` });
      this.#views[name] = view;
    }
    return view;
  }

  /** The view of a shown option that shows the current value, if any. */
  #shownView(name: SmoothingOption): OptionView | undefined {
    const view = this.#views[name];
    return view?.hasRendered && view.value === this.#valueOf(name) ? view : undefined;
  }

  /** The shown options whose value is invalid (hidden ones never are). */
  get invalidOptions(): SmoothingOption[] {
    return smoothingOptions.filter((name) => {
      if (!this.#isVisible(name)) return false;
      const value = this.#valueOf(name);
      if (value === undefined || validateValue(this.#schemaOf(name), value).length > 0) return true;
      // The option's view also knows about text that is no number at all.
      const view = this.#shownView(name);
      return view ? !view.valid : false;
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
    const view = this.#shownView(first);
    if (view && !view.valid) return view.validationMessage;
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
    this.#views[first]?.focus();
    return false;
  }

  /** Focuses the checkbox. */
  focus(options?: FocusOptions): void {
    this.#views[CUSTOM]?.focus(options);
  }

  /** Whether a render of the block or of one of its options is scheduled. */
  override get isUpdatePending(): boolean {
    return super.isUpdatePending || Object.values(this.#views).some((v) => v.isUpdatePending);
  }

  /** Resolves once the block and its options have rendered what is pending. */
  override get updateComplete(): Promise<boolean> {
    return Promise.all([super.updateComplete, viewsRendered(Object.values(this.#views))]).then(
      ([done]) => done,
    );
  }

  #changed = (event: Event): void => {
    const detail = (event as CustomEvent<FieldEventDetail>).detail;
    if (!detail || !(smoothingOptions as readonly string[]).includes(detail.name)) return;
    // The option's own event stops here; the block sends one with all three values.
    event.stopPropagation();
    this.values = { ...this.value, [detail.name]: detail.value };
    this.dispatchEvent(
      new CustomEvent<FieldEventDetail>(event.type, {
        bubbles: true,
        composed: true,
        detail: { name: this.name, value: this.value },
      }),
    );
  };

  /** One option, its view given the block's state, in a box that hosts the view. */
  #renderOption(name: SmoothingOption): TemplateResult {
    const view = this.#viewOf(name);
    view.assign({
      name,
      schema: this.#schemaOf(name),
      value: this.#valueOf(name),
      translator: this.translator,
      disabled: this.disabled,
    });
    return html`<div part=${optionViews[name].part} data-name=${name} data-view=${view.kind}>${viewIn(
      view,
    )}</div>`;
  }

  protected render(): TemplateResult {
    const time = this.#isVisible(TIME);
    const frequency = this.#isVisible(FREQUENCY);
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

/**
 * The smoothing control block of an effect as one group: the "custom smoothing" checkbox and,
 * only while it is checked (each option's `options.dependencies`), the smoothing time (integer,
 * ms) and update frequency (number, Hz) with their units.
 *
 * Hidden options keep their values and never make the block invalid. An option missing from
 * `values` shows its schema's default and is reported with it. The group is named after the
 * checkbox's translated title, the block's master switch.
 *
 * @tag gk-smoothing
 * @fires input - a value changed; `detail` is `{ name: 'smoothing', value }` where `value` holds
 *   all three options by name
 * @fires change - the user committed a value (same detail)
 * @csspart group - the group of the three options
 * @csspart custom - the box of the checkbox option
 * @csspart details - the wrapper of the time and frequency, shown while the checkbox is checked
 * @csspart time - the box of the smoothing time option
 * @csspart frequency - the box of the update frequency option
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
export class GkSmoothing extends ValidatingViewElement<SmoothingView> {
  // The block's options are views in this shadow root: their styles come scoped to them.
  static override styles = [
    ...SmoothingView.styles,
    scopedViewStyles([CheckboxView, IntegerView, NumberView]),
  ];

  static override properties = {
    values: { attribute: false, noAccessor: true },
    schemas: { attribute: false, noAccessor: true },
    translator: { attribute: false, noAccessor: true },
    name: { type: String, reflect: true, noAccessor: true },
    disabled: { type: Boolean, reflect: true, noAccessor: true },
  };

  protected override createView(): SmoothingView {
    return new SmoothingView();
  }

  /** The values of the three options, by name (other keys are ignored). */
  declare values: SmoothingValues;
  /**
   * The schemas of the three options, by name: e.g. the `properties` of the effect schema (other
   * options are ignored). Options it lacks use {@link smoothingBlock}, the spec's block.
   */
  declare schemas: Readonly<Record<string, OptionSchema>>;
  /** Translates titles, units and messages; without one, names and English are shown. */
  declare translator: Translator | undefined;
  /** The `name` of the events' detail. Default `'smoothing'`. */
  declare name: string;
  /** Disables every control of the block. */
  declare disabled: boolean;

  /** All three values, by name: what the events carry. */
  get value(): Required<SmoothingValues> {
    return this.view.value;
  }

  /** The shown options whose value is invalid (hidden ones never are). */
  get invalidOptions(): SmoothingOption[] {
    return this.view.invalidOptions;
  }
}

viewProperties(SmoothingView, {
  values: {},
  schemas: smoothingBlock,
  name: 'smoothing',
  disabled: false,
});
viewElementProperties(GkSmoothing, Object.keys(GkSmoothing.properties));

customElements.define('gk-smoothing', GkSmoothing);

declare global {
  interface HTMLElementTagNameMap {
    'gk-smoothing': GkSmoothing;
  }
}
