import { jsonEqual, type OptionSchema } from '@glowkit/effect-schema/values';
import type { Resolver } from '@glowkit/i18n';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { FieldEventDetail } from '../shared/field-view.js';
import { copyOf, initialValue } from '../shared/registry.js';
import { scopedViewStyles } from '../shared/scoped-styles.js';
import { phraseOf, type Translator } from '../shared/translate.js';
import { viewsRendered } from '../shared/view.js';
import { viewIn } from '../shared/view-directive.js';
import { SmoothingView, smoothingOptions } from '../smoothing/smoothing.js';
import { ArgsJson } from './args-json.js';
import { effectFormStyles } from './effect-form.styles.js';
import { type OptionView, optionViewClasses, optionViewFor } from './option-views.js';
import { type FormOption, orderedOptions, VisibilityRules } from './visibility.js';

/** What the form's `input` and `change` events carry. */
export interface EffectFormEventDetail {
  /** The effect's args: every option's value, hidden ones included, with its JSON type. */
  value: Record<string, unknown>;
  /** The option that changed. */
  name: string;
}

type Status = { state: 'ready' } | { state: 'loading' } | { state: 'failed'; message: string };

const smoothingNames: readonly string[] = smoothingOptions;

/**
 * Options per run of the option list (see `#chunks`): a few screens' worth would do; runs of 8
 * keep what an off-screen change costs small, and the styles' size guess (28rem) near the truth.
 */
const CHUNK = 8;

/**
 * Renders an effect option schema as a form: options ordered by `propertyOrder`, titles, units and
 * enum labels translated, values validated while typing, options shown and hidden by their
 * `options.dependencies`. It is form-associated: inside a `<form>` it submits its value (the
 * effect's args as JSON) under its `name`, and blocks submission while a visible option is invalid.
 *
 * @tag gk-effect-form
 * @fires input - an option changed; `detail` is `{ value, name }` with the whole args object
 * @fires change - an option's change was committed (same detail)
 * @fires load - the schema given by `src` was loaded
 * @fires error - the schema or the phrases could not be loaded; `detail` is `{ message }`
 * @csspart form - the fieldset around all options
 * @csspart heading - the effect's translated title
 * @csspart status - the loading or error message
 * @csspart option-block - the block of one option (its `data-option` attribute holds the option's
 *   name); not `option`, which a multiselect's choices are
 * @csspart field - an option's wrapper (a fieldset for lists, multiselects and colours)
 * @csspart label - an option's label (a legend for lists, multiselects and colours)
 * @csspart control - the row of an option's control and unit
 * @csspart input - an option's input or select box
 * @csspart unit - the unit after an input
 * @csspart error - an option's validation message
 * @csspart item-label - the label of a list's item, at any depth (every part `<p>` of an item is
 *   `item-<p>`, `control` being `item-control-row`; see gk-array)
 * @csspart item-input - the input or select box of a list's item
 * @csspart item-control-row - the row of a list item's control and unit
 * @csspart item-unit - the unit after a list item's input
 * @csspart item-error - a list item's validation message
 * @csspart item-swatch - the colour preview of a list's colour item
 * @csspart swatch - a colour option's preview frame
 * @csspart swatch-color - a colour option's preview colour
 * @csspart picker - a colour option's native colour input
 * @csspart channels - the wrapper of a colour option's channel inputs
 * @csspart channel - one channel of a colour option: its label and input
 * @csspart channel-label - a channel's label (also the alpha's)
 * @csspart channel-input - a channel's numeric input (also the alpha's)
 * @csspart alpha - the alpha row of an RGBA colour option
 * @csspart alpha-slider - the alpha slider
 * @csspart alpha-input - the numeric alpha input
 * @csspart options - the wrapper of a multiselect's checkboxes
 * @csspart option - one choice of a multiselect: its checkbox and label
 * @csspart checkbox - a multiselect's checkboxes
 * @csspart option-label - the text of a multiselect's choice
 * @csspart none - a multiselect's "Nothing selected" note
 * @csspart items - the list of a list option's items
 * @csspart item - one item of a list: its element and its buttons
 * @csspart item-control - the element of one item (a gk-integer, gk-color-picker, gk-array…)
 * @csspart duplicate - an item that repeats an earlier one while `uniqueItems` is true
 * @csspart actions - the buttons of one item
 * @csspart button - every button of a list
 * @csspart move-up - the buttons that move an item up
 * @csspart move-down - the buttons that move an item down
 * @csspart remove - the buttons that remove an item
 * @csspart add - a list's add button
 * @csspart empty - the note of an empty list
 * @csspart group - the smoothing block (its three options)
 * @csspart custom - the box of the smoothing block's checkbox
 * @csspart details - the smoothing time and frequency, shown while the checkbox is checked
 * @csspart time - the box of the smoothing time
 * @csspart frequency - the box of the update frequency
 * @csspart custom-field - the smoothing checkbox's wrapper
 * @csspart custom-control - the smoothing checkbox and its label
 * @csspart custom-label - the smoothing checkbox's label
 * @csspart custom-input - the smoothing checkbox itself
 * @csspart custom-error - the smoothing checkbox's message
 * @csspart time-field - the smoothing time's wrapper
 * @csspart time-label - the smoothing time's label
 * @csspart time-control - the row of the smoothing time's input and unit
 * @csspart time-input - the smoothing time's numeric input
 * @csspart time-unit - the smoothing time's unit
 * @csspart time-error - the smoothing time's message
 * @csspart frequency-field - the update frequency's wrapper
 * @csspart frequency-label - the update frequency's label
 * @csspart frequency-control - the row of the update frequency's input and unit
 * @csspart frequency-input - the update frequency's numeric input
 * @csspart frequency-unit - the update frequency's unit
 * @csspart frequency-error - the update frequency's message
 */
