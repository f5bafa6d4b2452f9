import '@glowkit/elements/effect-form';
import '../../components/live-leds/live-leds.js';
import './effect-catalogue.js';
import { defineElement } from '@glowkit/elements/components';
import type { EffectFormEventDetail, GkEffectForm } from '@glowkit/elements/effect-form';
import { MAX_DURATION_MS, MAX_PRIORITY, MIN_PRIORITY } from '@glowkit/protocol';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { keyed } from 'lit/directives/keyed.js';
import { ServerError } from '../../api/connection.js';
import { GkPage } from '../../app/page.js';
import { DEFAULT_PRIORITY } from '../../app/sources.js';
import {
  type Catalogue,
  catalogueOf,
  type EffectEntry,
  effectPath,
  type InstanceEntry,
  instanceLabel,
  instancesOf,
  isCustom,
} from './catalogue.js';
import { EffectRunner, type Running, runningAt } from './effect-runner.js';
import { type EffectSchemas, loadEffectSchemas } from './effect-schemas.js';
import { effectsPageStyles } from './effects-page.styles.js';

/**
 * The pushes that keep the page current: the effect list, the instances, and what runs (pushed
 * for the instance the session is bound to only; others are asked when chosen).
 */
const TOPICS = ['effects-update', 'instance-update', 'priorities-update'];
/** The longest duration the server takes, in whole seconds. */
const MAX_DURATION_S = Math.floor(MAX_DURATION_MS / 1000);

/**
 * The effects page (`/effects`, `/effects/<name>`): the catalogue beside the chosen effect's
 * options (`<gk-effect-form>` from the server's option schema, in the UI's language), run on an
 * instance at a priority and for a time, stopped, watched live (`<gk-live-leds>`), changed while it
 * runs (it runs again with the new options), saved under a new name as a custom effect, or
 * deleted when it is one. Everything comes from the server; its errors show as it phrased them.
 */
export class GkEffectsPage extends GkPage {
  static override styles = [...GkPage.styles, effectsPageStyles];

  static override properties = {
    ...GkPage.properties,
    _catalogue: { state: true },
    _loadError: { state: true },
    _schemas: { state: true },
    _schemaError: { state: true },
    _instance: { state: true },
    _priority: { state: true },
    _duration: { state: true },
    _runBusy: { state: true },
    _runError: { state: true },
    _runNotice: { state: true },
    _saveName: { state: true },
    _saveBusy: { state: true },
    _saveError: { state: true },
    _notice: { state: true },
    _deleteBusy: { state: true },
    _deleteError: { state: true },
  };

  declare _catalogue: Catalogue | undefined;
  declare _loadError: unknown;
  declare _schemas: EffectSchemas | undefined;
  declare _schemaError: unknown;
  /** The instance chosen to run on. */
  declare _instance: number | undefined;
  /** The priority field, as typed. */
  declare _priority: string;
  /** The duration field in seconds, as typed; empty: until stopped. */
  declare _duration: string;
  declare _runBusy: boolean;
  declare _runError: unknown;
  /** What the last Stop did. */
  declare _runNotice: string;
  declare _saveName: string;
  declare _saveBusy: boolean;
  declare _saveError: unknown;
  /** What happened to the list: an effect saved or deleted. */
  declare _notice: string;
  declare _deleteBusy: boolean;
  declare _deleteError: unknown;

  #runner: EffectRunner | undefined;
  #cleanup: Array<() => void> = [];
  /** The options the form starts from: set when another effect is chosen, not on every render. */
  #formArgs: Record<string, unknown> = {};
  #formFor: string | undefined;
  /** Whether the page has rendered before: focus moves on later changes of the URL only. */
  #updatedBefore = false;
  /** The effect whose URL the notice was given for: the notice goes when another is shown. */
  #noticeFor: string | undefined;

