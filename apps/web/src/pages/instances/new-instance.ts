import { defineElement } from '@glowkit/elements/components';
import type { SettingsSchemasInfo, StoredInstance } from '@glowkit/protocol';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import '../../components/layout-generator/layout-generator.js';
import type {
  GkLayoutGenerator,
  LedCountRequestDetail,
} from '../../components/layout-generator/layout-generator.js';
import type { LayoutSpec, LedArea } from '../../components/layout-generator/layouts.js';
import { withSpec } from '../../components/layout-generator/stored-spec.js';
import { fetchConfig, fetchSchemas, saveGroups, startInstance } from '../../data/calls.js';
import '../setup/device-settings.js';
import { unsavedEvent } from '../../app/unsaved.js';
import type { GkDeviceSettings } from '../setup/device-settings.js';
import { instancesStyles } from './instances-page.styles.js';
import { startingSetup } from './starting-setup.js';

/** Saving and starting build the instance (its device opens): allow it some time. */
const FINISH_TIMEOUT_MS = 30_000;

/** The key of the unsaved-changes contract (`gk-unsaved`) this set-up's edits go under. */
const UNSAVED_KEY = 'new-instance';

type Step = 1 | 2;

type Status =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'missing' }
  | { state: 'ready'; instance: StoredInstance; schemas: SettingsSchemasInfo };

/**
 * The set-up of an instance just created (`/instances/new/<id>`): its LED device, then its LED
 * layout, with the Setup page's own device section and layout generator. It starts from what the
 * server stored for the new instance (a virtual device, which needs no hardware), its one-LED
 * layout made a frame (`startingSetup`), so Next and Finish on the defaults give a running
 * instance whose device and layout agree; the Setup page refines it later. Finish saves
 * the device and the layout in one `config setconfig`, then starts the instance.
 */
export class GkNewInstance extends GkPage {
  static override styles = [...GkPage.styles, instancesStyles];

  /** The instance to set up: its number as the URL gives it (`/instances/new/<id>`). */
  @property({ attribute: false }) instanceId = '';
  @state() private _status: Status = { state: 'loading' };
  @state() private _step: Step = 1;
  /** Whether the current step's section holds what the server takes. */
  @state() private _valid = true;
  @state() private _ledCount: number | undefined = undefined;