export class GkEffectForm extends LitElement {
  // The options are views rendered in the form's own shadow root (no element and shadow root
  // each): their styles come scoped to each kind of option, then the form's own.
  static override styles = [
    scopedViewStyles([...optionViewClasses, SmoothingView]),
    effectFormStyles,
  ];
  static formAssociated = true;

  static override properties = {
    schema: { attribute: false },
    src: { type: String },
    value: { attribute: false },
    translator: { attribute: false },
    language: { type: String },
    translations: { type: String },
    name: { type: String, reflect: true },
    heading: { type: Boolean },
    disabled: { type: Boolean, reflect: true },
    /** @internal Lit state, not an attribute (also dropped from the manifest by its config). */
    _status: { state: true },
  };

  /** The effect option schema (an object). Set this or `src`. */
  declare schema: Record<string, unknown> | undefined;
  /** URL of the effect option schema, loaded with `fetch`. */
  declare src: string | undefined;
  /** A translation resolver (`@glowkit/i18n`); takes precedence over `language`/`translations`. */
  declare translator: Translator | undefined;
  /** Language code, used with `translations` when no `translator` is given. */
  declare language: string | undefined;
  /** URL template of the phrase files, `{lng}` standing for the language, e.g. `/i18n/{lng}.json`. */
  declare translations: string | undefined;
  /** Name under which the value is submitted with a `<form>`. */
  declare name: string;
  /** Whether to show the effect's translated title as the form's heading. */
  declare heading: boolean;
  /** Disables every option. */
  declare disabled: boolean;
  /** @internal Whether the schema given by `src` is loading or failed to load. */
  declare _status: Status;

  readonly #internals: ElementInternals;
  #options: FormOption[] = [];
  /** The options in runs of CHUNK: each run is skipped by style and layout while off screen. */
  #chunks: FormOption[][] = [];
  /** The smoothing options' schemas, by name (when the schema has the block). */
  #smoothingSchemas: Readonly<Record<string, OptionSchema>> = {};
  #rules = new VisibilityRules([]);
  #smoothing = false;
  #schemaInUse: Record<string, unknown> | undefined;
  #values: Record<string, unknown> = {};
  /** `#values` as the JSON the form submits, updated option by option. */
  readonly #argsJson = new ArgsJson();
  #given: Record<string, unknown> | undefined;
  #visible = new Set<string>();
  #ownTranslator: Resolver | undefined;
  #stopListening: (() => void) | undefined;

  constructor() {
    super();
    this.#internals = this.attachInternals();
    this.name = '';
    this.heading = true;
    this.disabled = false;
    this._status = { state: 'ready' };
  }

