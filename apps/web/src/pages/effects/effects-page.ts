import '@glowkit/elements/effect-form';
import '../../components/live-leds/live-leds.js';
import '../../components/priority-duration/priority-duration.js';
import './effect-catalogue.js';
import { defineElement } from '@glowkit/elements/components';
import type { EffectFormEventDetail, GkEffectForm } from '@glowkit/elements/effect-form';
import type { EffectInfo, PriorityInfo } from '@glowkit/protocol';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { keyed } from 'lit/directives/keyed.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import type { GkPriorityDuration } from '../../components/priority-duration/priority-duration.js';
import {
  DEFAULT_PRIORITY,
  priorityOf,
  secondsOf,
} from '../../components/priority-duration/rules.js';
import { createEffect, deleteEffect } from '../../data/calls.js';
import { WatchController } from '../../data/watch.js';
import { effectPath, instanceLabel, isCustom } from './catalogue.js';
import { EffectRunner, type Running, type RunTarget, runningAt } from './effect-runner.js';
import { type EffectSchemas, loadEffectSchemas } from './effect-schemas.js';
import { effectsPageStyles } from './effects-page.styles.js';

/** An effect's options. */
type Args = Record<string, unknown>;

/**
 * The effects page (`/effects`, `/effects/<name>`): the catalogue (the store's) beside the chosen
 * effect's options (`<gk-effect-form>` from the server's option schema, in the UI's language),
 * run on an instance at a priority and for a time (`<gk-priority-duration>`), stopped, watched
 * live (`<gk-live-leds>`), changed while it runs (it runs again with the new options), saved under
 * a new name as a custom effect, or deleted when it is one. What runs is learnt from the store's
 * priorities of the chosen instance; the server's errors show as it phrased them.
 */
export class GkEffectsPage extends GkPage {
  static override styles = [...GkPage.styles, effectsPageStyles];

  @state() private _schemas: EffectSchemas | undefined = undefined;
  /** The instance chosen to run on. */
  @state() private _instance: number | undefined = undefined;
  /** The priority field, as typed. */
  @state() private _priority = String(DEFAULT_PRIORITY);
  /** The duration field in seconds, as typed; empty: until stopped. */
  @state() private _duration = '';
  /** What the last Stop did. */
  @state() private _runNotice = '';
  @state() private _saveName = '';
  /** What happened to the list: an effect saved or deleted. */
  @state() private _notice = '';