  readonly #finish = new Action(this, async (instance: StoredInstance) => {
    const connection = this.ctx.connection;
    const device = this.#element<GkDeviceSettings>('gk-device-settings');
    const generator = this.#element<GkLayoutGenerator>('gk-layout-generator');
    const leds = generator?.layout;
    if (!device || !generator || !leds) return;
    const spec = generator.specInUse;
    const ledConfig = spec ? withSpec(instance.settings.ledConfig, spec) : undefined;
    await saveGroups(
      connection,
      instance.id,
      { device: device.value, leds, ...(ledConfig ? { ledConfig } : {}) },
      { timeoutMs: FINISH_TIMEOUT_MS },
    );
    await startInstance(connection, instance.id, { timeoutMs: FINISH_TIMEOUT_MS });
    this.#unsaved(false);
    this.ctx.router.navigate('/instances');
  });

  // What the sections are given, made once per instance: a new object would start them afresh.
  #device: Record<string, unknown> = {};
  #leds: LedArea[] = [];
  #spec: LayoutSpec | undefined;
  #load = 0;
  /** Whether the person changed the device or the layout since the set-up started. */
  #dirty = false;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsaved(false);
  }

  /**
   * Tells the app whether there are edits a navigation would lose (the unsaved-changes contract:
   * the app asks before leaving while any key is dirty).
   */
  #unsaved(dirty: boolean): void {
    if (dirty === this.#dirty) return;
    this.#dirty = dirty;
    this.dispatchEvent(unsavedEvent(UNSAVED_KEY, dirty));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('instanceId') || (changed.has('ctx') && this.ctx)) void this.#read();
  }

  async #read(): Promise<void> {
    const load = ++this.#load;
    this._status = { state: 'loading' };
    this._step = 1;
    try {
      const [schemas, config] = await Promise.all([
        fetchSchemas(this.ctx.connection),
        fetchConfig(this.ctx.connection),
      ]);
      if (load !== this.#load) return;
      const instance = config.instances.find((i) => String(i.id) === this.instanceId);
      if (!instance) {
        this._status = { state: 'missing' };
        return;
      }
      this.#unsaved(false);
      const start = startingSetup(instance.settings);
      this.#device = start.device;
      this.#leds = start.leds;
      this.#spec = start.spec;
      this._status = { state: 'ready', instance, schemas };
      await this.#check();
    } catch (error) {
      if (load === this.#load) this._status = { state: 'failed', error };
    }
  }

  #element<T extends Element>(selector: string): T | null {
    return this.renderRoot.querySelector<T>(selector);
  }

  /** Reads whether the shown step can go on, once its section has rendered. */
  async #check(): Promise<void> {
    await this.updateComplete;
    const device = this.#element<GkDeviceSettings>('gk-device-settings');
    const generator = this.#element<GkLayoutGenerator>('gk-layout-generator');
    await Promise.all([device?.updateComplete, generator?.updateComplete]);
    this._ledCount = device?.ledCount;
    this._valid = this._step === 1 ? (device?.valid ?? false) : (generator?.valid ?? false);
  }

  #onEdit = (): void => {
    this.#unsaved(true);
    void this.#check();
  };

  #onLedCountRequest = (event: CustomEvent<LedCountRequestDetail>): void => {
    this.#element<GkDeviceSettings>('gk-device-settings')?.setLedCount(event.detail.count);
  };

  async #go(step: Step): Promise<void> {
    this._step = step;
    this.#finish.clear();
    await this.#check();
    this.#element<HTMLElement>(`#step-${step}-heading`)?.focus();
  }

  protected override render(): TemplateResult {
    const status = this._status;
    if (status.state === 'loading') {
      return html`<h1>${this.t('web_instances_title')}</h1>
        <p role="status">${this.t('web_loading')}</p>`;
    }
    if (status.state === 'failed') {
      return html`<h1>${this.t('web_instances_title')}</h1>
        ${renderError(status.error)}
        <a class="button" href="/instances">${this.t('web_instances_back')}</a>`;
    }
    if (status.state === 'missing') {
      return html`<h1>${this.t('web_instances_title')}</h1>
        <p role="alert">${this.t('web_instances_not_found', { id: this.instanceId })}</p>
        <a class="button" href="/instances">${this.t('web_instances_back')}</a>`;
    }
    const { instance, schemas } = status;
    const pending = this.#finish.pending;
    const step = this._step;
    return html`<h1>${this.t('web_instances_new_title', { name: instance.name })}</h1>
      <p class="muted">${this.t('web_instances_step', { step })}</p>
      <section class="card" aria-labelledby="step-1-heading" ?hidden=${step !== 1}>
        <h2 id="step-1-heading" tabindex="-1">${this.t('web_setup_device')}</h2>
        <p class="muted">${this.t('web_instances_device_note')}</p>
        <gk-device-settings
          .translator=${this.ctx.translator}
          .connection=${this.ctx.connection}
          .schemas=${schemas.devices}
          .device=${this.#device}
          @device-change=${this.#onEdit}
        ></gk-device-settings>
      </section>
      <section class="card" aria-labelledby="step-2-heading" ?hidden=${step !== 2}>
        <h2 id="step-2-heading" tabindex="-1">${this.t('web_setup_layout')}</h2>
        <gk-layout-generator
          .translator=${this.ctx.translator}
          .leds=${this.#leds}
          .spec=${this.#spec}
          .deviceLedCount=${this._ledCount}
          @layout-change=${this.#onEdit}
          @led-count-request=${this.#onLedCountRequest}
        ></gk-layout-generator>
      </section>
      <div class="row steps">
        ${
          step === 1
            ? html`<button
                class="primary"
                type="button"
                ?disabled=${!this._valid}
                @click=${() => void this.#go(2)}
              >
                ${this.t('web_instances_next')}
              </button>`
            : html`<button type="button" ?disabled=${pending} @click=${() => void this.#go(1)}>
                  ${this.t('web_instances_back')}
                </button>
                <button
                  class="primary"
                  type="button"
                  ?disabled=${!this._valid || pending}
                  @click=${() => void this.#finish.run(instance)}
                >
                  ${this.t('web_instances_finish')}
                </button>`
        }
        <a class="button" href="/instances">${this.t('web_instances_later')}</a>
        <p role="status">${pending ? this.t('web_instances_finishing') : nothing}</p>
      </div>
      ${renderError(this.#finish.error)}`;
  }
}

defineElement('gk-new-instance', GkNewInstance);

declare global {
  interface HTMLElementTagNameMap {
    'gk-new-instance': GkNewInstance;
  }
}
