import { defineElement, TranslationController } from '@glowkit/elements/components';
import type { InstanceInfo, InstanceLatencyInfo } from '@glowkit/protocol';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import type { AppContext } from '../../app/context.js';
import { pageStyles } from '../../app/page.styles.js';
import { renderError } from '../../components/error-message/error-message.js';
import '../../components/input-picture/input-picture.js';
import '../../components/instance-controls/instance-controls.js';
import '../../components/live-leds/live-leds.js';
import { clearPriority, pinSource, selectAutomatically, startInstance } from '../../data/calls.js';
import { type InputSource, sourcesOfInstance } from '../../data/input-sources.js';
import type { InstanceState } from '../../data/instance-state.js';
import { latencySummary } from '../../data/latency.js';
import { instanceCardStyles } from './instance-card.styles.js';
import {
  outputSwitchedOff,
  pictureSourceName,
  pinnedPriority,
  visiblePicture,
} from './instance-state.js';
import { renderNowShowing, renderSources } from './now-showing.js';

/**
 * One instance on the overview: its name, running state, LED device, what it shows now (with the
 * time left counting down), how long its pictures take to reach the LEDs (once a picture source
 * sent one), its sources (network inputs with their frame rate; each can be
 * pinned, and the instance returned to automatic selection), the switches of ALL and LEDDEVICE,
 * the brightness, its live picture and, while a picture source is visible, the input picture
 * beside it, and links to its effects, colour and setup. Requests go to this instance
 * (`instance: [id]`); what the server says no to is shown as it phrased it.
 */
export class GkInstanceCard extends LitElement {
  static override styles = [pageStyles, instanceCardStyles];

  /** The app's context. */
  @property({ attribute: false }) ctx!: AppContext;
  /** The instance: id, name, running. */
  @property({ attribute: false }) info!: InstanceInfo;
  /** What the store knows of it; undefined until it was read (and while it is stopped). */
  @property({ attribute: false }) state: InstanceState | undefined = undefined;
  /** The picture inputs' clients (the store's), for the rates of the instance's sources. */
  @property({ attribute: false }) inputSources: readonly InputSource[] = [];
  /** Its picture-to-LED latency by stage (the store's); undefined while not known. */
  @property({ attribute: false }) latency: InstanceLatencyInfo | undefined = undefined;
  /**
   * Whether the connection to the server is lost: the card is greyed, says so, and its controls
   * are disabled until the connection is back (what it shows may be out of date meanwhile).
   */
  @property({ type: Boolean }) offline = false;
  /** The clock time left counts down by, ticking each second. */
  @state() private _now = performance.now();

  /** Every request of the card; what the server refused shows below it. */
  readonly #request = new Action(this, (send: () => Promise<void>) => send());
  #ticker = 0;

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Only timed entries need a new render each second.
    this.#ticker = window.setInterval(() => {
      if (this.state?.priorities.some((p) => p.duration_ms !== undefined)) {
        this._now = performance.now();
      }
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.clearInterval(this.#ticker);
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx.translator.t(key, vars);
  }

