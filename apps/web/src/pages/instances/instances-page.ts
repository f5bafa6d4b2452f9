import { defineElement } from '@glowkit/elements/components';
import type { InstanceInfo, StoredInstance } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import {
  createInstance,
  deleteInstance,
  fetchConfig,
  renameInstance,
  startInstance,
  stopInstance,
} from '../../data/calls.js';
import { cleanName, type NameProblem, nameProblem } from './instance-name.js';
import { instancesStyles } from './instances-page.styles.js';
import './new-instance.js';

/** Starting an instance opens its device, which may take a while: allow it some time. */
const START_TIMEOUT_MS = 30_000;

/** The main instance: every client falls back to it, so the server never deletes it. */
const MAIN_INSTANCE = 0;

/**
 * Instances (`/instances`): every configured instance with its state, device type and LED count,
 * to start or stop, rename (checked by the server's rules as it is typed) and delete (asked
 * first; never instance 0). A new one is named here, then set up at `/instances/new/<id>`
 * (`<gk-new-instance>`): its device and layout, finished on the defaults if need be. The list
 * and the running states are the store's (kept by `instance-update` pushes); device and LED count
 * come from the stored configuration, read again whenever the store's list changes.
 */
export class GkInstancesPage extends GkPage {
  static override styles = [...GkPage.styles, instancesStyles];

  /** The stored instances, for their device and LED count. */
  @state() private _stored: readonly StoredInstance[] = [];
  @state() private _readError: unknown = undefined;
  /** The name typed for a new instance, and whether it has been tried (problems show from then). */
  @state() private _newName = '';
  @state() private _newTried = false;
  /** The instance being renamed, with the name typed so far. */
  @state() private _renaming: { id: number; name: string } | undefined = undefined;
  /** The instance whose delete waits for confirmation. */
  @state() private _confirming: number | undefined = undefined;
  /** The last thing done, for the status line. */
  @state() private _message = '';
  /** The instance whose start, stop or delete failed last, so its row shows why. */
  @state() private _failedRow: number | undefined = undefined;

