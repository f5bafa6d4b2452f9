import { defineElement } from '@glowkit/elements/components';
import { TOKEN_COMMENT_LENGTH } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { ServerError } from '../../api/connection.js';
import { GkPage } from '../../app/page.js';
import { formatTimeLeft, type TokenRequest, TokenRequestsController } from './token-requests.js';
import { tokensStyles } from './tokens-page.styles.js';

/** A token as `getTokenList` and the `token-update` push describe it (never the token itself). */
interface TokenEntry {
  id: string;
  comment: string;
  /** When it was created (ISO 8601). */
  created?: string;
  /** When it was last used (ISO 8601), absent if never. */
  lastUse?: string;
}

/** What `createToken` answers: the token, shown once. */
interface CreatedToken {
  id: string;
  comment: string;
  token: string;
}

/** An error as the server phrased it: its `error` and its details, one line each. */
interface ShownError {
  message: string;
  details: string[];
}

function shownError(error: unknown): ShownError {
  if (error instanceof ServerError) return { message: error.error, details: error.details };
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}

/**
 * The token list as the server sends it: Hyperion.ng's `created_at` and `last_use` (null when
 * never used); the camel-case spellings are read too.
 */
function tokensOf(list: unknown): TokenEntry[] {
  if (!Array.isArray(list)) return [];
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return list
    .filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null)
    .map((t) => {
      const created = text(t.created_at) ?? text(t.createdAt);
      const lastUse = text(t.last_use) ?? text(t.lastUse);
      return {
        id: String(t.id ?? ''),
        comment: String(t.comment ?? ''),
        ...(created ? { created } : {}),
        ...(lastUse ? { lastUse } : {}),
      };
    });
}

/** The topic the server pushes the token list on when a token is created or revoked. */
const TOKEN_TOPIC = 'token-update';

/**
 * Tokens: the list (name, created, last used) with revoke; create one (shown once, with a copy
 * button); and the pending token requests of browsers and apps, to approve or deny, live.
 */
export class GkTokensPage extends GkPage {
  static override styles = [...GkPage.styles, tokensStyles];

  static override properties = {
    ...GkPage.properties,
    _tokens: { state: true },
    _tokensError: { state: true },
    _creating: { state: true },
    _createError: { state: true },
    _created: { state: true },
    _copied: { state: true },
    _confirming: { state: true },
    _revokeError: { state: true },
    _message: { state: true },
    _requestError: { state: true },
  };

  declare _tokens: TokenEntry[] | undefined;
  declare _tokensError: ShownError | undefined;
  declare _creating: boolean;
  declare _createError: ShownError | undefined;
  /** The token just created: shown until dismissed, never again. */
  declare _created: CreatedToken | undefined;
  /** How the copy went: `copied` to the clipboard, or only `selected` for the user to copy. */
  declare _copied: '' | 'copied' | 'selected';
  /** The id of the token whose revoke waits for confirmation. */
  declare _confirming: string | undefined;
  declare _revokeError: ShownError | undefined;
  /** The last thing done (revoked, approved, denied), for the status line. */
  declare _message: string;
  declare _requestError: ShownError | undefined;

