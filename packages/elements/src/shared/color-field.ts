import { jsonEqual, type OptionSchema, validateValue } from '@glowkit/effect-schema/values';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import { cssColor, hexToRgb, rgbToHex, toAlpha, toRgb } from './color.js';
import { type FieldIssue, FieldView } from './field-view.js';
import { initialValue } from './registry.js';
import { messageOf, phraseOf } from './translate.js';

/** The colour channels: phrase of the label, English fallback, and the suffix of input ids. */
const CHANNELS = [
  { phrase: 'edt_msg_color_red', fallback: 'Red', id: 'red' },
  { phrase: 'edt_msg_color_green', fallback: 'Green', id: 'green' },
  { phrase: 'edt_msg_color_blue', fallback: 'Blue', id: 'blue' },
] as const;

/** Index of the alpha channel in an RGBA value. */
const ALPHA = 3;

/**
 * The common part of the RGB and RGBA colour pickers: one labelled group with a swatch, the
 * native colour input and a numeric input per channel (plus, with alpha, a slider and a numeric
 * input 0..1), all kept in sync.
 *
 * What the user types into a channel is kept as typed while it is being edited: a number
 * (even out of range or a fraction) goes into the value, where validation reports it; text that
 * is no number (or nothing) leaves that channel's value as it was and is reported as an issue of
 * its own. Either way the other channels keep their values. The swatch and the native input show
 * the value with each channel rounded and clamped into range.
 *
 * Without a value, the element takes the schema's `default` (else black, opaque).
 */
export abstract class ColorFieldView extends FieldView {
  /** Whether the value has an alpha channel 0..1 after red, green and blue. */
  protected abstract readonly withAlpha: boolean;

  /** Text of the numeric inputs as typed, by channel (3 is alpha), while the user edits them. */
  #drafts = new Map<number, string>();
  /** Channels whose numeric input holds text that is not a number. */
  #unparsable = new Set<number>();
  /** The last value this element set itself, to tell a value set from outside. */
  #own: unknown;
  /** Whether the value was taken from the schema rather than given. */
  #defaulted = false;

  /** How many items the value has: 3, or 4 with alpha. */
  protected get size(): 3 | 4 {
    return this.withAlpha ? 4 : 3;
  }

  /** The schema this element validates against: the option's, always as a colour of its kind. */
  protected get colorSchema(): OptionSchema {
    return {
      ...this.schema,
      type: 'array',
      format: this.withAlpha ? 'colorpickerRGBA' : 'colorpicker',
    };
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('value') && !jsonEqual(this.value, this.#own)) {
      // A different value from outside replaces whatever the user was typing.
      this.#defaulted = false;
      this.#resetDrafts();
    }
    if (this.value === undefined || (this.#defaulted && changed.has('schema'))) {
      this.value = this.#initial();
      this.#own = this.value;
      this.#defaulted = true;
      this.#resetDrafts();
    }
  }

  #initial(): unknown[] {
    const fromSchema = initialValue(this.colorSchema);
    if (Array.isArray(fromSchema)) return fromSchema;
    return this.withAlpha ? [0, 0, 0, 1] : [0, 0, 0];
  }

