import '@glowkit/elements/color-picker';
import { defineElement, type GkColorPicker } from '@glowkit/elements/components';
import { html, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import '../../components/live-leds/live-leds.js';
import { instanceName } from '../../components/live-leds/instances.js';
import '../../components/priority-duration/priority-duration.js';
import type { GkPriorityDuration } from '../../components/priority-duration/priority-duration.js';
import { secondsOf } from '../../components/priority-duration/rules.js';
import { clearPriority, setColour } from '../../data/calls.js';
import { hex } from '../overview/instance-state.js';
import { colourStyles } from './colour-page.styles.js';

/** A warm white to start from. */
const DEFAULT_COLOUR = [255, 160, 60];

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

  async #set(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const id = this.#instance;
    const picker = this.renderRoot.querySelector('gk-color-picker') as GkColorPicker;
    const fields = this.#fields;
    if (id === undefined || !fields.reportValidity() || !picker.reportValidity()) return;
    const where = fields.value;
    if (!where) return;
    const color = (picker.value as number[]).map(Math.round);
    const vars = {
      code: hex(color).toUpperCase(),
      name: this.#name(id),
      priority: where.priority,
    };
    await this.#send.run(
      () => setColour(this.ctx.connection, color, { instance: id, ...where }),
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

  protected override render(): TemplateResult {
    const id = this.#instance;
    const { store } = this.ctx;
    return html`<h1>${this.t('web_nav_colour')}</h1>
      ${renderError(store.error)}
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