  constructor() {
    super();
    this._catalogue = undefined;
    this._loadError = undefined;
    this._schemas = undefined;
    this._schemaError = undefined;
    this._instance = undefined;
    this._priority = String(DEFAULT_PRIORITY);
    this._duration = '';
    this._runBusy = false;
    this._runError = undefined;
    this._runNotice = '';
    this._saveName = '';
    this._saveBusy = false;
    this._saveError = undefined;
    this._notice = '';
    this._deleteBusy = false;
    this._deleteError = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const { connection } = this.ctx;
    const runner = new EffectRunner(connection);
    this.#runner = runner;
    const onRunnerChange = () => this.requestUpdate();
    const onRerunError = (event: Event) => {
      this._runError = (event as CustomEvent).detail;
    };
    const onRerun = () => {
      this._runError = undefined;
    };
    runner.addEventListener('change', onRunnerChange);
    runner.addEventListener('error', onRerunError);
    runner.addEventListener('rerun', onRerun);
    this.#cleanup = [
      () => runner.dispose(),
      connection.onPush('effects-update', () => void this.#load()),
      connection.onPush('instance-update', (push) => this.#setInstances(instancesOf(push.data))),
      connection.onPush('priorities-update', (push) => {
        const priority = Number(this._priority);
        if (push.instance === undefined || push.instance !== this._instance) return;
        const priorities = (push.data as { priorities?: unknown } | undefined)?.priorities;
        runner.learn(
          runner.version,
          push.instance,
          priority,
          runningAt(priorities, push.instance, priority),
        );
      }),
      // Every time the socket opens (the first time, and after a restart or a lost network,
      // which end the subscriptions) the page loads and subscribes again. Not awaited: `call`
      // waits for the hooks to finish, so awaiting it here would never end.
      connection.onOpen(async () => {
        void this.#load();
      }),
    ];
    // A hook added while the socket opens still runs this time; once it is open, load now.
    if (connection.state === 'open') void this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The subscriptions stay: other pages of this session may use the same topics, and pushes
    // nobody listens to are dropped by the connection.
    for (const cleanup of this.#cleanup) cleanup();
    this.#cleanup = [];
    this.#runner = undefined;
  }

  /** The effect the URL names. */
  get #selectedName(): string | undefined {
    return this.params[0] || undefined;
  }

  get #selected(): EffectEntry | undefined {
    const name = this.#selectedName;
    return name === undefined ? undefined : this._catalogue?.effects.find((e) => e.name === name);
  }

