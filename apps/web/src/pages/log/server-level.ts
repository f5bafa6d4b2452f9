import '@glowkit/elements/effect-form';
import { defineElement, type GkEffectForm } from '@glowkit/elements/components';
import type { GroupFormSchema } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import { fetchConfig, fetchSchemas, saveGlobalGroups } from '../../data/calls.js';
import { logStyles } from './log-page.styles.js';

type Json = Record<string, unknown>;

/**
 * The server's log level on the Log page: the `logger` group's form, from its schema
 * (`config getschema`), saved with `config setconfig` (it applies at once). What the server
 * says back — that `--log-level` keeps it from applying — shows below the button.
 */
export class GkServerLevel extends GkPage {
  static override styles = [...GkPage.styles, logStyles];

  @state() private _form: { schema: GroupFormSchema; stored: Json } | undefined;
  @state() private _loadError: unknown;
  /** What the last save did: saved, and the server's warnings. */
  @state() private _saved: string[] = [];

  readonly #save = new Action(this, async (value: Json) => {
    this._saved = [];
    const logger = { ...this._form?.stored, ...value };
    const answer = await saveGlobalGroups(this.ctx.connection, { logger });
    if (this._form) this._form = { ...this._form, stored: logger };
    this._saved =
      answer.warnings.length === 0
        ? [this.t('web_log_level_saved')]
        : [this.t('web_log_level_saved_not_applied'), ...answer.warnings];
  });

  override connectedCallback(): void {
    super.connectedCallback();
    const { connection } = this.ctx;
    Promise.all([fetchSchemas(connection), fetchConfig(connection)]).then(
      ([schemas, config]) => {
        const stored = (config.global.settings as Json).logger as Json | undefined;
        this._form = { schema: schemas.groups.logger, stored: { ...stored } };
      },
      (error: unknown) => {
        this._loadError = error;
      },
    );
  }

  #submit(event: SubmitEvent): void {
    event.preventDefault();
    const form = this.renderRoot.querySelector<GkEffectForm>('gk-effect-form');
    if (!form?.reportValidity()) return;
    void this.#save.run(form.value as Json);
  }

  protected override render(): TemplateResult {
    const form = this._form;
    return html`<section class="card" aria-labelledby="server-level-title">
      <h2 id="server-level-title">${this.t('web_log_server_level')}</h2>
      ${renderError(this._loadError)}
      ${
        form
          ? html`<form class="server-level" @submit=${this.#submit}>
              <gk-effect-form
                .schema=${form.schema}
                .value=${guard([form.stored], () => form.stored)}
                .translator=${this.ctx.translator}
                .heading=${false}
                ?disabled=${this.#save.pending}
              ></gk-effect-form>
              <div class="actions">
                <button class="primary" ?disabled=${this.#save.pending}>
                  ${this.t('web_log_level_save')}
                </button>
              </div>
            </form>`
          : nothing
      }
      <div role="status" data-testid="server-level-status">
        ${
          this._saved.length === 0
            ? nothing
            : html`<ul class="saved">
              ${this._saved.map((line) => html`<li>${line}</li>`)}
            </ul>`
        }
      </div>
      ${renderError(this.#save.error)}
    </section>`;
  }
}

defineElement('gk-server-level', GkServerLevel);

declare global {
  interface HTMLElementTagNameMap {
    'gk-server-level': GkServerLevel;
  }
}
