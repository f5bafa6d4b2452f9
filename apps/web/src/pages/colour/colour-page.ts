import '@glowkit/elements/color-picker';
import { defineElement, type GkColorPicker } from '@glowkit/elements/components';
import {
  type ClearRequest,
  type ColorRequest,
  MAX_DURATION_MS,
  MAX_PRIORITY,
  MIN_PRIORITY,
} from '@glowkit/protocol';
import { html, type PropertyValues, type TemplateResult } from 'lit';
import { GkPage } from '../../app/page.js';
import '../../components/live-leds/live-leds.js';
import { DEFAULT_PRIORITY, ORIGIN } from '../../app/sources.js';
import {
  type InstanceInfo,
  instanceName,
  instancesOf,
  subscribeRequest,
} from '../../components/live-leds/instances.js';
import { hex } from '../overview/instance-state.js';
import { colourStyles } from './colour-page.styles.js';

/** A warm white to start from. */
const DEFAULT_COLOUR = [255, 160, 60];

/**
 * The Colour page (`/colour`, `/colour/<instance>`): pick a colour with `<gk-color-picker>`, an
 * instance, a priority and an optional duration, then Set it (`color`) or Clear the priority
 * (`clear`); the live picture of the instance beside the form shows the result.
 */
export class GkColourPage extends GkPage {
  static override styles = [...GkPage.styles, colourStyles];

  static override properties = {
    ...GkPage.properties,
    _instances: { state: true },
    _loaded: { state: true },
    _busy: { state: true },
    _status: { state: true },
    _error: { state: true },
  };

  declare _instances: InstanceInfo[];
  declare _loaded: boolean;
  declare _busy: boolean;
  declare _status: string;
  declare _error: string;