  get #form(): GkEffectForm | null {
    return this.renderRoot.querySelector('gk-effect-form');
  }

  get #running(): Running | undefined {
    return this.#runner?.running;
  }

  /** Reads the catalogue (subscribing to its changes), then the schemas it needs. */
  async #load(): Promise<void> {
    try {
      const info = await this.ctx.connection.call({ command: 'serverinfo', subscribe: TOPICS });
      this._catalogue = catalogueOf(info);
      this._loadError = undefined;
      this.#setInstances(this._catalogue.instances);
    } catch (error) {
      this._loadError = error;
      return;
    }
    void this.#checkRunning();
    const schemas = this._schemas;
    const missing = this._catalogue.effects.some((e) => !schemas?.has(e.script));
    if (missing) await this.#loadSchemas();
  }

  /**
   * Asks the chosen instance what runs at the chosen priority, so that an effect started before
   * the page was opened shows as running (and takes changed options), and one that ended early
   * no longer does.
   */
  async #checkRunning(): Promise<void> {
    const runner = this.#runner;
    const instance = this._instance;
    const priority = Number(this._priority);
    const valid =
      Number.isInteger(priority) && priority >= MIN_PRIORITY && priority <= MAX_PRIORITY;
    if (!runner || instance === undefined || !valid) return;
    const version = runner.version;
    try {
      const info = await this.ctx.connection.call<{ priorities?: unknown }>({
        command: 'serverinfo',
        instance,
      });
      runner.learn(version, instance, priority, runningAt(info?.priorities, instance, priority));
    } catch {
      // Only the status line would have learnt something: Run and Stop still say what fails.
    }
  }

  async #loadSchemas(): Promise<void> {
    try {
      this._schemas = await loadEffectSchemas(this.ctx.connection);
      this._schemaError = undefined;
    } catch (error) {
      this._schemaError = error;
    }
  }

  /** New instances; the chosen one stays chosen while it runs, else the first running one is. */
  #setInstances(instances: InstanceEntry[]): void {
    if (this._catalogue) this._catalogue = { ...this._catalogue, instances };
    const chosen = instances.find((i) => i.instance === this._instance);
    if (!chosen?.running) {
      this._instance = (instances.find((i) => i.running) ?? instances[0])?.instance;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('params') && this.#selectedName !== this.#noticeFor) this._notice = '';
    const effect = this.#selected;
    // The form starts from the chosen effect's options; a refreshed list keeps what was edited.
    if (effect && effect.name !== this.#formFor) {
      this.#formFor = effect.name;
      this.#formArgs = structuredClone(effect.args);
      this._saveError = undefined;
      this._runError = undefined;
      this._runNotice = '';
      this._deleteError = undefined;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Another URL moves focus to what it shows (the chosen effect, else the page's heading), so
    // keyboard and screen reader users, and phone users whose list is above the form, land there.
    if (changed.has('params') && this.#updatedBefore) {
      const target =
        this.renderRoot.querySelector<HTMLElement>('#effect-name') ??
        this.renderRoot.querySelector<HTMLElement>('h1');
      target?.focus();
    }
    this.#updatedBefore = true;
  }

  /** Where Run and Stop act, from the fields; undefined (and the field says why) when invalid. */
  #target(
    form: HTMLFormElement,
  ): { instance: number; priority: number; durationMs?: number } | undefined {
    if (!form.reportValidity() || this._instance === undefined) return undefined;
    const seconds = this._duration.trim();
    return {
      instance: this._instance,
      priority: Number(this._priority),
      ...(seconds === '' ? {} : { durationMs: Math.round(Number(seconds) * 1000) }),
    };
  }

  async #run(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const effect = this.#selected;
    const runner = this.#runner;
    const target = this.#target(event.target as HTMLFormElement);
    if (!effect || !runner || !target) return;
    const form = this.#form;
    if (form && !form.reportValidity()) {
      this._runError = new Error(this.t('web_effects_invalid_options'));
      return;
    }
    this._runBusy = true;
    this._runError = undefined;
    this._runNotice = '';
    try {
      await runner.run(effect.name, form ? form.value : { ...effect.args }, target);
    } catch (error) {
      this._runError = error;
    } finally {
      this._runBusy = false;
    }
  }

  async #stop(event: Event): Promise<void> {
    const runner = this.#runner;
    const target = this.#target((event.target as HTMLButtonElement).form as HTMLFormElement);
    if (!runner || !target) return;
    this._runBusy = true;
    this._runError = undefined;
    try {
      await runner.stop(target.instance, target.priority);
      this._runNotice = this.t('web_effects_stopped', {
        priority: target.priority,
        instance: this.#instanceName(target.instance),
      });
    } catch (error) {
      this._runError = error;
    } finally {
      this._runBusy = false;
    }
  }

  /** An option changed: the running effect runs again with it (at once when committed). */
  #optionChanged(event: Event): void {
    const effect = this.#selected;
    const form = event.currentTarget as GkEffectForm;
    if (!(event instanceof CustomEvent) || !effect || !form.valid) return;
    const detail = event.detail as EffectFormEventDetail;
    this.#runner?.optionsChanged(effect.name, detail.value, event.type === 'change');
  }

  async #save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const effect = this.#selected;
    const form = this.#form;
    const name = this._saveName.trim();
    if (!effect || !name) return;
    if (form && !form.reportValidity()) {
      this._saveError = new Error(this.t('web_effects_invalid_options'));
      return;
    }
    this._saveBusy = true;
    this._saveError = undefined;
    try {
      await this.ctx.connection.call({
        command: 'create-effect',
        name,
        script: effect.script,
        args: form ? form.value : { ...effect.args },
      });
      this._saveName = '';
      this._notice = this.t('web_effects_saved', { name });
      // The push will come too; loading now means the new effect is there to be shown.
      await this.#load();
      this.ctx.router.navigate(effectPath(name));
      this.#noticeFor = name;
    } catch (error) {
      this._saveError = error;
    } finally {
      this._saveBusy = false;
    }
  }

  #askDelete(): void {
    this._deleteError = undefined;
    this.renderRoot.querySelector<HTMLDialogElement>('#confirm-delete')?.showModal();
  }

  async #delete(): Promise<void> {
    const effect = this.#selected;
    const dialog = this.renderRoot.querySelector<HTMLDialogElement>('#confirm-delete');
    if (!effect) return;
    this._deleteBusy = true;
    this._deleteError = undefined;
    try {
      await this.ctx.connection.call({ command: 'delete-effect', name: effect.name });
      dialog?.close();
      // Away from the deleted effect at once (its page would say it does not exist), then the list.
      this._notice = this.t('web_effects_deleted', { name: effect.name });
      this.ctx.router.navigate('/effects', true);
      this.#noticeFor = undefined;
      await this.#load();
    } catch (error) {
      this._deleteError = error;
    } finally {
      this._deleteBusy = false;
    }
  }

  #instanceName(id: number): string {
    const instance = this._catalogue?.instances.find((i) => i.instance === id);
    return instance ? instanceLabel(instance) : `#${id}`;
  }

  /** An error as the server phrased it: its reason, then one line per detail. */
  #renderError(error: unknown): TemplateResult | typeof nothing {
    if (error === undefined) return nothing;
    if (error instanceof ServerError) {
      return html`<div class="error" role="alert">
        <p>${error.error}</p>
        ${
          error.details.length > 0
            ? html`<ul>${error.details.map((line) => html`<li>${line}</li>`)}</ul>`
            : nothing
        }
      </div>`;
    }
    const message = error instanceof Error ? error.message : String(error);
    return html`<div class="error" role="alert"><p>${message}</p></div>`;
  }

  #renderOptions(effect: EffectEntry): TemplateResult {
    const schema = this._schemas?.get(effect.script);
    let body: unknown;
    if (schema) {
      // The form's value is set only when another effect starts it afresh: Lit sets an object
      // binding again on every render, which would undo what was edited (typing a name to save
      // under, or a run's status changing, renders the page).
      body = keyed(
        effect.name,
        html`<gk-effect-form
          .schema=${schema}
          .value=${guard([this.#formArgs], () => this.#formArgs)}
          .translator=${this.ctx.translator}
          .heading=${false}
          @input=${this.#optionChanged}
          @change=${this.#optionChanged}
        ></gk-effect-form>`,
      );
    } else if (this._schemaError !== undefined) {
      body = html`<p>${this.t('web_effects_no_options')}</p>
        ${this.#renderError(this._schemaError)}`;
    } else if (this._schemas) {
      body = html`<p>${this.t('web_effects_no_schema', { script: effect.script })}</p>
        <p class="muted">${this.t('web_effects_no_options')}</p>`;
    } else {
      body = html`<p class="muted" role="status">${this.t('web_loading')}</p>`;
    }
    return html`<section class="card options" aria-labelledby="options-heading">
      <h3 id="options-heading">${this.t('web_effects_options')}</h3>
      ${body}
    </section>`;
  }

  #renderRunStatus(effect: EffectEntry): TemplateResult {
    const running = this.#running;
    let text = this._runNotice;
    if (running) {
      const vars = {
        name: running.name,
        instance: this.#instanceName(running.instance),
        priority: running.priority,
        seconds: running.durationMs === undefined ? 0 : Math.round(running.durationMs / 1000),
      };
      text = this.t(
        running.durationMs === undefined ? 'web_effects_running' : 'web_effects_running_timed',
        vars,
      );
      if (running.name === effect.name) text += ` ${this.t('web_effects_live_hint')}`;
    }
    return html`<p class="run-status" role="status">${text}</p>`;
  }

  #renderRun(effect: EffectEntry): TemplateResult {
    const instances = this._catalogue?.instances ?? [];
    const noneRunning = !instances.some((i) => i.running);
    const busy = this._runBusy || this._instance === undefined;
    return html`<section class="card run" aria-labelledby="run-heading">
      <h3 id="run-heading">${this.t('web_effects_run_heading')}</h3>
      <form class="run-form" @submit=${this.#run}>
        <div class="field">
          <label for="instance">${this.t('web_effects_instance')}</label>
          <select
            id="instance"
            @change=${(e: Event) => {
              this._instance = Number((e.target as HTMLSelectElement).value);
              void this.#checkRunning();
            }}
          >
            ${instances.map(
              (i) =>
                html`<option
                  value=${i.instance}
                  ?selected=${i.instance === this._instance}
                  ?disabled=${!i.running}
                >
                  ${
                    i.running
                      ? instanceLabel(i)
                      : this.t('web_effects_instance_stopped', { name: instanceLabel(i) })
                  }
                </option>`,
            )}
          </select>
        </div>
        <div class="field">
          <label for="priority">${this.t('web_effects_priority')}</label>
          <input
            id="priority"
            type="number"
            inputmode="numeric"
            required
            min=${MIN_PRIORITY}
            max=${MAX_PRIORITY}
            step="1"
            .value=${this._priority}
            @input=${(e: Event) => {
              this._priority = (e.target as HTMLInputElement).value;
            }}
            @change=${() => void this.#checkRunning()}
          />
        </div>
        <div class="field">
          <label for="duration">${this.t('web_effects_duration')}</label>
          <input
            id="duration"
            type="number"
            inputmode="numeric"
            min="1"
            max=${MAX_DURATION_S}
            step="1"
            aria-describedby="duration-hint"
            .value=${this._duration}
            @input=${(e: Event) => {
              this._duration = (e.target as HTMLInputElement).value;
            }}
          />
          <span id="duration-hint" class="muted hint">${this.t('web_effects_duration_hint')}</span>
        </div>
        <div class="row buttons">
          <button class="primary" ?disabled=${busy}>${this.t('web_effects_run')}</button>
          <button type="button" ?disabled=${busy} @click=${this.#stop}>
            ${this.t('web_effects_stop')}
          </button>
        </div>
      </form>
      ${noneRunning ? html`<p class="error">${this.t('web_effects_no_instance')}</p>` : nothing}
      ${this.#renderRunStatus(effect)} ${this.#renderError(this._runError)}
    </section>`;
  }

  #renderLive(): TemplateResult {
    return html`<section class="card live" aria-labelledby="live-heading">
      <h3 id="live-heading">${this.t('web_effects_live_heading')}</h3>
      ${
        this._instance === undefined
          ? html`<p class="muted">${this.t('web_effects_no_instance')}</p>`
          : html`<gk-live-leds .ctx=${this.ctx} .instance=${this._instance}></gk-live-leds>`
      }
    </section>`;
  }

  #renderSave(effect: EffectEntry): TemplateResult {
    const name = this._saveName.trim();
    const replaces = this._catalogue?.effects.some((e) => e.name === name && isCustom(e));
    return html`<section class="card save" aria-labelledby="save-heading">
      <h3 id="save-heading">${this.t('web_effects_save_heading')}</h3>
      <p class="muted" id="save-hint">${this.t('web_effects_save_hint', { name: effect.name })}</p>
      <form class="save-form" @submit=${this.#save}>
        <label for="save-name">${this.t('web_effects_save_name')}</label>
        <div class="row">
          <input
            id="save-name"
            required
            maxlength="100"
            autocomplete="off"
            aria-describedby="save-hint${replaces ? ' save-replaces' : ''}"
            .value=${this._saveName}
            @input=${(e: Event) => {
              this._saveName = (e.target as HTMLInputElement).value;
            }}
          />
          <button ?disabled=${this._saveBusy}>${this.t('web_effects_save')}</button>
        </div>
        ${
          replaces
            ? html`<p id="save-replaces" class="warning">${this.t('web_effects_save_replaces')}</p>`
            : nothing
        }
      </form>
      ${this.#renderError(this._saveError)}
    </section>`;
  }

  #renderDeleteDialog(effect: EffectEntry): TemplateResult {
    return html`<dialog
      id="confirm-delete"
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      @close=${() => {
        this._deleteError = undefined;
      }}
    >
      <h2 id="delete-title">${this.t('web_effects_delete_title', { name: effect.name })}</h2>
      <p id="delete-text">${this.t('web_effects_delete_text')}</p>
      ${this.#renderError(this._deleteError)}
      <div class="row buttons">
        <button type="button" class="danger" ?disabled=${this._deleteBusy} @click=${this.#delete}>
          ${this.t('web_effects_delete_confirm')}
        </button>
        <button
          type="button"
          autofocus
          @click=${() => this.renderRoot.querySelector<HTMLDialogElement>('#confirm-delete')?.close()}
        >
          ${this.t('web_cancel')}
        </button>
      </div>
    </dialog>`;
  }

  #renderEffect(effect: EffectEntry): TemplateResult {
    const custom = isCustom(effect);
    return html`<article class="effect" aria-labelledby="effect-name">
      <header class="effect-head">
        <div>
          <h2 id="effect-name" tabindex="-1">${effect.name}</h2>
          <p class="muted kind">
            ${custom ? this.t('web_effects_kind_custom') : this.t('web_effects_kind_bundled')}
            ${custom ? html`· <code>${effect.file}</code>` : nothing}
          </p>
        </div>
        ${
          custom
            ? html`<button type="button" class="danger" @click=${this.#askDelete}>
                ${this.t('web_effects_delete')}
              </button>`
            : nothing
        }
      </header>
      <div class="effect-grid">
        <div class="side">${this.#renderRun(effect)} ${this.#renderLive()}</div>
        ${this.#renderOptions(effect)}
        ${this.#renderSave(effect)}
      </div>
      ${custom ? this.#renderDeleteDialog(effect) : nothing}
    </article>`;
  }

  #renderDetail(): TemplateResult {
    const catalogue = this._catalogue;
    if (!catalogue) return html``;
    const name = this.#selectedName;
    const effect = this.#selected;
    if (effect) return this.#renderEffect(effect);
    if (name !== undefined) {
      return html`<div class="card"><p>${this.t('web_effects_unknown', { name })}</p></div>`;
    }
    return html`<div class="card choose"><p>${this.t('web_effects_choose')}</p></div>`;
  }

  protected override render(): TemplateResult {
    const catalogue = this._catalogue;
    return html`<h1 tabindex="-1">${this.t('web_effects_title')}</h1>
      ${this.#renderError(this._loadError)}
      ${
        catalogue
          ? html`<div class="layout">
              <gk-effect-catalogue
                class="catalogue"
                aria-label=${this.t('web_effects_catalogue_label')}
                role="region"
                .effects=${catalogue.effects}
                .problems=${catalogue.problems}
                .selected=${this.#selectedName}
                .translator=${this.ctx.translator}
              ></gk-effect-catalogue>
              <div class="detail">
                <p class="notice" role="status">${this._notice}</p>
                ${this.#renderDetail()}
              </div>
            </div>`
          : this._loadError === undefined
            ? html`<p class="muted" role="status">${this.t('web_loading')}</p>`
            : nothing
      }`;
  }
}

defineElement('gk-effects-page', GkEffectsPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-effects-page': GkEffectsPage;
  }
}