  #resetDrafts(...channels: number[]): void {
    for (const i of channels.length > 0 ? channels : [0, 1, 2, ALPHA]) {
      this.#drafts.delete(i);
      this.#unparsable.delete(i);
    }
  }

  protected override inputIssues(): FieldIssue[] {
    return [...this.#unparsable]
      .sort((a, b) => a - b)
      .map((i) =>
        i === ALPHA
          ? { code: 'alpha', pointer: `/${i}`, params: { value: this.#drafts.get(i) ?? '' } }
          : {
              code: 'color_channel',
              pointer: `/${i}`,
              params: { value: this.#drafts.get(i) ?? '', index: i },
            },
      );
  }

  /**
   * Every reason the colour is invalid: channels whose text is no number, then the value's own
   * issues (a channel out of range or not whole, a wrong number of items…).
   */
  override get issues(): FieldIssue[] {
    const typed = this.inputIssues();
    if (this.value === undefined) return [...typed, { code: 'required', pointer: '', params: {} }];
    const found = validateValue(this.colorSchema, this.value).filter(
      (issue) => !typed.some((t) => t.pointer === issue.pointer),
    );
    return [...typed, ...found];
  }

  /** The value's items, padded or cut to red, green, blue (and alpha): what an edit starts from. */
  #items(): unknown[] {
    const items = Array.isArray(this.value) ? this.value.slice(0, this.size) : [];
    while (items.length < this.size) items.push(items.length === ALPHA ? 1 : 0);
    return items;
  }

  #set(items: unknown[], final: boolean): void {
    this.#own = items;
    this.#defaulted = false;
    this.commit(items, final);
  }

  /** The user typed into the numeric input of a channel (or of alpha). */
  #typed(channel: number, event: Event, final: boolean): void {
    this.swallow(event);
    const input = event.target as HTMLInputElement;
    this.#drafts.set(channel, input.value);
    const items = this.#items();
    const n =
      input.validity.badInput || input.value.trim() === '' ? Number.NaN : Number(input.value);
    if (Number.isFinite(n)) {
      this.#unparsable.delete(channel);
      items[channel] = n;
    } else {
      this.#unparsable.add(channel);
    }
    this.#set(items, final);
  }

  /** The user picked a colour in the native colour input. */
  #picked(event: Event, final: boolean): void {
    this.swallow(event);
    const rgb = hexToRgb((event.target as HTMLInputElement).value);
    if (!rgb) return;
    const items = this.#items();
    items.splice(0, 3, ...rgb);
    this.#resetDrafts(0, 1, 2);
    this.#set(items, final);
  }

  /** The user moved the alpha slider. */
  #slid(event: Event, final: boolean): void {
    this.swallow(event);
    const items = this.#items();
    items[ALPHA] = Number((event.target as HTMLInputElement).value);
    this.#resetDrafts(ALPHA);
    this.#set(items, final);
  }

  /** Id of a channel's numeric input. */
  protected channelId(channel: number): string {
    return `${this.controlId}-${channel === ALPHA ? 'alpha' : CHANNELS[channel]?.id}`;
  }

  /** Focuses the first invalid input, else the native colour input. */
  override focus(options?: FocusOptions): void {
    const invalid = this.renderRoot?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (
      invalid ?? this.renderRoot?.querySelector<HTMLElement>(`#${CSS.escape(this.controlId)}`)
    )?.focus(options);
  }

  #text(channel: number): string {
    const draft = this.#drafts.get(channel);
    if (draft !== undefined) return draft;
    const item = Array.isArray(this.value) ? this.value[channel] : undefined;
    return typeof item === 'number' ? String(item) : '';
  }

  protected override renderControl(): TemplateResult {
    const issues = this.currentIssues;
    // A channel is invalid with an issue of its own or of the whole value (e.g. too few items).
    const invalid = (pointer: string) =>
      issues.some((issue) => issue.pointer === '' || issue.pointer === pointer) ? 'true' : 'false';
    const rgb = toRgb(this.value);
    const alpha = this.withAlpha
      ? toAlpha(Array.isArray(this.value) ? this.value[ALPHA] : undefined)
      : undefined;
    const pick = phraseOf('edt_msg_color_pick', 'Pick a color', this.translator);
    return html`<span class="swatch" part="swatch" aria-hidden="true"
        ><span
          class="swatch-color"
          part="swatch-color"
          style=${styleMap({ backgroundColor: cssColor(rgb, alpha) })}
        ></span
      ></span>
      <input
        id=${this.controlId}
        type="color"
        part="picker"
        aria-label=${pick}
        title=${pick}
        .value=${rgbToHex(rgb)}
        aria-invalid=${invalid('')}
        aria-describedby=${this.errorId}
        @input=${(e: Event) => this.#picked(e, false)}
        @change=${(e: Event) => this.#picked(e, true)}
      />
      <div class="channels" part="channels">
        ${CHANNELS.map(
          (channel, i) => html`<div class="channel" part="channel">
            <label for=${this.channelId(i)} part="channel-label"
              >${phraseOf(channel.phrase, channel.fallback, this.translator)}</label
            >
            <input
              id=${this.channelId(i)}
              type="number"
              part="channel-input"
              inputmode="numeric"
              min="0"
              max="255"
              step="1"
              .value=${live(this.#text(i))}
              aria-invalid=${invalid(`/${i}`)}
              aria-describedby=${this.errorId}
              @input=${(e: Event) => this.#typed(i, e, false)}
              @change=${(e: Event) => this.#typed(i, e, true)}
            />
          </div>`,
        )}
      </div>
      ${alpha === undefined ? nothing : this.#renderAlpha(alpha, invalid(`/${ALPHA}`))}`;
  }

  #renderAlpha(alpha: number, invalid: 'true' | 'false'): TemplateResult {
    const labelId = `${this.controlId}-alpha-label`;
    const sliderId = `${this.controlId}-alpha-slider`;
    return html`<div class="alpha" part="alpha">
      <label id=${labelId} for=${sliderId} part="channel-label"
        >${phraseOf('edt_msg_color_alpha', 'Alpha (opacity)', this.translator)}</label
      >
      <input
        id=${sliderId}
        type="range"
        part="alpha-slider"
        min="0"
        max="1"
        step="0.01"
        .value=${String(alpha)}
        aria-invalid=${invalid}
        aria-describedby=${this.errorId}
        @input=${(e: Event) => this.#slid(e, false)}
        @change=${(e: Event) => this.#slid(e, true)}
      />
      <input
        id=${this.channelId(ALPHA)}
        type="number"
        part="channel-input alpha-input"
        inputmode="decimal"
        min="0"
        max="1"
        step="0.01"
        aria-labelledby=${labelId}
        .value=${live(this.#text(ALPHA))}
        aria-invalid=${invalid}
        aria-describedby=${this.errorId}
        @input=${(e: Event) => this.#typed(ALPHA, e, false)}
        @change=${(e: Event) => this.#typed(ALPHA, e, true)}
      />
    </div>`;
  }

  /** Every distinct message, in the current language: a wrong channel and a wrong alpha both show. */
  protected override renderError(): TemplateResult {
    const messages = [
      ...new Set(this.currentIssues.map((issue) => messageOf(issue, this.translator))),
    ];
    return html`<p class="error" part="error" id=${this.errorId} aria-live="polite">${messages.join(' ')}</p>`;
  }

  protected override render(): TemplateResult {
    return html`<fieldset class="field" part="field" ?disabled=${this.disabled}>
      <legend class="label" part="label">${this.label}</legend>
      <div class="control" part="control">${this.renderControl()}</div>
      ${this.renderError()}
    </fieldset>`;
  }
}
