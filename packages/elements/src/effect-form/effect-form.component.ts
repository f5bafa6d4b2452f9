import { isJsonObject, type OptionSchema } from '@glowkit/effect-schema/values';
import type { Resolver } from '@glowkit/i18n';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import type { FieldEventDetail, GkField } from '../shared/field.js';
import { FormAssociated, type FormState } from '../shared/form-associated.js';
import { initialValue, tagFor } from '../shared/registry.js';
import { phraseOf, type Translator } from '../shared/translate.js';
import { TranslationController } from '../shared/translation-controller.js';
import {
  type GkSmoothing,
  smoothingOptions,
  smoothingParts,
} from '../smoothing/smoothing.component.js';
import { ArgsJson } from './args-json.js';
import { effectFormStyles } from './effect-form.styles.js';
import { exportpartsOf } from './option-parts.js';
import { type FormOption, orderedOptions, VisibilityRules } from './visibility.js';

/** What the form's `input` and `change` events carry. */
export interface EffectFormEventDetail {
  /** The effect's args: every option's value, hidden ones included, with its JSON type. */
  value: Record<string, unknown>;
  /** The option that changed (the smoothing block's: `smoothing-custom-settings`). */
  name: string;
}

type Status = { state: 'ready' } | { state: 'loading' } | { state: 'failed'; message: string };

/**
 * What the form shows in one place: an option, or the smoothing block standing for its three
 * options. Lit keys the rendered blocks by these objects, so no option name can clash with the
 * block or with another option, whatever it is called.
 */
type Entry =
  | { kind: 'option'; name: string; schema: OptionSchema; tag: string | undefined }
  | { kind: 'smoothing' };

/** An element the form shows: an option's, or the smoothing block. */
type OptionElement = GkField | GkSmoothing;

const [CUSTOM] = smoothingOptions;
const smoothingNames: readonly string[] = smoothingOptions;
const smoothingExportparts = smoothingParts.join(', ');

/**
 * Options per run of the option list: each run is skipped by style and layout while off screen
 * (`content-visibility: auto`), so a long form costs what its visible options cost.
 */
const CHUNK = 8;

/** `unsafeStatic` of each tag, made once: the static template of a kind is then one cache entry. */
const staticTags = new Map<string, ReturnType<typeof unsafeStatic>>();
const staticTag = (tag: string) => {
  let found = staticTags.get(tag);
  if (!found) {
    found = unsafeStatic(tag);
    staticTags.set(tag, found);
  }
  return found;
};

/** A record without a prototype: option names such as `__proto__` or `constructor` are plain keys. */
const record = (): Record<string, unknown> => Object.create(null);

/**
 * Renders an effect option schema as a form: options ordered by `propertyOrder`, titles, units and
 * enum labels translated, values validated while typing, options shown and hidden by their
 * `options.dependencies`. Each option is the element of its kind (`gk-integer`, `gk-color-picker`…),
 * whose parts the form exports as its own. It is form-associated: inside a `<form>` it submits its
 * value (the effect's args as JSON) under its `name`, and blocks submission while a visible option
 * is invalid.
 *
 * Every part of the options' elements is a part of the form too, under the same name (`label`,
 * `input`, `item-input`, `time-unit`…): the manifest lists them, each from the element that renders it.
 *
 * @tag gk-effect-form
 * @fires input - an option changed; `detail` is `{ value, name }` with the whole args object
 * @fires change - an option's change was committed (same detail)
 * @fires load - the schema given by `src` was loaded
 * @fires error - the schema or the phrases could not be loaded; `detail` is `{ message }`
 * @csspart form - the fieldset around all options
 * @csspart heading - the effect's translated title
 * @csspart status - the loading or error message
 * @csspart option-block - the element of one option (its `data-option` attribute holds the
 *   option's name; the smoothing block's has `data-block="smoothing"` instead)
 */
export class GkEffectForm extends FormAssociated(LitElement) {
  static override styles = [effectFormStyles];

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

  /** Every option of the schema, in display order. */
  #options: FormOption[] = [];
  /** What is shown, in runs of CHUNK. */
  #chunks: Entry[][] = [];
  /** The smoothing options' schemas, by name (when the schema has the block). */
  #smoothingSchemas: Readonly<Record<string, OptionSchema>> = {};
  /** The options the schema's `required` names (a settings group's): never saved empty. */
  #required: ReadonlySet<string> = new Set();
  #rules = new VisibilityRules([]);
  #smoothing = false;
  #schemaInUse: Record<string, unknown> | undefined;
  #values = record();
  /** The smoothing block's values: one object until they change, so the block renders only then. */
  #smoothingValues = record();
  /** `#values` as the JSON the form submits, updated option by option. */
  readonly #argsJson = new ArgsJson();
  #given: Record<string, unknown> | undefined;
  #visible = new Set<string>();
  /** Entries shown at least once: an option hidden from the start is rendered when first shown. */
  #rendered = new WeakSet<Entry>();
  /** The element of each rendered option (the block's under each of its three names). */
  #elements = new Map<string, OptionElement>();
  /** Visible options whose element is invalid; kept up to date between renders. */
  #invalid = new Set<string>();
  #ownTranslator: Resolver | undefined;