  readonly #create = new Action(this, async (name: string) => {
    const id = await createInstance(this.ctx.connection, name);
    this._newName = '';
    this._newTried = false;
    this.ctx.router.navigate(`/instances/new/${id}`);
  });
  readonly #rename = new Action(this, async (id: number, name: string) => {
    await renameInstance(this.ctx.connection, id, name);
    this._renaming = undefined;
    this._message = this.t('web_instances_renamed', { name });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`[data-rename="${id}"]`)?.focus();
  });
  /** Start, stop and delete: one error, shown in the row of the instance it concerns. */
  readonly #rowAction = new Action(this, async (id: number, work: () => Promise<string>) => {
    this._failedRow = id;
    this._message = await work();
    this._failedRow = undefined;
  });

  /** The store's list the stored configuration was last read for. */
  #readFor: readonly InstanceInfo[] | undefined;
  #read = 0;

  protected override willUpdate(): void {
    const instances = this.ctx?.store.instances;
    if (this.#isList && instances && instances !== this.#readFor) {
      this.#readFor = instances;
      void this.#readStored();
    }
  }

  get #isList(): boolean {
    return this.params[0] !== 'new';
  }

  /** Reads the stored instances (their device and layout). */
  async #readStored(): Promise<void> {
    const read = ++this.#read;
    try {
      const config = await fetchConfig(this.ctx.connection);
      if (read !== this.#read) return;
      this._stored = config.instances;
      this._readError = undefined;
    } catch (error) {
      if (read === this.#read) this._readError = error;
    }
  }

  #problemText(problem: NameProblem | undefined): string {
    return problem ? this.t(problem.key, problem.vars) : '';
  }

  #submitCreate(event: Event): void {
    event.preventDefault();
    this._newTried = true;
    const name = cleanName(this._newName);
    if (nameProblem(name, this.ctx.store.instances)) {
      this.renderRoot.querySelector<HTMLInputElement>('#new-name')?.focus();
      return;
    }
    void this.#create.run(name);
  }

  #submitRename(event: Event, info: InstanceInfo): void {
    event.preventDefault();
    const typed = this._renaming;
    if (!typed) return;
    const name = cleanName(typed.name);
    if (nameProblem(name, this.ctx.store.instances, info.instance)) return;
    if (name === info.friendly_name) {
      this._renaming = undefined;
      return;
    }
    void this.#rename.run(info.instance, name);
  }

  async #startRename(info: InstanceInfo): Promise<void> {
    this.#rename.clear();
    this._renaming = { id: info.instance, name: info.friendly_name };
    await this.updateComplete;
    const input = this.renderRoot.querySelector<HTMLInputElement>(`#rename-${info.instance}`);
    input?.focus();
    input?.select();
  }

  async #cancelRename(id: number): Promise<void> {
    this._renaming = undefined;
    this.#rename.clear();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`[data-rename="${id}"]`)?.focus();
  }

  #switch(info: InstanceInfo): void {
    const { instance: id, running } = info;
    void this.#rowAction.run(id, async () => {
      if (running) await stopInstance(this.ctx.connection, id);
      else await startInstance(this.ctx.connection, id, { timeoutMs: START_TIMEOUT_MS });
      return '';
    });
  }

  async #confirmDelete(id: number): Promise<void> {
    this._confirming = id;
    this.#rowAction.clear();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`[data-confirm-delete="${id}"]`)?.focus();
  }

  async #cancelDelete(id: number): Promise<void> {
    this._confirming = undefined;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`[data-delete="${id}"]`)?.focus();
  }

  async #delete(info: InstanceInfo): Promise<void> {
    const done = await this.#rowAction.run(info.instance, async () => {
      await deleteInstance(this.ctx.connection, info.instance);
      return this.t('web_instances_deleted', { name: info.friendly_name });
    });
    if (!done) return;
    this._confirming = undefined;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#list-title')?.focus();
  }

  #renderCreate(): TemplateResult {
    const problem = this._newTried
      ? nameProblem(cleanName(this._newName), this.ctx.store.instances)
      : undefined;
    return html`<section class="card" aria-labelledby="create-title">
      <h2 id="create-title">${this.t('web_instances_create_title')}</h2>
      <form class="name-form" novalidate @submit=${this.#submitCreate}>
        <label for="new-name">${this.t('web_instances_name')}</label>
        <p id="new-name-hint" class="muted">${this.t('web_instances_name_hint')}</p>
        <div class="row">
          <input
            id="new-name"
            autocomplete="off"
            .value=${this._newName}
            aria-invalid=${problem ? 'true' : 'false'}
            aria-describedby="new-name-hint new-name-problem"
            ?disabled=${this.#create.pending}
            @input=${(e: Event) => {
              this._newName = (e.target as HTMLInputElement).value;
              this.#create.clear();
            }}
          />
          <button class="primary" type="submit" ?disabled=${this.#create.pending}>
            ${this.t('web_instances_create')}
          </button>
        </div>
        <p id="new-name-problem" class="error field-problem">${this.#problemText(problem)}</p>
        ${renderError(this.#create.error)}
      </form>
    </section>`;
  }

  #renderName(info: InstanceInfo): TemplateResult {
    const renaming = this._renaming;
    const id = info.instance;
    if (renaming?.id !== id) {
      return html`<div class="row name-row">
        <h3 class="item-name" id=${`name-${id}`}>${info.friendly_name}</h3>
        <span class="badge" data-running=${info.running ? 'true' : 'false'}>
          ${this.t(info.running ? 'web_instance_running' : 'web_instance_stopped')}
        </span>
      </div>`;
    }
    const problem = nameProblem(cleanName(renaming.name), this.ctx.store.instances, id);
    return html`<form class="name-form" novalidate @submit=${(e: Event) => this.#submitRename(e, info)}>
      <label for=${`rename-${id}`}>${this.t('web_instances_new_name', { name: info.friendly_name })}</label>
      <div class="row">
        <input
          id=${`rename-${id}`}
          autocomplete="off"
          .value=${renaming.name}
          aria-invalid=${problem ? 'true' : 'false'}
          aria-describedby=${`rename-problem-${id}`}
          ?disabled=${this.#rename.pending}
          @input=${(e: Event) => {
            this._renaming = { id, name: (e.target as HTMLInputElement).value };
            this.#rename.clear();
          }}
          @keydown=${(e: KeyboardEvent) => {
            if (e.key === 'Escape') void this.#cancelRename(id);
          }}
        />
        <button class="primary" type="submit" ?disabled=${!!problem || this.#rename.pending}>
          ${this.t('web_instances_save_name')}
        </button>
        <button type="button" @click=${() => void this.#cancelRename(id)}>
          ${this.t('web_cancel')}
        </button>
      </div>
      <p id=${`rename-problem-${id}`} class="error field-problem">${this.#problemText(problem)}</p>
      ${renderError(this.#rename.error)}
    </form>`;
  }

  #renderDelete(info: InstanceInfo): TemplateResult {
    const id = info.instance;
    const name = info.friendly_name;
    if (id === MAIN_INSTANCE) {
      return html`<p class="muted main-note">${this.t('web_instances_main')}</p>`;
    }
    if (this._confirming !== id) {
      return html`<button
        type="button"
        class="danger"
        data-delete=${id}
        aria-label=${this.t('web_instances_delete_label', { name })}
        @click=${() => void this.#confirmDelete(id)}
      >
        ${this.t('web_instances_delete')}
      </button>`;
    }
    return html`<div class="confirm" role="group" aria-labelledby=${`delete-text-${id}`}>
      <p id=${`delete-text-${id}`}>${this.t('web_instances_delete_confirm', { name })}</p>
      <div class="row">
        <button
          type="button"
          class="danger"
          data-confirm-delete=${id}
          ?disabled=${this.#rowAction.pending}
          @click=${() => void this.#delete(info)}
        >
          ${this.t('web_instances_delete_yes')}
        </button>
        <button type="button" @click=${() => void this.#cancelDelete(id)}>
          ${this.t('web_cancel')}
        </button>
      </div>
    </div>`;
  }

  #renderInstance(info: InstanceInfo): TemplateResult {
    const id = info.instance;
    const name = info.friendly_name;
    const stored = this._stored.find((s) => s.id === id);
    const device = this.ctx.store.state(id)?.device;
    const type = device?.type ?? stored?.settings.device?.type;
    // The stored device's count; without the stored configuration (no admin token), the count of
    // the layout the running instance reported.
    const count = stored?.settings.device?.hardwareLedCount ?? this.ctx.store.layout(id)?.length;
    const busy = this.#rowAction.pending;
    return html`<li class="item" aria-labelledby=${`name-${id}`}>
      ${this.#renderName(info)}
      ${
        type !== undefined
          ? html`<p class="muted">
              ${
                count === undefined
                  ? this.t('web_instances_device_only', { type })
                  : this.t('web_instances_device', { type, count })
              }
            </p>`
          : nothing
      }
      ${
        info.running && device?.state === 'error'
          ? html`<p class="warning">
              ${this.t('web_instances_device_error', { error: device.error ?? '' })}
            </p>`
          : nothing
      }
      <div class="row actions">
        <button
          type="button"
          aria-label=${this.t(info.running ? 'web_instances_stop_label' : 'web_instances_start_label', { name })}
          ?disabled=${busy}
          @click=${() => this.#switch(info)}
        >
          ${this.t(info.running ? 'web_instances_stop' : 'web_instances_start')}
        </button>
        ${
          this._renaming?.id === id
            ? nothing
            : html`<button
                type="button"
                data-rename=${id}
                aria-label=${this.t('web_instances_rename_label', { name })}
                @click=${() => void this.#startRename(info)}
              >
                ${this.t('web_instances_rename')}
              </button>`
        }
        <a
          class="button"
          href=${`/setup/${id}`}
          aria-label=${this.t('web_instances_setup_label', { name })}
          >${this.t('web_instances_setup')}</a
        >
      </div>
      ${this.#renderDelete(info)}
      ${this._failedRow === id ? renderError(this.#rowAction.error) : nothing}
    </li>`;
  }

  #renderList(): TemplateResult {
    const { store } = this.ctx;
    return html`<section class="card" aria-labelledby="list-title">
      <h2 id="list-title" tabindex="-1">${this.t('web_instances_list_title')}</h2>
      ${renderError(store.error)} ${renderError(this._readError)}
      ${
        !store.loaded
          ? html`<p class="muted">${this.t('web_loading')}</p>`
          : store.instances.length === 0
            ? html`<p class="muted">${this.t('web_instances_none')}</p>`
            : html`<ul class="items" aria-labelledby="list-title">
                ${store.instances.map((i) => this.#renderInstance(i))}
              </ul>`
      }
    </section>`;
  }

  protected override render(): TemplateResult {
    if (!this.#isList) {
      return html`<gk-new-instance
        .ctx=${this.ctx}
        .instanceId=${this.params[1] ?? ''}
      ></gk-new-instance>`;
    }
    return html`<h1>${this.t('web_instances_title')}</h1>
      <p class="muted">${this.t('web_instances_intro')}</p>
      <p class="status" role="status">${this._message}</p>
      ${this.#renderCreate()} ${this.#renderList()}`;
  }
}

defineElement('gk-instances-page', GkInstancesPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-instances-page': GkInstancesPage;
  }
}