  /** Reads the effects' option schemas (once, and again when an effect's script is new). */
  readonly #loadSchemas = new Action(this, async () => {
    this._schemas = await loadEffectSchemas(this.ctx.connection);
  });
  /** Run and Stop, and a run again with changed options: one status, one error. */
  readonly #run = new Action(this, (work: () => Promise<void>) => work());
  readonly #save = new Action(this, async (effect: EffectInfo, name: string, args: Args) => {
    await createEffect(this.ctx.connection, name, effect.script, args);
    this._saveName = '';
    this._notice = this.t('web_effects_saved', { name });
    // The push will come too; reading now means the new effect is there to be shown.
    await this.ctx.store.refresh();
    this.ctx.router.navigate(effectPath(name));
    this.#noticeFor = name;
  });
  readonly #delete = new Action(this, async (effect: EffectInfo) => {
    await deleteEffect(this.ctx.connection, effect.name);
    this.#dialog?.close();
    // Away from the deleted effect at once (its page would say it does not exist).
    this._notice = this.t('web_effects_deleted', { name: effect.name });
    this.ctx.router.navigate('/effects', true);
    this.#noticeFor = undefined;
  });

  #runner: EffectRunner | undefined;
  #cleanup: Array<() => void> = [];
  /** The options the form starts from: set when another effect is chosen, not on every render. */
  #formArgs: Record<string, unknown> = {};
  #formFor: string | undefined;
  /** Whether the page has rendered before: focus moves on later changes of the URL only. */
  #updatedBefore = false;
  /** The effect whose URL the notice was given for: the notice goes when another is shown. */
  #noticeFor: string | undefined;
  /** The priorities (the store's) and the choice the runner last learnt what runs from. */
  #learnt:
    | { priorities: readonly PriorityInfo[] | undefined; instance: number; priority: number }
    | undefined;

  constructor() {
    super();
    new WatchController(this, () => this.#runner);
  }

  override connectedCallback(): void {
    const runner = new EffectRunner(this.ctx.connection);
    this.#runner = runner;
    // Watched from here on (the controller asks for the runner when the page connects).
    super.connectedCallback();
    const onRerunError = (event: Event) => this.#run.fail((event as CustomEvent).detail);
    const onRerun = () => this.#run.clear();
    runner.addEventListener('error', onRerunError);
    runner.addEventListener('rerun', onRerun);
    this.#cleanup = [
      () => runner.dispose(),
      () => runner.removeEventListener('error', onRerunError),
      () => runner.removeEventListener('rerun', onRerun),
    ];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.#cleanup) cleanup();
    this.#cleanup = [];
    this.#runner = undefined;
    this.#learnt = undefined;
  }

  /** The effect the URL names. */
  get #selectedName(): string | undefined {
    return this.params[0] || undefined;
  }

  get #selected(): EffectInfo | undefined {
    const name = this.#selectedName;
    return name === undefined ? undefined : this.ctx.store.effects.find((e) => e.name === name);
  }

  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector<HTMLDialogElement>('#confirm-delete');
  }

  get #form(): GkEffectForm | null {
    return this.renderRoot.querySelector('gk-effect-form');
  }

  get #running(): Running | undefined {
    return this.#runner?.running;
  }

  /**
   * Learns what runs at the chosen priority on the chosen instance from the store, when its
   * priorities or the choice changed: an effect started before the page was opened shows as
   * running (and takes changed options), one that ended early (it failed, someone cleared it) no
   * longer does.
   */
  #learnRunning(): void {
    const runner = this.#runner;
    const instance = this._instance;
    const priority = priorityOf(this._priority);
    if (!runner || instance === undefined || priority === undefined) return;
    const priorities = this.ctx.store.state(instance)?.priorities;
    const learnt = this.#learnt;
    if (
      learnt !== undefined &&
      learnt.priorities === priorities &&
      learnt.instance === instance &&
      learnt.priority === priority
    ) {
      return;
    }
    this.#learnt = { priorities, instance, priority };
    if (priorities) {
      runner.learn(runner.version, instance, priority, runningAt(priorities, instance, priority));
    }
  }

  /** The chosen instance stays chosen while it runs, else the first running one is. */
  #chooseInstance(): void {
    const instances = this.ctx.store.instances;
    const chosen = instances.find((i) => i.instance === this._instance);
    if (!chosen?.running) {
      this._instance = (instances.find((i) => i.running) ?? instances[0])?.instance;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('params') && this.#selectedName !== this.#noticeFor) this._notice = '';
    this.#chooseInstance();
    this.#learnRunning();
    const effect = this.#selected;
    // The form starts from the chosen effect's options; a refreshed list keeps what was edited.
    if (effect && effect.name !== this.#formFor) {
      this.#formFor = effect.name;
      this.#formArgs = structuredClone(effect.args);
      this.#save.clear();
      this.#run.clear();
      this._runNotice = '';
      this.#delete.clear();
    }
    // An effect whose script has no schema yet (a new one): the schemas are read (again).
    const schemas = this._schemas;
    const missing = this.ctx.store.effects.some((e) => !schemas?.has(e.script));
    if (missing && !this.#loadSchemas.pending && this.#loadSchemas.error === undefined) {
      void this.#loadSchemas.run();
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
      // On a phone the list is above the effect: the effect is scrolled to the top of the
      // window, its name, Run and the live picture first, its options right below them.
      const effect = this.renderRoot.querySelector<HTMLElement>('article.effect');
      target?.focus({ preventScroll: effect !== null });
      effect?.scrollIntoView({ block: 'start' });
    }
    this.#updatedBefore = true;
  }

  /** Where Run and Stop act, from the fields; undefined (and the field says why) when invalid. */
  #target(form: HTMLFormElement): RunTarget | undefined {
    const fields = form.querySelector<GkPriorityDuration>('gk-priority-duration');
    if (!form.reportValidity() || !fields?.reportValidity() || this._instance === undefined) {
      return undefined;
    }
    const where = fields.value;
    return where && { instance: this._instance, ...where };
  }

  async #runEffect(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const effect = this.#selected;
    const runner = this.#runner;
    const target = this.#target(event.target as HTMLFormElement);
    if (!effect || !runner || !target) return;
    const form = this.#form;
    if (form && !form.reportValidity()) {
      this.#run.fail(new Error(this.t('web_effects_invalid_options')));
      return;
    }
    this._runNotice = '';
    await this.#run.run(() =>
      runner.run(effect.name, form ? form.value : { ...effect.args }, target),
    );
  }

  async #stop(event: Event): Promise<void> {
    const runner = this.#runner;
    const target = this.#target((event.target as HTMLButtonElement).form as HTMLFormElement);
    if (!runner || !target) return;
    await this.#run.run(async () => {
      await runner.stop(target.instance, target.priority);
      this._runNotice = this.t('web_effects_stopped', {
        priority: target.priority,
        instance: this.#instanceName(target.instance),
      });
    });
  }

  /** An option changed: the running effect runs again with it (at once when committed). */
  #optionChanged(event: Event): void {
    const effect = this.#selected;
    const form = event.currentTarget as GkEffectForm;
    if (!(event instanceof CustomEvent) || !effect || !form.valid) return;
    const detail = event.detail as EffectFormEventDetail;
    this.#runner?.optionsChanged(effect.name, detail.value, event.type === 'change');
  }

  async #saveAs(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const effect = this.#selected;
    const form = this.#form;
    const name = this._saveName.trim();
    if (!effect || !name) return;
    if (form && !form.reportValidity()) {
      this.#save.fail(new Error(this.t('web_effects_invalid_options')));
      return;
    }
    await this.#save.run(effect, name, form ? form.value : { ...effect.args });
  }

  #askDelete(): void {
    this.#delete.clear();
    this.#dialog?.showModal();
  }

  #instanceName(id: number): string {
    const instance = this.ctx.store.instances.find((i) => i.instance === id);
    return instance ? instanceLabel(instance) : `#${id}`;
  }

  #renderOptions(effect: EffectInfo): TemplateResult {
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
    } else if (this.#loadSchemas.error !== undefined) {
      body = html`<p>${this.t('web_effects_no_options')}</p>
        ${renderError(this.#loadSchemas.error)}`;
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

  #renderRunStatus(effect: EffectInfo): TemplateResult {
    const running = this.#running;
    let text = this._runNotice;
    if (running) {
      const vars = {
        name: running.name,
        instance: this.#instanceName(running.instance),
        priority: running.priority,
        seconds: running.durationMs === undefined ? 0 : secondsOf(running.durationMs),
      };
      text = this.t(
        running.durationMs === undefined ? 'web_effects_running' : 'web_effects_running_timed',
        vars,
      );
      if (running.name === effect.name) text += ` ${this.t('web_effects_live_hint')}`;
    }
    return html`<p class="run-status" role="status">${text}</p>`;
  }

  #renderRun(effect: EffectInfo): TemplateResult {
    const instances = this.ctx.store.instances;
    const noneRunning = !instances.some((i) => i.running);
    const busy = this.#run.pending || this._instance === undefined;
    return html`<section class="card run" aria-labelledby="run-heading">
      <h3 id="run-heading">${this.t('web_effects_run_heading')}</h3>
      <form class="run-form" @submit=${this.#runEffect}>
        <div class="field">
          <label for="instance">${this.t('web_effects_instance')}</label>
          <select
            id="instance"
            @change=${(e: Event) => {
              this._instance = Number((e.target as HTMLSelectElement).value);
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
        <gk-priority-duration
          .translator=${this.ctx.translator}
          .priority=${this._priority}
          .seconds=${this._duration}
          .durationHint=${this.t('web_effects_duration_hint')}
          @input=${(e: Event) => {
            const fields = e.currentTarget as GkPriorityDuration;
            this._duration = fields.seconds;
          }}
          @change=${(e: Event) => {
            // What runs there is learnt for a priority once it is typed out, not per keystroke.
            this._priority = (e.currentTarget as GkPriorityDuration).priority;
          }}
        ></gk-priority-duration>
        <div class="row buttons">
          <button class="primary" ?disabled=${busy}>${this.t('web_effects_run')}</button>
          <button type="button" ?disabled=${busy} @click=${this.#stop}>
            ${this.t('web_effects_stop')}
          </button>
        </div>
      </form>
      ${noneRunning ? html`<p class="error">${this.t('web_effects_no_instance')}</p>` : nothing}
      ${this.#renderRunStatus(effect)} ${renderError(this.#run.error)}
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

  #renderSave(effect: EffectInfo): TemplateResult {
    const name = this._saveName.trim();
    const replaces = this.ctx.store.effects.some((e) => e.name === name && isCustom(e));
    return html`<section class="card save" aria-labelledby="save-heading">
      <h3 id="save-heading">${this.t('web_effects_save_heading')}</h3>
      <p class="muted" id="save-hint">${this.t('web_effects_save_hint', { name: effect.name })}</p>
      <form class="save-form" @submit=${this.#saveAs}>
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
          <button ?disabled=${this.#save.pending}>${this.t('web_effects_save')}</button>
        </div>
        ${
          replaces
            ? html`<p id="save-replaces" class="warning">${this.t('web_effects_save_replaces')}</p>`
            : nothing
        }
      </form>
      ${renderError(this.#save.error)}
    </section>`;
  }

  #renderDeleteDialog(effect: EffectInfo): TemplateResult {
    return html`<dialog
      id="confirm-delete"
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      @close=${() => this.#delete.clear()}
    >
      <h2 id="delete-title">${this.t('web_effects_delete_title', { name: effect.name })}</h2>
      <p id="delete-text">${this.t('web_effects_delete_text')}</p>
      ${renderError(this.#delete.error)}
      <div class="row buttons">
        <button
          type="button"
          class="danger"
          ?disabled=${this.#delete.pending}
          @click=${() => void this.#delete.run(effect)}
        >
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

  #renderEffect(effect: EffectInfo): TemplateResult {
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
    const name = this.#selectedName;
    const effect = this.#selected;
    if (effect) return this.#renderEffect(effect);
    if (name !== undefined) {
      return html`<div class="card"><p>${this.t('web_effects_unknown', { name })}</p></div>`;
    }
    return html`<div class="card choose"><p>${this.t('web_effects_choose')}</p></div>`;
  }

  protected override render(): TemplateResult {
    const { store } = this.ctx;
    return html`<h1 tabindex="-1">${this.t('web_effects_title')}</h1>
      ${renderError(store.error)}
      ${
        store.loaded && !store.error
          ? html`<div class="layout">
              <gk-effect-catalogue
                class="catalogue"
                aria-label=${this.t('web_effects_catalogue_label')}
                role="region"
                .effects=${store.effects}
                .problems=${store.effectProblems}
                .selected=${this.#selectedName}
                .translator=${this.ctx.translator}
              ></gk-effect-catalogue>
              <div class="detail">
                <p class="notice" role="status">${this._notice}</p>
                ${this.#renderDetail()}
              </div>
            </div>`
          : store.loaded
            ? nothing
            : html`<p class="muted" role="status">${this.t('web_loading')}</p>`
      }`;
  }
}

defineElement('gk-effects-page', GkEffectsPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-effects-page': GkEffectsPage;
  }
}
