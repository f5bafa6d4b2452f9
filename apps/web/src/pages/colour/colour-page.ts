import '@glowkit/elements/color-picker';
import { defineElement, type GkColorPicker } from '@glowkit/elements/components';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import '../../components/instance-controls/instance-controls.js';
import '../../components/live-leds/live-leds.js';
import { instanceName } from '../../components/live-leds/instances.js';
import '../../components/priority-duration/priority-duration.js';
import type { GkPriorityDuration } from '../../components/priority-duration/priority-duration.js';
import { secondsOf } from '../../components/priority-duration/rules.js';
import { clearPriority, setColour } from '../../data/calls.js';
import { hex } from '../overview/instance-state.js';
import { colourStyles } from './colour-page.styles.js';
import { type Rgb, recentColours, rememberColour } from './recent-colours.js';

/** A warm white to start from. */
const DEFAULT_COLOUR = [255, 160, 60];

/** The quick colours: one tap sets each (the phrase `web_colour_preset_<name>` names it). */
const PRESETS: ReadonlyArray<{ name: string; rgb: Rgb }> = [
  { name: 'warm', rgb: [255, 160, 60] },
  { name: 'white', rgb: [255, 255, 255] },
  { name: 'red', rgb: [255, 0, 0] },
  { name: 'green', rgb: [0, 255, 0] },
  { name: 'blue', rgb: [0, 0, 255] },
  { name: 'purple', rgb: [160, 0, 255] },
];

/** The colour schema the picker renders (the effect option schema dialect). */
const COLOUR_SCHEMA = {
  type: 'array',
  format: 'colorpicker',
  title: 'web_colour_colour',
  default: DEFAULT_COLOUR,
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
};

/**
 * The Colour page (`/colour`, `/colour/<instance>`): pick a colour with `<gk-color-picker>`, an
 * instance, a priority and an optional duration (`<gk-priority-duration>`), then Set it
 * (`color`) or Clear the priority (`clear`); the live picture of the instance beside the form
 * shows the result.
 */
export class GkColourPage extends GkPage {
  static override styles = [...GkPage.styles, colourStyles];

  /** What the last Set or Clear did. */
  @state() private _status = '';
  /** The colours this browser set last, newest first (kept in its local storage). */
  @state() private _recent: Rgb[] = recentColours(window.localStorage);