  get #name(): string {
    const name = this.info.friendly_name?.trim();
    return name ? name : this.#t('web_instance_fallback', { id: this.info.instance });
  }

  async #clear(priority: number): Promise<void> {
    await this.#request.run(() => clearPriority(this.ctx.connection, this.info.instance, priority));
  }

  async #start(): Promise<void> {
    await this.#request.run(() => startInstance(this.ctx.connection, this.info.instance));
  }

  async #pin(priority: number): Promise<void> {
    await this.#request.run(() => pinSource(this.ctx.connection, this.info.instance, priority));
  }

  async #auto(): Promise<void> {
    await this.#request.run(() => selectAutomatically(this.ctx.connection, this.info.instance));
  }

  /**
   * The live LED picture and, while a picture source is visible (and the instance runs), its
   * picture beside it: the card streams the picture only then.
   */
  #renderPictures(state: InstanceState | undefined): TemplateResult {
    const id = this.info.instance;
    const picture = this.info.running && state ? visiblePicture(state) : undefined;
    return html`<div class="pictures" ?data-input=${picture !== undefined}>
      <gk-live-leds .ctx=${this.ctx} .instance=${id}></gk-live-leds>
      ${
        picture
          ? html`<gk-input-picture
              .ctx=${this.ctx}
              .instance=${id}
              source=${pictureSourceName(picture)}
            ></gk-input-picture>`
          : nothing
      }
    </div>`;
  }

  #renderDevice(state: InstanceState): TemplateResult {
    const device = state.device;
    if (!device) return html`<dd data-testid="device">${this.#t('web_overview_device_none')}</dd>`;
    const stateText = this.#t(`web_overview_device_${device.state}`);
    return html`<dd data-testid="device" data-state=${device.state}>
      ${this.#t('web_overview_device', { type: device.type, state: stateText })}
      ${
        device.state === 'error' && device.error
          ? html`<span class="device-error">${device.error}${
              device.attempts > 0
                ? html` (${this.#t('web_overview_device_attempts', { count: device.attempts })})`
                : nothing
            }</span>`
          : nothing
      }
    </dd>`;
  }

  /**
   * How long a picture takes to reach the LEDs, typically and at worst, and where most of it
   * goes, with what a user can tune from it; nothing before a picture source's first frame.
   */
  #renderLatency(): TemplateResult | typeof nothing {
    const summary = latencySummary(this.latency);
    if (!summary) return nothing;
    const ms = (value: number) =>
      new Intl.NumberFormat(this.ctx.translator.language, {
        maximumFractionDigits: value < 10 ? 1 : 0,
      }).format(value);
    return html`<dt>${this.#t('web_overview_latency_label')}</dt>
      <dd data-testid="latency" data-most=${summary.most} data-frames=${this.latency?.frames ?? 0}>
        ${this.#t('web_overview_latency', {
          typical: ms(summary.typical),
          worst: ms(summary.worst),
          stage: this.#t(`web_overview_latency_stage_${summary.most}`),
        })}
        <span class="muted">${this.#t('web_overview_latency_hint', { count: summary.frames })}</span>
      </dd>`;
  }

  protected override render(): TemplateResult {
    const id = this.info.instance;
    const running = this.info.running;
    const state = this.state;
    const name = this.#name;
    return html`<article class="card" aria-labelledby="name" ?data-offline=${this.offline}>
      <header>
        <h2 id="name">${name}</h2>
        <span class="badge" data-testid="running">
          ${this.#t(running ? 'web_instance_running' : 'web_instance_stopped')}
        </span>
      </header>
      ${
        this.offline
          ? html`<p class="offline" role="status" data-testid="offline">
              ${this.#t('web_overview_offline')}
            </p>`
          : nothing
      }
      ${this.#renderPictures(state)}
      ${
        // The picture shows the colours the instance makes; with its output off the LEDs are dark.
        state && outputSwitchedOff(state)
          ? html`<p class="output-off" data-testid="output-off">
              ${this.#t('web_overview_output_off')}
            </p>`
          : nothing
      }
      ${
        !running
          ? html`<p class="row">
              <button type="button" ?disabled=${this.offline} @click=${this.#start}>
                ${this.#t('web_overview_start')}
              </button>
            </p>`
          : !state
            ? html`<p class="muted" role="status">${this.#t('web_loading')}</p>`
            : html`<dl>
                  <dt>${this.#t('web_overview_device_label')}</dt>
                  ${this.#renderDevice(state)}
                  ${renderNowShowing(state, this._now, (k, v) => this.#t(k, v))}
                  ${this.#renderLatency()}
                </dl>
                ${renderSources(
                  state,
                  sourcesOfInstance(this.inputSources, id),
                  `sources-${id}`,
                  {
                    pinned: pinnedPriority(state),
                    pending: this.#request.pending || this.offline,
                    now: this._now,
                    pin: (priority) => void this.#pin(priority),
                    auto: () => void this.#auto(),
                    clear: (priority) => void this.#clear(priority),
                  },
                  (k, v) => this.#t(k, v),
                )}
                <gk-instance-controls .ctx=${this.ctx} .instance=${id} show-legend></gk-instance-controls>`
      }
      ${renderError(this.#request.error)}
      <nav class="links" aria-label=${this.#t('web_overview_links', { name })}>
        <a href="/effects">${this.#t('web_nav_effects')}</a>
        <a href="/colour/${id}">${this.#t('web_nav_colour')}</a>
        <a href="/setup/${id}">${this.#t('web_nav_setup')}</a>
      </nav>
    </article>`;
  }
}

defineElement('gk-instance-card', GkInstanceCard);

declare global {
  interface HTMLElementTagNameMap {
    'gk-instance-card': GkInstanceCard;
  }
}