  #detach: (() => void)[] = [];
  /** The colour schema the picker renders (the effect option schema dialect). */
  readonly #schema = {
    type: 'array',
    format: 'colorpicker',
    title: 'web_colour_colour',
    default: DEFAULT_COLOUR,
    items: { type: 'integer', minimum: 0, maximum: 255 },
    minItems: 3,
    maxItems: 3,
  };

  constructor() {
    super();
    this._instances = [];
    this._loaded = false;
    this._busy = false;
    this._status = '';
    this._error = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = this.ctx.connection;
    const subscribe = () =>
      connection.call(subscribeRequest(['instance-update'])).catch(() => undefined);
    this.#detach.push(
      connection.onPush('instance-update', (push) => {
        this._instances = instancesOf(push.data);
      }),
      connection.onOpen(async () => {
        void subscribe();
        void this.#load();
      }),
    );
    void subscribe();
    void this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const undo of this.#detach.splice(0)) undo();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another instance chosen (by URL): messages about the last one no longer apply.
    if (changed.has('params') && changed.get('params') !== undefined) {
      this._status = '';
      this._error = '';
    }
  }

  async #load(): Promise<void> {
    try {
      const info = await this.ctx.connection.call<{ instance?: unknown }>({
        command: 'serverinfo',
      });
      this._instances = instancesOf(info.instance);
    } catch (error) {
      this._error = error instanceof Error ? error.message : String(error);
    } finally {
      this._loaded = true;
    }
  }

  /** The instance of the URL, else the first running one, else the first. */
  get #instance(): number | undefined {
    const asked = Number.parseInt(this.params[0] ?? '', 10);
    if (this._instances.some((i) => i.instance === asked)) return asked;
    return (this._instances.find((i) => i.running) ?? this._instances[0])?.instance;
  }

  #name(id: number): string {
    return instanceName(this._instances, id, this.t('web_instance_fallback', { id }));
  }

  #choose(event: Event): void {
    const id = (event.target as HTMLSelectElement).value;
    // Replaced, not pushed: the URL says which instance is chosen, the back button leaves.
    this.ctx.router.navigate(`/colour/${id}`, true);
  }

  /** The form's priority, or undefined (with the browser's message shown) when it is invalid. */
  #priority(form: HTMLFormElement): number | undefined {
    const input = form.elements.namedItem('priority') as HTMLInputElement;
    return input.reportValidity() ? Number(input.value) : undefined;
  }

  async #set(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const id = this.#instance;
    const picker = this.renderRoot.querySelector('gk-color-picker') as GkColorPicker;
    const priority = this.#priority(form);
    if (id === undefined || priority === undefined || !picker.reportValidity()) return;
    const color = (picker.value as number[]).map(Math.round);
    const seconds = (form.elements.namedItem('duration') as HTMLInputElement).value.trim();
    const request: ColorRequest = {
      command: 'color',
      instance: [id],
      color,
      priority,
      origin: ORIGIN,
    };
    if (seconds !== '') request.duration = Math.round(Number(seconds) * 1000);
    await this.#send(
      { ...request },
      seconds === ''
        ? this.t('web_colour_set_done', {
            code: hex(color).toUpperCase(),
            name: this.#name(id),
            priority,
          })
        : this.t('web_colour_set_done_timed', {
            code: hex(color).toUpperCase(),
            name: this.#name(id),
            priority,
            seconds: Number(seconds),
          }),
    );
  }

  async #clear(event: Event): Promise<void> {
    const form = (event.target as HTMLElement).closest('form') as HTMLFormElement;
    const id = this.#instance;
    const priority = this.#priority(form);
    if (id === undefined || priority === undefined) return;
    const request: ClearRequest = { command: 'clear', instance: [id], priority };
    await this.#send(
      { ...request },
      this.t('web_colour_clear_done', { name: this.#name(id), priority }),
    );
  }

  async #send(request: Record<string, unknown>, done: string): Promise<void> {
    this._busy = true;
    this._status = '';
    this._error = '';
    try {
      await this.ctx.connection.call(request);
      this._status = done;
    } catch (error) {
      this._error = error instanceof Error ? error.message : String(error);
    } finally {
      this._busy = false;
    }
  }

  #renderForm(id: number | undefined): TemplateResult {
    const none = this._loaded && id === undefined;
    // The picker stays outside the <form>: a form-associated gk-color-picker created inside a
    // form throws before its first render (elements 0.2), and the page reads it directly anyway.
    return html`<section class="card" aria-labelledby="form-title">
      <h2 id="form-title">${this.t('web_colour_form_title')}</h2>
      <div class="stack">
        <div class="field">
          <label for="instance">${this.t('web_colour_instance')}</label>
          <select id="instance" @change=${this.#choose} ?disabled=${none}>
            ${this._instances.map(
              (i) => html`<option value=${i.instance} ?selected=${i.instance === id}>
                ${this.#name(i.instance)}${i.running ? '' : ` (${this.t('web_instance_stopped')})`}
              </option>`,
            )}
          </select>
        </div>
        <gk-color-picker
          .schema=${this.#schema}
          .translator=${this.ctx.translator}
          .labelText=${this.t('web_colour_colour')}
        ></gk-color-picker>
        <form class="stack" @submit=${this.#set}>
          <div class="numbers">
            <div class="field">
              <label for="priority">${this.t('web_colour_priority')}</label>
              <input
                id="priority"
                name="priority"
                type="number"
                inputmode="numeric"
                required
                min=${MIN_PRIORITY}
                max=${MAX_PRIORITY}
                step="1"
                value=${DEFAULT_PRIORITY}
                aria-describedby="priority-hint"
              />
              <p id="priority-hint" class="hint muted">
                ${this.t('web_colour_priority_hint', { min: MIN_PRIORITY, max: MAX_PRIORITY })}
              </p>
            </div>
            <div class="field">
              <label for="duration">${this.t('web_colour_duration')}</label>
              <input
                id="duration"
                name="duration"
                type="number"
                inputmode="decimal"
                min="0.1"
                max=${Math.floor(MAX_DURATION_MS / 1000)}
                step="0.1"
                aria-describedby="duration-hint"
              />
              <p id="duration-hint" class="hint muted">${this.t('web_colour_duration_hint')}</p>
            </div>
          </div>
          <div class="actions">
            <button class="primary" ?disabled=${this._busy || none}>${this.t('web_colour_set')}</button>
            <button type="button" ?disabled=${this._busy || none} @click=${this.#clear}>
              ${this.t('web_colour_clear')}
            </button>
          </div>
        </form>
        <p class="message" role="status" data-testid="colour-status">${this._status}</p>
        <p class="message error" role="alert" data-testid="colour-error">${this._error}</p>
      </div>
    </section>`;
  }

  protected override render(): TemplateResult {
    const id = this.#instance;
    return html`<h1>${this.t('web_nav_colour')}</h1>
      <div class="columns">
        ${this.#renderForm(id)}
        <section class="card" aria-labelledby="live-title">
          <h2 id="live-title">${this.t('web_colour_live_title')}</h2>
          ${
            id !== undefined
              ? html`<gk-live-leds .ctx=${this.ctx} .instance=${id}></gk-live-leds>`
              : this._loaded
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