  /** The effect's args: every option's value (hidden ones keep theirs), with its JSON type. */
  get value(): Record<string, unknown> {
    return structuredClone(this.#values);
  }

  set value(value: Record<string, unknown> | undefined) {
    this.#given = value ? structuredClone(value) : undefined;
    this.#applyValues();
    this.requestUpdate();
  }

  /** The form this element belongs to, like a native control's. */
  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  /** Whether every visible option holds a valid value. */
  get valid(): boolean {
    return this.#firstInvalidField() === undefined;
  }

  /** Like a form control's `checkValidity()`. */
  checkValidity(): boolean {
    return this.valid;
  }

  /** Like a form control's `reportValidity()`: focuses the first invalid visible option. */
  reportValidity(): boolean {
    const invalid = this.#firstInvalidField();
    invalid?.reportValidity();
    return invalid === undefined;
  }

  /** The options currently shown, in display order. */
  get visibleOptionNames(): string[] {
    return this.#options.filter((o) => this.#visible.has(o.name)).map((o) => o.name);
  }

  /** The view of each option (the smoothing block's stands for its three options). */
  #views = new Map<string, OptionView | SmoothingView>();
  /** Visible options whose field is invalid; kept up to date incrementally between renders. */
  #invalid = new Set<string>();

  /** Whether an option is one of the smoothing block's, shown together as one. */
  #inBlock(name: string): boolean {
    return this.#smoothing && smoothingNames.includes(name);
  }

