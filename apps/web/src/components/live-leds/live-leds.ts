import { defineElement, TranslationController } from '@glowkit/elements/components';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { ServerError } from '../../api/connection.js';
import type { AppContext } from '../../app/context.js';
import '../led-picture/led-picture.js';
import { layoutOf } from '../led-picture/led-geometry.js';
import type { GkLedPicture, LedArea } from '../led-picture/led-picture.js';
import { type InstanceInfo, instanceName, instancesOf, subscribeRequest } from './instances.js';
import { ledStreams, type StreamState } from './led-streams.js';
import { liveLedsStyles } from './live-leds.styles.js';

/** The pushes this element follows: a new layout, and instances starting and stopping. */
const TOPICS = ['leds-update', 'instance-update'];

/**
 * The live picture of an instance's LEDs: its layout (serverinfo `leds`, again on `leds-update`)
 * drawn by `<gk-led-picture>` in the colours of the live stream (`ledcolors ledstream-start` with
 * the instance), at the rate the server sends them (at most 25 a second). The stream stops when
 * the element leaves the page or the tab is hidden ("Paused"), and starts again when it is shown,
 * after a reconnect, and when a stopped instance starts. A line below the picture says which of
 * these holds, in words (never by colour alone).
 *
 * Usage: `<gk-live-leds .ctx=${ctx} .instance=${0}></gk-live-leds>`.
 *
 * @tag gk-live-leds
 */
export class GkLiveLeds extends LitElement {
  static override styles = [liveLedsStyles];

  static override properties = {
    ctx: { attribute: false },
    instance: { type: Number },
    aspect: { type: Number },
    _layout: { state: true },
    _instances: { state: true },
    _loaded: { state: true },
    _stream: { state: true },
    _error: { state: true },
  };

  /** The app's context: the connection and the translator. */
  declare ctx: AppContext | undefined;
  /** The instance to show. */
  declare instance: number | undefined;
  /** Width divided by height of the picture (default 16 / 9). */
  declare aspect: number;
  declare _layout: LedArea[];
  declare _instances: InstanceInfo[];
  declare _loaded: boolean;
  declare _stream: StreamState;
  declare _error: string;

  /** What to undo when the instance changes or the element leaves. */
  #detach: (() => void)[] = [];
  /** The connection and instance followed now. */
  #followed: { ctx: AppContext | undefined; id: number | undefined } | undefined;
  /** Counts loads, so that a late answer for an earlier instance is ignored. */
  #load = 0;
  #picture: GkLedPicture | null = null;

  constructor() {
    super();
    this.ctx = undefined;
    this.instance = undefined;
    this.aspect = 16 / 9;
    this._layout = [];
    this._instances = [];
    this._loaded = false;
    this._stream = 'starting';
    this._error = '';
    new TranslationController(this, () => this.ctx?.translator);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#release();
  }

  protected override willUpdate(): void {
    this.#follow();
  }

  protected override updated(): void {
    this.#picture = this.renderRoot.querySelector('gk-led-picture');
  }

  #release(): void {
    for (const undo of this.#detach.splice(0)) undo();
    this.#followed = undefined;
  }

  /** Attaches to the connection and instance given, once per pair while connected. */
  #follow(): void {
    const ctx = this.ctx;
    const id = this.instance;
    const followed = this.#followed;
    if (!this.isConnected || (followed && followed.ctx === ctx && followed.id === id)) return;
    this.#release();
    this.#followed = { ctx, id };
    this.#attach(ctx, id);
  }

  /** Follows an instance: its layout, its running state and its stream. */
  #attach(ctx: AppContext | undefined, id: number | undefined): void {
    this._layout = [];
    this._loaded = false;
    this._error = '';
    this._stream = 'starting';
    if (!ctx || id === undefined || !Number.isInteger(id)) return;
    const connection = ctx.connection;
    const subscribe = () => connection.call(subscribeRequest(TOPICS)).catch(() => undefined);
    void subscribe();
    void this.#loadLayout();
    const streams = ledStreams(connection);
    this.#detach.push(
      streams.watch(id, {
        frame: (colors) => this.#picture?.draw(colors),
        state: (state, error) => {
          this._stream = state;
          this._error = error;
        },
      }),
      connection.onPush('leds-update', (push) => {
        if (push.instance !== id) return;
        const data = push.data as { leds?: unknown } | unknown[] | undefined;
        this._layout = layoutOf(Array.isArray(data) ? data : data?.leds);
      }),
      connection.onPush('instance-update', (push) => {
        const was = this.#running;
        this._instances = instancesOf(push.data);
        // Started again: its layout may be new, and its stream was refused while it was stopped.
        if (!was && this.#running) {
          void this.#loadLayout();
          streams.restart(id);
        }
      }),
      // A new session (after a restart of the server): subscribe again, and read the layout,
      // which a restore may have changed. Not awaited: hooks must not wait for `call`.
      connection.onOpen(async () => {
        void subscribe();
        void this.#loadLayout();
      }),
    );
  }

  get #running(): boolean {
    return this._instances.some((i) => i.instance === this.instance && i.running);
  }

  async #loadLayout(): Promise<void> {
    const ctx = this.ctx;
    const id = this.instance;
    if (!ctx || id === undefined) return;
    const load = ++this.#load;
    try {
      const info = await ctx.connection.call<{ leds?: unknown; instance?: unknown }>({
        command: 'serverinfo',
        instance: id,
      });
      if (load !== this.#load) return;
      this._instances = instancesOf(info.instance);
      // A stopped instance reports no layout: the last one known stays on screen.
      const layout = layoutOf(info.leds);
      if (layout.length > 0 || this.#running) this._layout = layout;
      this._loaded = true;
    } catch (error) {
      if (load !== this.#load) return;
      this._loaded = true;
      if (error instanceof ServerError) {
        this._stream = 'failed';
        this._error = error.message;
      }
    }
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx?.translator.t(key, vars) ?? key;
  }

  /** The line under the picture, and whether it reports a failure. */
  #stateText(name: string): { text: string; kind: string } {
    if (!this._loaded) return { text: this.#t('web_loading'), kind: 'loading' };
    const exists = this._instances.some((i) => i.instance === this.instance);
    if (!exists) {
      return { text: this.#t('web_live_missing', { id: this.instance }), kind: 'failed' };
    }
    if (!this.#running) return { text: this.#t('web_live_stopped', { name }), kind: 'stopped' };
    if (this._layout.length === 0) return { text: this.#t('web_live_no_layout'), kind: 'stopped' };
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
    const name = instanceName(this._instances, id, this.#t('web_instance_fallback', { id }));
    const state = this.#stateText(name);
    const count = this._layout.length;
    const live = this.#running && this._stream !== 'failed';
    return html`${
      count > 0
        ? html`<gk-led-picture
            part="picture"
            .layout=${this._layout}
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