  /** Set and Clear: each says what it did in the status line when the server did it. */
  readonly #send = new Action(this, async (send: () => Promise<void>, done: () => string) => {
    this._status = '';
    await send();
    this._status = done();
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another instance chosen (by URL): messages about the last one no longer apply.
    if (changed.has('params') && changed.get('params') !== undefined) {
      this._status = '';
      this.#send.clear();
    }
  }

  /** The instance of the URL, else the first running one, else the first. */
  get #instance(): number | undefined {
    const instances = this.ctx.store.instances;
    const asked = Number.parseInt(this.params[0] ?? '', 10);
    if (instances.some((i) => i.instance === asked)) return asked;
    return (instances.find((i) => i.running) ?? instances[0])?.instance;
  }

  #name(id: number): string {
    return instanceName(this.ctx.store.instances, id, this.t('web_instance_fallback', { id }));
  }

  get #fields(): GkPriorityDuration {
    return this.renderRoot.querySelector('gk-priority-duration') as GkPriorityDuration;
  }

  #choose(event: Event): void {
    const id = (event.target as HTMLSelectElement).value;
    // Replaced, not pushed: the URL says which instance is chosen, the back button leaves.
    this.ctx.router.navigate(`/colour/${id}`, true);
  }

  get #picker(): GkColorPicker {
    return this.renderRoot.querySelector('gk-color-picker') as GkColorPicker;
  }

  async #set(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (!this.#picker.reportValidity()) return;
    await this.#setColour((this.#picker.value as number[]).map(Math.round));
  }

  /** A quick colour (a preset, a recent one): into the picker, and set at once. */
  async #quick(rgb: Rgb): Promise<void> {
    this.#picker.value = [...rgb];
    await this.#setColour([...rgb]);
  }

  async #setColour(color: number[]): Promise<void> {
    const id = this.#instance;
    const fields = this.#fields;
    if (id === undefined || !fields.reportValidity()) return;
    const where = fields.value;
    if (!where) return;
    const vars = {
      code: hex(color).toUpperCase(),
      name: this.#name(id),
      priority: where.priority,
    };
    await this.#send.run(
      async () => {
        await setColour(this.ctx.connection, color, { instance: id, ...where });
        this._recent = rememberColour(window.localStorage, color as unknown as Rgb);
      },
      () =>
        where.durationMs === undefined
          ? this.t('web_colour_set_done', vars)
          : this.t('web_colour_set_done_timed', { ...vars, seconds: secondsOf(where.durationMs) }),
    );
  }

  async #clear(): Promise<void> {
    const id = this.#instance;
    const priority = this.#fields.reportPriority();
    if (id === undefined || priority === undefined) return;
    await this.#send.run(
      () => clearPriority(this.ctx.connection, id, priority),
      () => this.t('web_colour_clear_done', { name: this.#name(id), priority }),
    );
  }

  #renderForm(id: number | undefined): TemplateResult {
    const { store } = this.ctx;
    const none = store.loaded && id === undefined;
    const busy = this.#send.pending || none;
    // The picker stays outside the <form>: a form-associated gk-color-picker created inside a
    // form throws before its first render (elements 0.2), and the page reads it directly anyway.
    return html`<section class="card" aria-labelledby="form-title">
      <h2 id="form-title">${this.t('web_colour_form_title')}</h2>
      <div class="stack">
        <div class="field">
          <label for="instance">${this.t('web_colour_instance')}</label>
          <select id="instance" @change=${this.#choose} ?disabled=${none}>
            ${store.instances.map(
              (i) => html`<option value=${i.instance} ?selected=${i.instance === id}>
                ${this.#name(i.instance)}${i.running ? '' : ` (${this.t('web_instance_stopped')})`}
              </option>`,
            )}
          </select>
        </div>
        <gk-color-picker
          .schema=${COLOUR_SCHEMA}
          .translator=${this.ctx.translator}
          .labelText=${this.t('web_colour_colour')}
        ></gk-color-picker>
        ${this.#renderQuick(busy)}
        <form class="stack" @submit=${this.#set}>
          <gk-priority-duration
            .translator=${this.ctx.translator}
            .durationHint=${this.t('web_colour_duration_hint')}
          ></gk-priority-duration>
          <div class="actions">
            <button class="primary" ?disabled=${busy}>${this.t('web_colour_set')}</button>
            <button type="button" ?disabled=${busy} @click=${this.#clear}>
              ${this.t('web_colour_clear')}
            </button>
          </div>
        </form>
        <p class="message" role="status" data-testid="colour-status">${this._status}</p>
        <div data-testid="colour-error">${renderError(this.#send.error)}</div>
      </div>
    </section>`;
  }

  #swatch(rgb: Rgb, label: string, text: string, busy: boolean): TemplateResult {
    return html`<button
      type="button"
      class="swatch"
      aria-label=${label}
      ?disabled=${busy}
      @click=${() => this.#quick(rgb)}
    >
      <span class="chip" style=${`background: rgb(${rgb.join(' ')})`} aria-hidden="true"></span>
      ${text}
    </button>`;
  }

  /** The presets, and the colours this browser set last: one tap sets each. */
  #renderQuick(busy: boolean): TemplateResult {
    const set = (name: string) => this.t('web_colour_quick_set', { name });
    return html`<div class="quick" role="group" aria-labelledby="presets-title">
        <h3 id="presets-title">${this.t('web_colour_presets')}</h3>
        <div class="swatches">
          ${PRESETS.map(({ name, rgb }) => {
            const text = this.t(`web_colour_preset_${name}`);
            return this.#swatch(rgb, set(text), text, busy);
          })}
        </div>
      </div>
      ${
        this._recent.length === 0
          ? nothing
          : html`<div class="quick" role="group" aria-labelledby="recent-title">
              <h3 id="recent-title">${this.t('web_colour_recent')}</h3>
              <div class="swatches" data-testid="recent-colours">
                ${this._recent.map((rgb) => {
                  const code = hex([...rgb]).toUpperCase();
                  return this.#swatch(rgb, set(code), code, busy);
                })}
              </div>
            </div>`
      }`;
  }

  protected override render(): TemplateResult {
    const id = this.#instance;
    const { store } = this.ctx;
    // The switches and brightness first: on a phone they are at the top, above the form.
    return html`<h1>${this.t('web_nav_colour')}</h1>
      ${renderError(store.error)}
      ${
        id === undefined
          ? nothing
          : html`<section class="card controls" aria-label=${this.t('web_colour_controls_title')}>
              <gk-instance-controls .ctx=${this.ctx} .instance=${id}></gk-instance-controls>
            </section>`
      }
      <div class="columns">
        ${this.#renderForm(id)}
        <section class="card" aria-labelledby="live-title">
          <h2 id="live-title">${this.t('web_colour_live_title')}</h2>
          ${
            id !== undefined
              ? html`<gk-live-leds .ctx=${this.ctx} .instance=${id}></gk-live-leds>`
              : store.loaded
                ? html`<p class="muted">${this.t('web_instances_none')}</p>`
                : html`<p class="muted" role="status">${this.t('web_loading')}</p>`
          }
        </section>
      </div>`;
  }
}

defineElement('gk-colour-page', GkColourPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-colour-page': GkColourPage;
  }
}
