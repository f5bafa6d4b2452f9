import { defineElement } from '@glowkit/elements/components';
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Push } from '../../api/connection.js';
import { GkPage } from '../../app/page.js';
import {
  type InstanceInfo,
  instancesOf,
  subscribeRequest,
} from '../../components/live-leds/instances.js';
import './instance-card.js';
import type { InstanceChangedEvent } from './instance-card.js';
import {
  brightnessOf,
  componentsOf,
  type InstanceState,
  prioritiesOf,
  type ServerInfoReply,
  stateOf,
} from './instance-state.js';
import { overviewStyles } from './overview-page.styles.js';

/** The pushes the overview follows. */
const TOPICS = [
  'priorities-update',
  'components-update',
  'adjustment-update',
  'instance-update',
  'leds-update',
];

/**
 * How often each running instance's serverinfo is read again while the page is visible. The
 * `*-update` pushes reach the session for every instance it read (the server counts an instance
 * asked about by number as watched), but the device's state has no push: this bounds how late the
 * device state shows.
 */
const POLL_MS = 2000;

/**
 * The overview (`/`): every instance as a card (`<gk-instance-card>`) with its device, what it
 * shows, its switches, brightness and live picture. State comes from serverinfo (per instance),
 * kept fresh by the `*-update` pushes and by reading each running instance again every
 * {@link POLL_MS} while the tab is visible.
 */
export class GkOverviewPage extends GkPage {
  static override styles = [...GkPage.styles, overviewStyles];

  static override properties = {
    ...GkPage.properties,
    _instances: { state: true },
    _states: { state: true },
    _loaded: { state: true },
    _error: { state: true },
  };

  declare _instances: InstanceInfo[];
  declare _states: ReadonlyMap<number, InstanceState>;
  declare _loaded: boolean;
  declare _error: string;

  #detach: (() => void)[] = [];
  #poll = 0;
  /** Instances whose serverinfo is on its way: never two reads of one at once. */
  #reading = new Set<number>();

  constructor() {
    super();
    this._instances = [];
    this._states = new Map();
    this._loaded = false;
    this._error = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = this.ctx.connection;
    const subscribe = () => connection.call(subscribeRequest(TOPICS)).catch(() => undefined);
    this.#detach.push(
      connection.onPush('priorities-update', (push) =>
        this.#patch(push, (s, data) => ({
          ...s,
          priorities: prioritiesOf((data as { priorities?: unknown } | undefined)?.priorities),
          prioritiesAt: performance.now(),
        })),
      ),
      connection.onPush('components-update', (push) =>
        this.#patch(push, (s, data) => ({
          ...s,
          components: { ...s.components, ...componentsOf([data]) },
        })),
      ),
      connection.onPush('adjustment-update', (push) =>
        this.#patch(push, (s, data) => ({ ...s, brightness: brightnessOf(data) ?? s.brightness })),
      ),
      connection.onPush('leds-update', (push) =>
        this.#patch(push, (s, data) => {
          const leds = (data as { leds?: unknown } | undefined)?.leds;
          return { ...s, ledCount: Array.isArray(leds) ? leds.length : s.ledCount };
        }),
      ),
      connection.onPush('instance-update', (push) =>
        this.#instancesChanged(instancesOf(push.data)),
      ),
      // After a reconnect the server has forgotten the subscriptions, and much may have changed.
      connection.onOpen(async () => {
        void subscribe();
        void this.#loadAll();
      }),
    );
    void subscribe();
    void this.#loadAll();
    this.#poll = window.setInterval(() => this.#pollAll(), POLL_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The subscriptions stay: they belong to the session, which other pages share.
    for (const undo of this.#detach.splice(0)) undo();
    window.clearInterval(this.#poll);
  }

  /** Reads the instance list, then each running instance's state. */
  async #loadAll(): Promise<void> {
    try {
      const info = await this.ctx.connection.call<ServerInfoReply>({ command: 'serverinfo' });
      this._error = '';
      this.#instancesChanged(instancesOf(info.instance));
    } catch (error) {
      this._error = error instanceof Error ? error.message : String(error);
    } finally {
      this._loaded = true;
    }
  }

  #instancesChanged(instances: InstanceInfo[]): void {
    const before = new Map(this._instances.map((i) => [i.instance, i.running]));
    this._instances = instances;
    const states = new Map(this._states);
    for (const { instance, running } of instances) {
      if (!running) states.delete(instance);
      else if (before.get(instance) !== true || !states.has(instance)) void this.#read(instance);
    }
    for (const id of states.keys()) {
      if (!instances.some((i) => i.instance === id)) states.delete(id);
    }
    this._states = states;
  }

  #pollAll(): void {
    if (document.visibilityState === 'hidden' || this.ctx.connection.state !== 'open') return;
    for (const { instance, running } of this._instances) if (running) void this.#read(instance);
  }

  /** Reads one instance's serverinfo into its state. */
  async #read(id: number): Promise<void> {
    if (this.#reading.has(id)) return;
    this.#reading.add(id);
    try {
      const info = await this.ctx.connection.call<ServerInfoReply>({
        command: 'serverinfo',
        instance: id,
      });
      const listed = instancesOf(info.instance);
      if (!listed.some((i) => i.instance === id && i.running)) {
        // Stopped meanwhile: the list says so, and the card follows.
        this.#instancesChanged(listed);
        return;
      }
      this._states = new Map(this._states).set(id, stateOf(info, performance.now()));
    } catch {
      // Lost connection or a refusal: the next poll or reconnect reads it again.
    } finally {
      this.#reading.delete(id);
    }
  }

  /** Applies a push to the state of the instance it names. */
  #patch(push: Push, change: (state: InstanceState, data: unknown) => InstanceState): void {
    const id = push.instance;
    if (id === undefined) return;
    const state = this._states.get(id);
    if (!state) return;
    this._states = new Map(this._states).set(id, change(state, push.data));
  }

  #changed(event: InstanceChangedEvent): void {
    void this.#read(event.detail.instance);
  }

  protected override render(): TemplateResult {
    return html`<h1>${this.t('web_nav_overview')}</h1>
      ${this._error ? html`<p class="error" role="alert">${this._error}</p>` : nothing}
      ${
        !this._loaded
          ? html`<p class="muted" role="status">${this.t('web_loading')}</p>`
          : this._instances.length === 0 && !this._error
            ? html`<p class="muted">${this.t('web_instances_none')}</p>`
            : nothing
      }
      <ul class="cards" aria-label=${this.t('web_overview_instances')}>
        ${repeat(
          this._instances,
          (i) => i.instance,
          (i) => html`<li>
            <gk-instance-card
              .ctx=${this.ctx}
              .info=${i}
              .state=${this._states.get(i.instance)}
              @instance-changed=${this.#changed}
            ></gk-instance-card>
          </li>`,
        )}
      </ul>`;
  }
}

defineElement('gk-overview-page', GkOverviewPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-overview-page': GkOverviewPage;
  }
}