  constructor() {
    super();
    this.name = '';
    this.heading = true;
    this.disabled = false;
    this._status = { state: 'ready' };
    new TranslationController(this, () => this.#activeTranslator);
  }

  /** The effect's args: every option's value (hidden ones keep theirs), with its JSON type. */
  get value(): Record<string, unknown> {
    return structuredClone({ ...this.#values });
  }

  set value(value: Record<string, unknown> | undefined) {
    this.#given = value ? structuredClone(value) : undefined;
    this.#applyValues();
    this.requestUpdate();
  }

  /** Whether every visible option holds a valid value. */
  get valid(): boolean {
    return this.#firstInvalid() === undefined;
  }

  /** Like a form control's `checkValidity()`. */
  checkValidity(): boolean {
    return this.valid;
  }

  /** Like a form control's `reportValidity()`: focuses the first invalid visible option. */
  reportValidity(): boolean {
    const invalid = this.#firstInvalid();
    invalid?.reportValidity();
    return invalid === undefined;
  }

  /** The options currently shown, in display order. */
  get visibleOptionNames(): string[] {
    return this.#options.filter((o) => this.#visible.has(o.name)).map((o) => o.name);
  }

  get #activeTranslator(): Translator | undefined {
    return this.translator ?? this.#ownTranslator;
  }

  /** Whether an option is one of the smoothing block's, shown together as one. */
  #inBlock(name: string): boolean {
    return this.#smoothing && smoothingNames.includes(name);
  }

  /** Re-checks the validity of some options (all of them after a render). */
  #recheck(names: Iterable<string>): void {
    for (const name of names) {
      // The block answers for its three options at once, under the first.
      if (this.#inBlock(name) && name !== CUSTOM) continue;
      const element = this.#elements.get(name);
      if (element && this.#visible.has(name) && !element.checkValidity()) this.#invalid.add(name);
      else this.#invalid.delete(name);
    }
  }

  #firstInvalid(): OptionElement | undefined {
    // Hidden options keep their values but are never reported invalid.
    if (this.#invalid.size === 0) return undefined;
    for (const o of this.#options) if (this.#invalid.has(o.name)) return this.#elements.get(o.name);
    return undefined;
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
  }

  /** Resolves once the form and every option element in it have rendered. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    const pending: Promise<boolean>[] = [];
    for (const element of this.#elements.values()) {
      if (element.isUpdatePending) pending.push(element.updateComplete);
    }
    if (pending.length > 0) await Promise.all(pending);
    return done;
  }

  protected override updated(): void {
    this.#collectElements();
    this.#recheck(this.#options.map((o) => o.name));
    this.syncFormState();
  }

  /** Finds the element of each rendered option. */
  #collectElements(): void {
    this.#elements.clear();
    for (const element of this.renderRoot.querySelectorAll<OptionElement>('.option')) {
      if (element.dataset.block === 'smoothing') {
        for (const name of smoothingNames) this.#elements.set(name, element);
      } else if (element.dataset.option !== undefined) {
        this.#elements.set(element.dataset.option, element);
      }
    }
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
    this.#required = new Set(
      Array.isArray(schema?.required) ? schema.required.filter((k) => typeof k === 'string') : [],
    );
    this.#rules = new VisibilityRules(this.#options);
    const block: Record<string, OptionSchema> = {};
    for (const o of this.#options) if (smoothingNames.includes(o.name)) block[o.name] = o.schema;
    // Names in a schema are unique: all of the block's are there when as many are found.
    this.#smoothing = Object.keys(block).length === smoothingNames.length;
    this.#smoothingSchemas = this.#smoothing ? block : {};
    const entries: Entry[] = [];
    for (const o of this.#options) {
      if (this.#inBlock(o.name)) {
        // The block stands where its first option would.
        if (o.name === CUSTOM) entries.push({ kind: 'smoothing' });
        continue;
      }
      entries.push({ kind: 'option', name: o.name, schema: o.schema, tag: tagFor(o.schema) });
    }
    this.#chunks = [];
    for (let i = 0; i < entries.length; i += CHUNK) this.#chunks.push(entries.slice(i, i + CHUNK));
    this.#applyValues();
  }

  /** Defaults first, then the given value; recomputes what is shown. */
  #applyValues(): void {
    const values = record();
    for (const o of this.#options) values[o.name] = initialValue(o.schema);
    if (this.#given) {
      for (const [k, v] of Object.entries(this.#given)) if (Object.hasOwn(values, k)) values[k] = v;
    }
    this.#values = values;
    this.#smoothingValues = record();
    for (const n of smoothingNames) this.#smoothingValues[n] = values[n];
    this.#argsJson.reset(values);
    this.#visible = this.#rules.visible(this.#values);
  }

  #onFieldEvent(event: Event): void {
    const detail = (event as CustomEvent<FieldEventDetail>).detail;
    const block = event.target as HTMLElement;
    if (!detail || !block.classList.contains('option')) return;
    // The form speaks for its options: their events stop here, the form sends its own.
    event.stopPropagation();
    let names: readonly string[];
    // The value is taken as the element holds it (elements never edit a value in place, and the
    // form hands out copies only), so that the next render finds the element up to date.
    if (block.dataset.block === 'smoothing') {
      const next = detail.value as Record<string, unknown>;
      names = smoothingNames.filter((n) => Object.hasOwn(next, n));
      for (const n of names) this.#values[n] = next[n];
      this.#smoothingValues = (event.target as GkSmoothing).values;
    } else {
      const name = block.dataset.option as string;
      names = [name];
      this.#values[name] = detail.value;
    }
    this.#argsJson.update(this.#values, names);
    this.#afterValueChange(names);
    // The args are copied only if a listener reads them.
    const form = this;
    this.dispatchEvent(
      new CustomEvent<EffectFormEventDetail>(event.type, {
        bubbles: true,
        composed: true,
        detail: {
          name: names[0] as string,
          get value() {
            return form.value;
          },
        },
      }),
    );
  }

  /** Shows and hides what new values decide (a render, when anything flips), and re-checks. */
  #afterValueChange(changedNames: readonly string[]): void {
    // Only the options downstream of the changed ones are decided again.
    const flipped = this.#rules.update(this.#values, this.#visible, changedNames);
    // An option rendered before is shown or hidden where it is: a toggle that flips 60 options of
    // 300 then costs those 60 attributes, not a render of the whole form. Only an option shown for
    // the first time needs the form to render (its element does not exist yet).
    let render = false;
    for (const name of flipped) {
      if (this.#inBlock(name) && name !== CUSTOM) continue;
      const element = this.#elements.get(name);
      if (element) element.hidden = !this.#visible.has(name);
      else if (this.#visible.has(name)) render = true;
    }
    if (render) this.requestUpdate();
    // Text that is no number changes validity without changing the value: check anyway.
    this.#recheck([...changedNames, ...flipped]);
    this.syncFormState();
  }

  /** The args as JSON, and the first invalid visible option's message. */
  formState(): FormState {
    const invalid = this.#firstInvalid();
    return {
      value: this.#argsJson.text,
      message: invalid ? invalid.validationMessage || 'Invalid value' : '',
      anchor: invalid,
    };
  }

  /** Back to the defaults and the given value. */
  formReset(): void {
    this.#applyValues();
    this.requestUpdate();
  }

  /** The submitted JSON becomes the value again. */
  formRestore(state: string): void {
    try {
      const value = JSON.parse(state) as unknown;
      if (isJsonObject(value)) this.value = value;
    } catch {
      // Not ours to restore: keep the current value.
    }
  }

  /**
   * One option's element: itself the option's block (no wrapper), keyed by the entry. An option
   * hidden since the schema came is not rendered until first shown; once rendered, hiding it sets
   * `hidden`, which keeps its state and is undone cheaply.
   */
  #renderEntry(entry: Entry, disabled: boolean): TemplateResult | typeof nothing {
    const smoothing = entry.kind === 'smoothing';
    const shown = this.#visible.has(smoothing ? CUSTOM : entry.name);
    if (shown) this.#rendered.add(entry);
    else if (!this.#rendered.has(entry)) return nothing;
    const translator = this.#activeTranslator;
    // Values are checked against the element (`live`): an element changed by the user holds a
    // value the form's last render never set, and a reset must still put the form's value back.
    if (entry.kind === 'smoothing') {
      return html`<gk-smoothing
        class="option"
        part="option-block"
        data-block="smoothing"
        exportparts=${smoothingExportparts}
        ?hidden=${live(!shown)}
        .schemas=${this.#smoothingSchemas}
        .values=${live(this.#smoothingValues)}
        .translator=${translator}
        .disabled=${disabled}
      ></gk-smoothing>`;
    }
    if (entry.tag === undefined) return nothing;
    const tag = staticTag(entry.tag);
    return staticHtml`<${tag}
      class="option"
      part="option-block"
      data-option=${entry.name}
      exportparts=${exportpartsOf(entry.tag)}
      ?hidden=${live(!shown)}
      .name=${entry.name}
      .schema=${entry.schema}
      .value=${live(this.#values[entry.name])}
      .translator=${translator}
      .disabled=${disabled}
      .required=${this.#required.has(entry.name)}
    ></${tag}>`;
  }

  protected override render(): TemplateResult {
    if (this._status.state === 'loading') {
      return html`<p class="status" part="status" role="status">Loading…</p>`;
    }
    if (this._status.state === 'failed') {
      return html`<p class="status failed" part="status" role="alert">${this._status.message}</p>`;
    }
    const title = this.#headingText();
    const disabled = this.disabled || this.disabledByForm;
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
          (chunk) => chunk,
          (chunk) =>
            html`<div class="option-chunk">${repeat(
              chunk,
              (entry) => entry,
              (entry) => this.#renderEntry(entry, disabled),
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