  #viewOf(name: string): OptionView | SmoothingView | undefined {
    return this.#views.get(this.#inBlock(name) ? 'smoothing' : name);
  }

  /** Re-checks the validity of some options' fields (all of them after a render). */
  #recheck(names: Iterable<string>): void {
    for (const name of names) {
      const view = this.#viewOf(name);
      if (view && this.#visible.has(name) && !view.checkValidity()) this.#invalid.add(name);
      else this.#invalid.delete(name);
    }
  }

  #firstInvalidField(): OptionView | SmoothingView | undefined {
    // Hidden options keep their values but are never reported invalid.
    if (this.#invalid.size === 0) return undefined;
    for (const o of this.#options) if (this.#invalid.has(o.name)) return this.#viewOf(o.name);
    return undefined;
  }

  get #activeTranslator(): Translator | undefined {
    return this.translator ?? this.#ownTranslator;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('schema')) this.#useSchema(this.schema);
    if (changed.has('src') && this.src && !changed.has('schema')) void this.#load(this.src);
    if (
      (changed.has('language') || changed.has('translations')) &&
      !this.translator &&
      this.language &&
      this.translations
    ) {
      void this.#loadTranslations(this.language, this.translations);
    }
    if (changed.has('translator') || changed.has('language')) this.#listen();
  }

  /** Resolves once the form and every option's own re-render (after typing, say) are done. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await viewsRendered(this.#views.values());
    return done;
  }

  protected override updated(): void {
    this.#recheck(this.#options.map((o) => o.name));
    this.#syncFormState();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopListening?.();
    this.#stopListening = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listen();
  }

  #listen(): void {
    this.#stopListening?.();
    // The heading follows the language; the fields subscribe themselves.
    this.#stopListening = this.#activeTranslator?.onLanguageChange(() => this.requestUpdate());
  }

  async #load(src: string): Promise<void> {
    this._status = { state: 'loading' };
    try {
      const response = await fetch(src);
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
      const schema = (await response.json()) as Record<string, unknown>;
      if (this.src !== src) return; // a newer src was set meanwhile
      this.#useSchema(schema);
      this._status = { state: 'ready' };
      this.dispatchEvent(new Event('load'));
    } catch (error) {
      const message = `Could not load the effect schema ${src}: ${error instanceof Error ? error.message : String(error)}`;
      this._status = { state: 'failed', message };
      this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
    }
  }

  async #loadTranslations(language: string, template: string): Promise<void> {
    const urlFor = (lng: string) => new URL(template.replace('{lng}', lng), document.baseURI);
    try {
      if (this.#ownTranslator) {
        await this.#ownTranslator.setLanguage(language);
        return;
      }
      const languages: Record<string, { url: URL }> = { en: { url: urlFor('en') } };
      if (language !== 'en') languages[language] = { url: urlFor(language) };
      // Loaded on demand: a page that passes its own translator (or none) never downloads the
      // resolver and i18next, more than half of what the elements would weigh otherwise.
      const { createResolver } = await import('@glowkit/i18n');
      this.#ownTranslator = await createResolver({
        languages,
        language,
        sourceFor: (lng) => ({ url: urlFor(lng) }),
      });
      this.#listen();
      this.requestUpdate();
    } catch (error) {
      const message = `Could not load the translations: ${error instanceof Error ? error.message : String(error)}`;
      this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
    }
  }

  #useSchema(schema: Record<string, unknown> | undefined): void {
    this.#schemaInUse = schema;
    const properties =
      schema && typeof schema.properties === 'object' && schema.properties !== null
        ? (schema.properties as Record<string, unknown>)
        : {};
    this.#options = orderedOptions(properties);
    this.#rules = new VisibilityRules(this.#options);
    const block: Record<string, OptionSchema> = {};
    let found = 0;
    for (const o of this.#options) {
      if (!smoothingNames.includes(o.name)) continue;
      block[o.name] = o.schema;
      found += 1;
    }
    // Names in a schema are unique: all of the block's are there when as many are found.
    this.#smoothing = found === smoothingNames.length;
    this.#smoothingSchemas = this.#smoothing ? block : {};
    this.#chunks = [];
    for (let i = 0; i < this.#options.length; i += CHUNK) {
      this.#chunks.push(this.#options.slice(i, i + CHUNK));
    }
    this.#views = this.#createViews();
    this.#applyValues();
  }

  /** One view per option, kept from render to render; the smoothing block's for its three. */
  #createViews(): Map<string, OptionView | SmoothingView> {
    const views = new Map<string, OptionView | SmoothingView>();
    for (const o of this.#options) {
      if (this.#inBlock(o.name)) {
        if (!views.has('smoothing')) views.set('smoothing', new SmoothingView());
        continue;
      }
      const view = optionViewFor(o.schema);
      if (view) views.set(o.name, view);
    }
    return views;
  }

  /** Defaults first, then the given value; recomputes what is shown. */
  #applyValues(): void {
    const values: Record<string, unknown> = {};
    for (const o of this.#options) values[o.name] = initialValue(o.schema);
    if (this.#given) {
      for (const [k, v] of Object.entries(this.#given)) if (k in values) values[k] = v;
    }
    this.#values = values;
    this.#argsJson.reset(values);
    this.#visible = this.#rules.visible(this.#values);
  }

  #onFieldEvent(event: Event): void {
    const detail = (event as CustomEvent<FieldEventDetail>).detail;
    if (!detail || typeof detail.name !== 'string') return;
    // The form speaks for its options: their events stop here, the form sends its own.
    event.stopPropagation();
    let changed: boolean;
    if (detail.name === 'smoothing' && typeof detail.value === 'object' && detail.value) {
      const next = detail.value as Record<string, unknown>;
      changed = Object.entries(next).some(([k, v]) => !jsonEqual(this.#values[k], v));
      Object.assign(this.#values, structuredClone(next));
      this.#argsJson.update(this.#values, Object.keys(next));
    } else if (detail.name in this.#values) {
      changed = !jsonEqual(this.#values[detail.name], detail.value);
      this.#values[detail.name] = copyOf(detail.value);
      this.#argsJson.update(this.#values, [detail.name]);
    } else {
      return;
    }
    const names = detail.name === 'smoothing' ? smoothingNames : [detail.name];
    if (changed) this.#afterValueChange(names);
    else {
      // Text that is no number changes validity without changing the value.
      this.#recheck(names);
      this.#syncFormState(false);
    }
    // The args are copied only if a listener reads them: 300 options cost a fraction of a
    // millisecond to clone, on every keystroke.
    const form = this;
    this.dispatchEvent(
      new CustomEvent<EffectFormEventDetail>(event.type, {
        bubbles: true,
        composed: true,
        detail: {
          name: detail.name,
          get value() {
            return form.value;
          },
        },
      }),
    );
  }

  /** Shows and hides what the new values decide, and updates the form's validity. */
  #afterValueChange(changedNames: readonly string[]): void {
    // The field already shows its new value; only visibility may change elsewhere. Setting
    // `hidden` on just the options whose visibility changed is far cheaper than re-rendering the
    // whole form (the next render, whenever it comes, produces the same state).
    // Only the options downstream of the changed ones are decided again.
    const flipped = this.#rules.update(this.#values, this.#visible, changedNames);
    for (const name of flipped) {
      const shown = this.#visible.has(name);
      const view = this.#viewOf(name);
      const host = view?.hostElement;
      if (view && host && !(this.#inBlock(name) && name !== smoothingNames[0])) {
        host.hidden = !shown;
        // An option hidden since the first render is rendered now, when first shown.
        if (shown && !view.hasRendered) view.requestUpdate();
      }
    }
    this.#recheck([...changedNames, ...flipped]);
    this.#syncFormState();
  }

  /** The validity last given to the form's internals: set again only when it changes. */
  #reported: { message: string; anchor: HTMLElement | undefined } | undefined;

  #syncFormState(valueChanged = true): void {
    if (valueChanged) this.#internals.setFormValue(this.#argsJson.text);
    const invalid = this.#firstInvalidField();
    const message = invalid ? invalid.validationMessage || 'Invalid value' : '';
    const anchor = invalid?.hostElement;
    if (this.#reported?.message === message && this.#reported.anchor === anchor) return;
    this.#reported = { message, anchor };
    if (invalid) this.#internals.setValidity({ customError: true }, message, anchor);
    else this.#internals.setValidity({});
  }

  /** Called by a parent `<form>` on reset: back to the defaults and the given value. */
  formResetCallback(): void {
    this.#applyValues();
    this.requestUpdate();
  }

  /** Called when an ancestor `<fieldset disabled>` disables or re-enables the form. */
  formDisabledCallback(disabled: boolean): void {
    this.#disabledByFieldset = disabled;
    this.requestUpdate();
  }

  /**
   * Called when the browser restores the form's state (back/forward navigation, autofill): the
   * submitted JSON becomes the value again.
   */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state !== 'string') return;
    try {
      const value = JSON.parse(state) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        this.value = value as Record<string, unknown>;
      }
    } catch {
      // Not ours to restore: keep the current value.
    }
  }

  #disabledByFieldset = false;

  get #inactive(): boolean {
    return this.disabled || this.#disabledByFieldset;
  }

  #renderOption(option: FormOption): TemplateResult | typeof nothing {
    const smoothing = this.#inBlock(option.name);
    if (smoothing && option.name !== smoothingNames[0]) return nothing;
    const name = smoothing ? 'smoothing' : option.name;
    const view = this.#viewOf(option.name);
    if (!view) return nothing;
    if (view instanceof SmoothingView) {
      view.assign({
        schemas: this.#smoothingSchemas,
        values: Object.fromEntries(smoothingNames.map((n) => [n, this.#values[n]])),
        translator: this.#activeTranslator,
        disabled: this.#inactive,
      });
    } else {
      view.assign({
        name,
        schema: option.schema,
        value: this.#values[name],
        translator: this.#activeTranslator,
        disabled: this.#inactive,
      });
    }
    return html`<div
      class="option"
      part="option-block"
      data-option=${name}
      data-view=${view.kind}
      ?hidden=${live(!this.#visible.has(option.name))}
    >${viewIn(view, !this.#visible.has(option.name))}</div>`;
  }

  protected override render(): TemplateResult {
    if (this._status.state === 'loading') {
      return html`<p class="status" part="status" role="status">Loading…</p>`;
    }
    if (this._status.state === 'failed') {
      return html`<p class="status failed" part="status" role="alert">${this._status.message}</p>`;
    }
    const title = this.#headingText();
    return html`<fieldset
      class="form"
      part="form"
      @input=${this.#onFieldEvent}
      @change=${this.#onFieldEvent}
    >
      ${this.heading && title ? html`<legend class="heading" part="heading">${title}</legend>` : nothing}
      <div class="option-list">
        ${repeat(
          this.#chunks,
          (chunk) => chunk[0]?.name,
          (chunk) =>
            html`<div class="option-chunk">${repeat(
              chunk,
              (o) => o.name,
              (o) => this.#renderOption(o),
            )}</div>`,
        )}
      </div>
    </fieldset>`;
  }

  #headingText(): string | undefined {
    const title = this.#schemaInUse?.title;
    if (typeof title !== 'string') return undefined;
    return phraseOf(title, '', this.#activeTranslator) || undefined;
  }
}

customElements.define('gk-effect-form', GkEffectForm);

declare global {
  interface HTMLElementTagNameMap {
    'gk-effect-form': GkEffectForm;
  }
}