  readonly #requests = new TokenRequestsController(
    this,
    () => this.ctx.connection,
    // Said in the status line, so that a screen reader hears of a request arriving.
    (request) => {
      this._message = this.t('web_tokens_request_new', { name: request.comment, id: request.id });
    },
  );
  #off: Array<() => void> = [];

  constructor() {
    super();
    this._tokens = undefined;
    this._tokensError = undefined;
    this._creating = false;
    this._createError = undefined;
    this._created = undefined;
    this._copied = '';
    this._confirming = undefined;
    this._revokeError = undefined;
    this._message = '';
    this._requestError = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = this.ctx.connection;
    const subscribe = { command: 'serverinfo', subcommand: 'subscribe' };
    const topics = { data: { subscriptions: [TOKEN_TOPIC] } };
    const onState = () => {
      if (connection.state === 'open') void this.#loadTokens();
    };
    connection.addEventListener('state', onState);
    this.#off = [
      () => connection.removeEventListener('state', onState),
      // Tokens created or revoked elsewhere (another browser, the CLI) show up at once.
      connection.onPush(TOKEN_TOPIC, (push) => {
        this._tokens = tokensOf(push.data);
      }),
      // A new socket (after a restart) has no subscriptions: subscribe again.
      connection.onOpen(async () => {
        await connection.callNow({ ...subscribe, ...topics });
      }),
    ];
    void connection.call({ ...subscribe, ...topics }).catch(() => undefined);
    void this.#loadTokens();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const off of this.#off) off();
    this.#off = [];
    const connection = this.ctx.connection;
    if (connection.state === 'open') {
      void connection
        .call({
          command: 'serverinfo',
          subcommand: 'unsubscribe',
          data: { subscriptions: [TOKEN_TOPIC] },
        })
        .catch(() => undefined);
    }
  }

  async #loadTokens(): Promise<void> {
    try {
      const list = await this.ctx.connection.call({
        command: 'authorize',
        subcommand: 'getTokenList',
      });
      this._tokens = tokensOf(list);
      this._tokensError = undefined;
    } catch (error) {
      this._tokensError = shownError(error);
    }
  }

  // ---- create

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const comment = String(new FormData(form).get('comment') ?? '').trim();
    this._creating = true;
    this._createError = undefined;
    this._message = '';
    try {
      const created = await this.ctx.connection.call<CreatedToken>({
        command: 'authorize',
        subcommand: 'createToken',
        comment,
      });
      this._created = created;
      this._copied = '';
      form.reset();
      void this.#loadTokens();
      await this.updateComplete;
      const input = this.renderRoot.querySelector<HTMLInputElement>('#new-token');
      input?.focus();
      input?.select();
    } catch (error) {
      this._createError = shownError(error);
    } finally {
      this._creating = false;
    }
  }

  /** Copies the new token: to the clipboard where the browser allows it, else selects it. */
  async #copy(): Promise<void> {
    const token = this._created?.token;
    const input = this.renderRoot.querySelector<HTMLInputElement>('#new-token');
    if (!token || !input) return;
    try {
      // Only in a secure context (https, or localhost): a LAN address over http has none.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(token);
      this._copied = 'copied';
    } catch {
      input.focus();
      input.select();
      // The old way still copies a selection in plain http pages; when it does not, the token
      // stays selected for the user to copy.
      this._copied = document.execCommand('copy') ? 'copied' : 'selected';
    }
  }

  async #dismissCreated(): Promise<void> {
    this._created = undefined;
    this._copied = '';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('#token-comment')?.focus();
  }

  // ---- revoke

  async #confirmRevoke(id: string): Promise<void> {
    this._confirming = id;
    this._revokeError = undefined;
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLButtonElement>(`[data-confirm-revoke="${CSS.escape(id)}"]`)
      ?.focus();
  }

  async #cancelRevoke(id: string): Promise<void> {
    this._confirming = undefined;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>(`[data-revoke="${CSS.escape(id)}"]`)?.focus();
  }

  async #revoke(token: TokenEntry): Promise<void> {
    this._confirming = undefined;
    this._revokeError = undefined;
    try {
      // Revoking this browser's own token signs it out: the server tells the session.
      await this.ctx.connection.call({
        command: 'authorize',
        subcommand: 'deleteToken',
        id: token.id,
      });
      this._message = this.t('web_tokens_revoked', { name: token.comment });
      this._tokens = this._tokens?.filter((t) => t.id !== token.id);
      void this.#loadTokens();
    } catch (error) {
      this._revokeError = shownError(error);
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#tokens-title')?.focus();
  }

  // ---- token requests

  async #answer(request: TokenRequest, accept: boolean): Promise<void> {
    this._requestError = undefined;
    try {
      await this.#requests.answer(request.id, accept);
      this._message = this.t(accept ? 'web_tokens_request_approved' : 'web_tokens_request_denied', {
        name: request.comment,
      });
      if (accept) void this.#loadTokens();
    } catch (error) {
      this._requestError = shownError(error);
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#requests-title')?.focus();
  }

  /** Denies every waiting request at once: a flood of them is dismissed in one go. */
  async #denyAll(): Promise<void> {
    this._requestError = undefined;
    try {
      const count = await this.#requests.denyAll();
      this._message = this.t('web_tokens_requests_denied_all', { count });
    } catch (error) {
      this._requestError = shownError(error);
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#requests-title')?.focus();
  }

  // ---- rendering

  #date(iso: string): TemplateResult {
    const date = new Date(iso);
    const text = Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(this.ctx.translator.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(date);
    return html`<time datetime=${iso}>${text}</time>`;
  }

  #renderError(error: ShownError): TemplateResult {
    return html`<div class="error" role="alert">
      <p>${error.message}</p>
      ${
        error.details.length > 0
          ? html`<ul>
              ${error.details.map((d) => html`<li>${d}</li>`)}
            </ul>`
          : nothing
      }
    </div>`;
  }

  #renderToken(token: TokenEntry): TemplateResult {
    const confirming = this._confirming === token.id;
    const name = token.comment;
    return html`<li class="item" data-token=${token.id}>
      <p class="item-name">${name}</p>
      <dl>
        <div>
          <dt>${this.t('web_tokens_id')}</dt>
          <dd><code>${token.id}</code></dd>
        </div>
        <div>
          <dt>${this.t('web_tokens_created')}</dt>
          <dd>${token.created ? this.#date(token.created) : '—'}</dd>
        </div>
        <div>
          <dt>${this.t('web_tokens_last_use')}</dt>
          <dd>${token.lastUse ? this.#date(token.lastUse) : this.t('web_tokens_never')}</dd>
        </div>
      </dl>
      ${
        confirming
          ? html`<div class="confirm" role="group" aria-labelledby=${`revoke-text-${token.id}`}>
              <p id=${`revoke-text-${token.id}`}>${this.t('web_tokens_revoke_confirm', { name })}</p>
              <div class="row">
                <button
                  type="button"
                  class="danger"
                  data-confirm-revoke=${token.id}
                  @click=${() => this.#revoke(token)}
                >
                  ${this.t('web_tokens_revoke_yes')}
                </button>
                <button type="button" @click=${() => this.#cancelRevoke(token.id)}>
                  ${this.t('web_cancel')}
                </button>
              </div>
            </div>`
          : html`<button
              type="button"
              class="danger"
              data-revoke=${token.id}
              aria-label=${this.t('web_tokens_revoke_label', { name })}
              @click=${() => this.#confirmRevoke(token.id)}
            >
              ${this.t('web_tokens_revoke')}
            </button>`
      }
    </li>`;
  }

  #renderList(): TemplateResult {
    const tokens = this._tokens;
    return html`<section class="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title" tabindex="-1">${this.t('web_tokens_list_title')}</h2>
      ${this._tokensError ? this.#renderError(this._tokensError) : nothing}
      ${this._revokeError ? this.#renderError(this._revokeError) : nothing}
      ${
        tokens === undefined
          ? this._tokensError
            ? nothing
            : html`<p>${this.t('web_loading')}</p>`
          : tokens.length === 0
            ? html`<p>${this.t('web_tokens_none')}</p>`
            : html`<ul class="items" aria-labelledby="tokens-title">
                ${tokens.map((t) => this.#renderToken(t))}
              </ul>`
      }
    </section>`;
  }

  #renderCreated(created: CreatedToken): TemplateResult {
    const copied =
      this._copied === 'copied'
        ? this.t('web_tokens_copied')
        : this._copied === 'selected'
          ? this.t('web_tokens_selected')
          : '';
    return html`<div class="created" data-testid="new-token">
      <h3>${this.t('web_tokens_new_title', { name: created.comment })}</h3>
      <label for="new-token">${this.t('web_tokens_new_label')}</label>
      <div class="row token-row">
        <input
          id="new-token"
          class="token"
          readonly
          spellcheck="false"
          autocomplete="off"
          .value=${created.token}
          aria-describedby="new-token-note"
        />
        <button type="button" class="primary" @click=${this.#copy}>${this.t('web_tokens_copy')}</button>
      </div>
      <p id="new-token-note" class="warning">${this.t('web_tokens_new_note')}</p>
      <p role="status" class="copied">${copied}</p>
      <button type="button" @click=${this.#dismissCreated}>${this.t('web_tokens_new_done')}</button>
    </div>`;
  }

  #renderCreate(): TemplateResult {
    return html`<section class="card" aria-labelledby="create-title">
      <h2 id="create-title">${this.t('web_tokens_create_title')}</h2>
      ${
        this._created
          ? this.#renderCreated(this._created)
          : html`<form @submit=${this.#create}>
              <label for="token-comment">${this.t('web_tokens_comment')}</label>
              <input
                id="token-comment"
                name="comment"
                required
                minlength=${TOKEN_COMMENT_LENGTH.min}
                maxlength=${TOKEN_COMMENT_LENGTH.max}
                autocomplete="off"
                aria-describedby="token-comment-hint"
              />
              <p id="token-comment-hint" class="muted">
                ${this.t('web_tokens_comment_hint', TOKEN_COMMENT_LENGTH)}
              </p>
              <button class="primary" ?disabled=${this._creating}>${this.t('web_tokens_create')}</button>
            </form>`
      }
      ${this._createError ? this.#renderError(this._createError) : nothing}
    </section>`;
  }

  #renderRequest(request: TokenRequest): TemplateResult {
    const name = request.comment;
    const left = formatTimeLeft(request.expiresAt - this.#requests.now);
    return html`<li class="item" data-request=${request.id}>
      <p class="item-name">${name}</p>
      <p class="muted">
        ${this.t('web_tokens_request_id', { id: request.id })} ·
        ${this.t('web_tokens_request_left', { time: left })}
      </p>
      <div class="row">
        <button
          type="button"
          class="primary"
          aria-label=${this.t('web_tokens_approve_label', { name, id: request.id })}
          @click=${() => this.#answer(request, true)}
        >
          ${this.t('web_tokens_approve')}
        </button>
        <button
          type="button"
          class="danger"
          aria-label=${this.t('web_tokens_deny_label', { name, id: request.id })}
          @click=${() => this.#answer(request, false)}
        >
          ${this.t('web_tokens_deny')}
        </button>
      </div>
    </li>`;
  }

  #renderRequests(): TemplateResult {
    const controller = this.#requests;
    const requests = controller.requests;
    return html`<section class="card" aria-labelledby="requests-title">
      <h2 id="requests-title" tabindex="-1">${this.t('web_tokens_requests_title')}</h2>
      <p class="muted">${this.t('web_tokens_requests_hint')}</p>
      ${controller.error ? this.#renderError(shownError(controller.error)) : nothing}
      ${this._requestError ? this.#renderError(this._requestError) : nothing}
      ${
        // One request has its own Deny; more may be a flood, dismissed in one go.
        requests.length > 1
          ? html`<div class="row deny-all">
              <button type="button" class="danger" @click=${this.#denyAll}>
                ${this.t('web_tokens_deny_all')}
              </button>
            </div>`
          : nothing
      }
      ${
        requests.length > 0
          ? html`<ul class="items" aria-labelledby="requests-title">
              ${requests.map((r) => this.#renderRequest(r))}
            </ul>`
          : controller.loaded && !controller.error
            ? html`<p>${this.t('web_tokens_requests_none')}</p>`
            : nothing
      }
    </section>`;
  }

  protected override render(): TemplateResult {
    return html`<h1>${this.t('web_tokens_title')}</h1>
      <p class="status" role="status">${this._message}</p>
      ${this.#renderRequests()} ${this.#renderCreate()} ${this.#renderList()}`;
  }
}

defineElement('gk-tokens-page', GkTokensPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-tokens-page': GkTokensPage;
  }
}
