import { jsonEqual, type OptionSchema, validateValue } from '@glowkit/effect-schema/values';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import { cssColor, hexToRgb, rgbToHex, toAlpha, toRgb } from '../shared/color.js';
import { type FieldIssue, GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import type { FormState } from '../shared/form-associated.js';
import { initialValue } from '../shared/registry.js';
import { phraseOf } from '../shared/translate.js';
import { ALPHA, CHANNELS, channelLabel, colorMessage } from './channels.js';
import { colorPickerStyles } from './color-picker.styles.js';

/**
 * An RGB colour option (`type: array`, `format: colorpicker`): one group, labelled with the
 * option's translated title, holding the colour as a swatch (the native colour input: click it to
 * pick) and numeric inputs for red, green and blue (integers 0..255), all kept in sync. The value
 * is `[r, g, b]`.
 *
 * What the user types into a channel is kept as typed while it is being edited: a number (even
 * out of range or a fraction) goes into the value, where validation reports it; text that is no
 * number (or nothing) leaves that channel's value as it was and is reported on its own. Either way
 * the other channels keep their values, and the message names the channel that is wrong. The
 * swatch shows the value with each channel rounded and clamped into range. Without a value, the
 * schema's `default` is shown (else black).
 *
 * @tag gk-color-picker
 * @fires input - the colour changed; `detail` is `{ name, value }` with `value` `[r, g, b]` (numbers)
 * @fires change - the user committed the colour (picker closed, channel input left or Enter)
 * @csspart field - the group (a fieldset)
 * @csspart label - the group's label (its legend)
 * @csspart control - the row of swatch and channels
 * @csspart swatch - the colour itself: the native colour input, which opens the browser's picker
 * @csspart channels - the wrapper of the three channel inputs
 * @csspart channel - one channel: its label and input
 * @csspart channel-label - a channel's label
 * @csspart channel-input - a channel's numeric input
 * @csspart error - the validation message
 * @cssprop --gk-swatch-size - edge of the square swatch (default 2.25rem)
 * @cssprop --gk-swatch-outline - the swatch's frame, which keeps a colour like the page's visible (default translucent black, white in dark)
 */
export class GkColorPicker extends GkField {
  static override styles = [fieldStyles, colorPickerStyles];
  static override parts: readonly string[] = [
    'field',
    'label',
    'control',
    'swatch',
    'channels',
    'channel',
    'channel-label',
    'channel-input',
    'error',
  ];

  /** Whether the value has an alpha channel 0..1 after red, green and blue. */
  protected readonly withAlpha: boolean = false;

  /** Text of the numeric inputs as typed, by channel (3 is alpha), while the user edits them. */
  #drafts = new Map<number, string>();
  /** Channels whose numeric input holds text that is not a number. */
  #unparsable = new Set<number>();
  /** The last value this element set itself, to tell a value set from outside. */
  #own: unknown;
  /** Whether the value was taken from the schema rather than given. */
  #defaulted = false;

  /** How many items the value has: 3, or 4 with alpha. */
  get #size(): 3 | 4 {
    return this.withAlpha ? 4 : 3;
  }

  /** The schema this element validates against: the option's, always as a colour of its kind. */
  get #colorSchema(): OptionSchema {
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
    // A schema given after the element took its default brings its own, until the user edits.
    if (this.value === undefined || (this.#defaulted && changed.has('schema'))) {
      this.value = this.#initial();
      this.#own = this.value;
      this.#defaulted = true;
      this.#resetDrafts();
    }
  }

  #initial(): unknown[] {
    const fromSchema = initialValue(this.#colorSchema);
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
      .map((i) => {
        const value = this.#drafts.get(i) ?? '';
        return i === ALPHA
          ? { code: 'alpha', pointer: `/${i}`, params: { value } }
          : { code: 'color_channel', pointer: `/${i}`, params: { value, index: i } };
      });
  }

  /**
   * Every reason the colour is invalid: channels whose text is no number, then the value's own
   * issues (a channel out of range or not whole, a wrong number of items…).
   */
  override get issues(): FieldIssue[] {
    const typed = this.inputIssues();
    if (this.value === undefined) return [...typed, { code: 'required', pointer: '', params: {} }];
    const found = validateValue(this.#colorSchema, this.value).filter(
      (issue) => !typed.some((t) => t.pointer === issue.pointer),
    );
    return [...typed, ...found];
  }

  /**
   * Every distinct message, in the current language, each naming its channel: a wrong green and
   * a wrong alpha both show.
   */
  override get validationMessage(): string {
    const messages = this.currentIssues.map((issue) => colorMessage(issue, this.translator));
    return [...new Set(messages)].join(' ');
  }

  /** The value's items, padded or cut to red, green, blue (and alpha): what an edit starts from. */
  #items(): unknown[] {
    const items = Array.isArray(this.value) ? this.value.slice(0, this.#size) : [];
    while (items.length < this.#size) items.push(items.length === ALPHA ? 1 : 0);
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
  #channelId(channel: number): string {
    return `${this.controlId}-${channel === ALPHA ? 'alpha' : CHANNELS[channel]?.id}`;
  }

  /** The first input marked invalid, where the user has something to fix. */
  #firstInvalid(): HTMLElement | null {
    // Before the first render (a form may adopt the element first) there is nothing to find.
    return this.renderRoot?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
  }

  /** Focuses the first invalid input, else the swatch. */
  override focus(options?: FocusOptions): void {
    (
      this.#firstInvalid() ?? this.renderRoot.querySelector<HTMLElement>(`#${this.controlId}`)
    )?.focus(options);
  }

  /** The browser points its message at the input to fix, not at the swatch. */
  override formState(): FormState {
    const state = super.formState();
    return { ...state, anchor: this.#firstInvalid() ?? state.anchor };
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
    // The native colour input is the swatch, so the colour is never shown twice: it opens the
    // browser's picker and paints its CSS colour, which unlike its value can be transparent.
    return html`<input
        id=${this.controlId}
        class="swatch"
        type="color"
        part="swatch"
        aria-label=${pick}
        title=${pick}
        .value=${rgbToHex(rgb)}
        style=${styleMap({ color: cssColor(rgb, alpha) })}
        aria-invalid=${invalid('')}
        aria-describedby=${this.errorId}
        @input=${(e: Event) => this.#picked(e, false)}
        @change=${(e: Event) => this.#picked(e, true)}
      />
      <div class="channels" part="channels">
        ${CHANNELS.map(
          (_, i) => html`<div class="channel" part="channel">
            <label for=${this.#channelId(i)} part="channel-label"
              >${channelLabel(i, this.translator)}</label
            >
            <input
              id=${this.#channelId(i)}
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
        >${channelLabel(ALPHA, this.translator)}</label
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
        id=${this.#channelId(ALPHA)}
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

  /** One group: the legend labels the swatch and every channel input together. */
  protected override render(): TemplateResult {
    return html`<fieldset class="field" part="field" ?disabled=${this.inactive}>
      <legend class="label" part="label">${this.label}</legend>
      <div class="control" part="control">${this.renderControl()}</div>
      ${this.renderError()}
    </fieldset>`;
  }
}
