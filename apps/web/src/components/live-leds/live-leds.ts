import { defineElement, TranslationController } from '@glowkit/elements/components';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { AppContext } from '../../app/context.js';
import { ledStreams, StreamFollower, type StreamState } from '../../data/instance-streams.js';
import { WatchController } from '../../data/watch.js';
import { errorLine } from '../error-message/error-message.js';
import '../led-picture/led-picture.js';
import type { GkLedPicture } from '../led-picture/led-picture.js';
import { instanceName } from './instances.js';
import { liveLedsStyles } from './live-leds.styles.js';

/**
 * The live picture of an instance's LEDs: its layout (from the store, current through
 * `leds-update`) drawn by `<gk-led-picture>` in the colours of the live stream (`ledcolors
 * ledstream-start` with the instance), at the rate the server sends them (at most 25 a second).
 * The stream stops when the element leaves the page or the tab is hidden ("Paused"), and starts
 * again when it is shown, after a reconnect, and when a stopped instance starts; while the
 * connection is lost the picture keeps its last colours, not live. A line below the
 * picture says which of these holds, in words (never by colour alone).
 *
 * Usage: `<gk-live-leds .ctx=${ctx} .instance=${0}></gk-live-leds>`.
 *
 * @tag gk-live-leds
 */
export class GkLiveLeds extends LitElement {
  static override styles = [liveLedsStyles];

  /** The app's context: the connection, the store and the translator. */
  @property({ attribute: false }) ctx: AppContext | undefined = undefined;
  /** The instance to show. */
  @property({ type: Number }) instance: number | undefined = undefined;
  /** Width divided by height of the picture (default 16 / 9). */
  @property({ type: Number }) aspect = 16 / 9;
  @state() private _stream: StreamState = 'starting';
  @state() private _error = '';

  /**
   * Whether the followed instance ran at the last render (undefined before the store loaded):
   * its stream restarts when it starts.
   */
  #ran: boolean | undefined;
  #picture: GkLedPicture | null = null;

  /** The live colours of the instance given. */
  readonly #stream = new StreamFollower(
    this,
    ledStreams,
    () => ({ ctx: this.ctx, instance: this.instance }),
    {
      frame: (colors) => this.#picture?.draw(colors),
      state: (stream, error) => {
        this._stream = stream;
        this._error = error;
      },
    },
    () => {
      this._stream = 'starting';
      this._error = '';
      this.#ran = this.ctx?.store.loaded ? this.#running : undefined;
    },
  );

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
    new WatchController(this, () => this.ctx?.store);
  }

  protected override willUpdate(): void {
    this.#stream.sync();
    const running = this.#running;
    // Started again: its stream was refused while it was stopped.
    if (running && this.#ran === false && this.ctx && this.instance !== undefined) {
      ledStreams(this.ctx).restart(this.instance);
    }
    this.#ran = this.ctx?.store.loaded ? running : undefined;
  }

  protected override updated(): void {
    this.#picture = this.renderRoot.querySelector('gk-led-picture');
  }

  /** Whether the connection to the server is lost (it reconnects by itself). */
  get #offline(): boolean {
    return this.ctx?.connection.state === 'reconnecting';
  }

  get #running(): boolean {
    const instances = this.ctx?.store.instances ?? [];
    return instances.some((i) => i.instance === this.instance && i.running);
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx?.translator.t(key, vars) ?? key;
  }

  /** The line under the picture, and whether it reports a failure. */
  #stateText(name: string, count: number): { text: string; kind: string } {
    const store = this.ctx?.store;
    if (store?.error) return { text: errorLine(store.error), kind: 'failed' };
    if (!store?.loaded) return { text: this.#t('web_loading'), kind: 'loading' };
    const exists = store.instances.some((i) => i.instance === this.instance);
    if (!exists) {
      return { text: this.#t('web_live_missing', { id: this.instance }), kind: 'failed' };
    }
    if (!this.#running) return { text: this.#t('web_live_stopped', { name }), kind: 'stopped' };
    // The stream comes back by itself once the connection does; until then nothing is live.
    if (this.#offline) return { text: this.#t('web_live_offline'), kind: 'offline' };
    const id = this.instance ?? 0;
    if (!store.state(id)) return { text: this.#t('web_loading'), kind: 'loading' };
    if (count === 0) return { text: this.#t('web_live_no_layout'), kind: 'stopped' };
    switch (this._stream) {
      case 'live':
        return { text: this.#t('web_live_live'), kind: 'live' };
      case 'paused':
        return { text: this.#t('web_live_paused'), kind: 'paused' };
      case 'failed':
        return { text: this._error, kind: 'failed' };
      default:
        return { text: this.#t('web_live_starting'), kind: 'starting' };
    }
  }

  protected override render(): TemplateResult {
    const id = this.instance ?? 0;
    const instances = this.ctx?.store.instances ?? [];
    const name = instanceName(instances, id, this.#t('web_instance_fallback', { id }));
    const layout = this.ctx?.store.layout(id) ?? [];
    const count = layout.length;
    const state = this.#stateText(name, count);
    const live = this.#running && this._stream !== 'failed' && !this.#offline;
    return html`${
      count > 0
        ? html`<gk-led-picture
            part="picture"
            .layout=${layout}
            .aspect=${this.aspect}
            mode=${live ? 'live' : 'static'}
            label=${this.#t(live ? 'web_live_label' : 'web_live_label_static', { count, name })}
          ></gk-led-picture>`
        : html`<div class="placeholder" part="placeholder" aria-hidden="true"></div>`
    }
      <p class="state ${state.kind}" part="state" role="status" data-state=${state.kind}>
        ${state.kind === 'loading' ? nothing : html`<span class="dot" aria-hidden="true"></span>`}
        <span>${state.text}</span>
      </p>`;
  }
}

defineElement('gk-live-leds', GkLiveLeds);

declare global {
  interface HTMLElementTagNameMap {
    'gk-live-leds': GkLiveLeds;
  }
}
