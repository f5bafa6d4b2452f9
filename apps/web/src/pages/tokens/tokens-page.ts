import { defineElement } from '@glowkit/elements/components';
import { type CreatedToken, TOKEN_COMMENT_LENGTH, type TokenInfo } from '@glowkit/protocol';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import { createToken, revokeToken } from '../../data/calls.js';
import type { TokenRequest, TokenRequestEvent } from '../../data/tokens.js';
import './admin-password.js';
import { formatTimeLeft } from './time-left.js';
import { tokensStyles } from './tokens-page.styles.js';

/** The countdown of the requests' time left moves on this often (the display only). */
const TICK_MS = 1_000;

/**
 * Tokens: the list (name, created, last used) with revoke; create one (shown once, with a copy
 * button); and the pending token requests of browsers and apps, to approve or deny, live. Both
 * lists are the store's (`ctx.store.tokens`), followed while the page shows and kept current by
 * the server's pushes.
 */
export class GkTokensPage extends GkPage {
  static override styles = [...GkPage.styles, tokensStyles];

  /** The token just created: shown until dismissed, never again. */
  @state() private _created: CreatedToken | undefined = undefined;
  /** How the copy went: `copied` to the clipboard, or only `selected` for the user to copy. */
  @state() private _copied: '' | 'copied' | 'selected' = '';
  /** The id of the token whose revoke waits for confirmation. */
  @state() private _confirming: string | undefined = undefined;
  /** The last thing done (revoked, approved, denied), for the status line. */
  @state() private _message = '';
  /** The clock the requests' countdown shows. */
  @state() private _now = Date.now();

  readonly #create = new Action(this, async (form: HTMLFormElement, comment: string) => {
    this._message = '';
    this._created = await createToken(this.ctx.connection, comment);
    this._copied = '';
    form.reset();
    await this.updateComplete;
    const input = this.renderRoot.querySelector<HTMLInputElement>('#new-token');
    input?.focus();
    input?.select();
  });
  readonly #revoke = new Action(this, async (token: TokenInfo) => {
    // Revoking this browser's own token signs it out: the server tells the session.
    await revokeToken(this.ctx.connection, token.id);
    this._message = this.t('web_tokens_revoked', { name: token.comment });
    this.ctx.store.tokens.revoked(token.id);
  });
  /** Approve, Deny and Deny all: one error, shown above the requests. */
  readonly #request = new Action(this, async (answer: () => Promise<string>) => {
    this._message = await answer();
  });

  #unfollow: (() => void) | undefined;
  #tick: ReturnType<typeof setInterval> | undefined;
  // Said in the status line, so that a screen reader hears of a request arriving.
  readonly #announce = (event: Event): void => {
    const { comment, id } = (event as TokenRequestEvent).detail;
    this._message = this.t('web_tokens_request_new', { name: comment, id });
  };

  override connectedCallback(): void {
    super.connectedCallback();
    const { tokens } = this.ctx.store;
    this.#unfollow = tokens.follow();
    tokens.addEventListener('request', this.#announce);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unfollow?.();
    this.#unfollow = undefined;
    this.ctx.store.tokens.removeEventListener('request', this.#announce);
    this.#countDown(false);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#countDown(this.ctx.store.tokens.requests.length > 0);
  }

  /** Moves the countdown on each second while requests wait; the server's pushes drop them. */
  #countDown(on: boolean): void {
    if (on && this.#tick === undefined) {
      this.#tick = setInterval(() => {
        this._now = Date.now();
      }, TICK_MS);
    } else if (!on && this.#tick !== undefined) {
      clearInterval(this.#tick);
      this.#tick = undefined;
    }
  }

  // ---- create

  async #submitCreate(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const comment = String(new FormData(form).get('comment') ?? '').trim();
    await this.#create.run(form, comment);
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
    this.#revoke.clear();
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

  async #submitRevoke(token: TokenInfo): Promise<void> {
    this._confirming = undefined;
    await this.#revoke.run(token);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#tokens-title')?.focus();
  }

  // ---- token requests

  async #answer(request: TokenRequest, accept: boolean): Promise<void> {
    await this.#request.run(async () => {
      await this.ctx.store.tokens.answer(request.id, accept);
      return this.t(accept ? 'web_tokens_request_approved' : 'web_tokens_request_denied', {
        name: request.comment,
      });
    });
    await this.#focusRequests();
  }

  /** Denies every waiting request at once: a flood of them is dismissed in one go. */
  async #denyAll(): Promise<void> {
    await this.#request.run(async () => {
      const count = await this.ctx.store.tokens.denyAll();
      return this.t('web_tokens_requests_denied_all', { count });
    });
    await this.#focusRequests();
  }

  async #focusRequests(): Promise<void> {
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

  /**
   * What revoking `token` costs beyond its own uses: this browser signs out (its own token), or
   * no admin token is left (the last one). Said in the confirmation before it is revoked.
   */
  #revokeWarnings(token: TokenInfo): string[] {
    const { tokens = [], ownId } = this.ctx.store.tokens;
    const warnings: string[] = [];
    if (token.id === ownId) warnings.push(this.t('web_tokens_revoke_own'));
    const admins = tokens.filter((t) => t.admin !== false);
    if (token.admin !== false && admins.length === 1 && admins[0]?.id === token.id)
      warnings.push(this.t('web_tokens_revoke_last_admin'));
    return warnings;
  }

  #renderToken(token: TokenInfo): TemplateResult {
    const confirming = this._confirming === token.id;
    const name = token.comment;
    const own = token.id === this.ctx.store.tokens.ownId;
    return html`<li class="item" data-token=${token.id}>
      <p class="item-name">${name}</p>
      ${
        own || token.admin === false
          ? html`<p class="badges">
              ${own ? html`<span class="badge" data-testid="own-token">${this.t('web_tokens_own')}</span>` : nothing}
              ${token.admin === false ? html`<span class="badge">${this.t('web_tokens_leds_only')}</span>` : nothing}
            </p>`
          : nothing
      }
      <dl>
        <div>
          <dt>${this.t('web_tokens_id')}</dt>
          <dd><code>${token.id}</code></dd>
        </div>
        <div>
          <dt>${this.t('web_tokens_created')}</dt>
          <dd>${this.#date(token.created_at)}</dd>
        </div>
        <div>
          <dt>${this.t('web_tokens_last_use')}</dt>
          <dd>${token.last_use ? this.#date(token.last_use) : this.t('web_tokens_never')}</dd>
        </div>
      </dl>
      ${
        confirming
          ? html`<div class="confirm" role="group" aria-labelledby=${`revoke-text-${token.id}`}>
              <div id=${`revoke-text-${token.id}`}>
                <p>${this.t('web_tokens_revoke_confirm', { name })}</p>
                ${this.#revokeWarnings(token).map((w) => html`<p class="warning">${w}</p>`)}
              </div>
              <div class="row">
                <button
                  type="button"
                  class="danger"
                  data-confirm-revoke=${token.id}
                  @click=${() => this.#submitRevoke(token)}
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
    const { tokens, tokensError } = this.ctx.store.tokens;
    return html`<section class="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title" tabindex="-1">${this.t('web_tokens_list_title')}</h2>
      ${renderError(tokensError)} ${renderError(this.#revoke.error)}
      ${
        tokens === undefined
          ? tokensError
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
          : html`<form @submit=${this.#submitCreate}>
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
              <button class="primary" ?disabled=${this.#create.pending}>${this.t('web_tokens_create')}</button>
            </form>`
      }
      ${renderError(this.#create.error)}
    </section>`;
  }

  #renderRequest(request: TokenRequest): TemplateResult {
    const name = request.comment;
    const left = formatTimeLeft(request.expiresAt - this._now);
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
    const { requests, requestsError, requestsLoaded } = this.ctx.store.tokens;
    return html`<section class="card" aria-labelledby="requests-title">
      <h2 id="requests-title" tabindex="-1">${this.t('web_tokens_requests_title')}</h2>
      <p class="muted">${this.t('web_tokens_requests_hint')}</p>
      ${renderError(requestsError)} ${renderError(this.#request.error)}
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
          : requestsLoaded && !requestsError
            ? html`<p>${this.t('web_tokens_requests_none')}</p>`
            : nothing
      }
    </section>`;
  }

  protected override render(): TemplateResult {
    return html`<h1>${this.t('web_tokens_title')}</h1>
      <p class="status" role="status">${this._message}</p>
      ${this.#renderRequests()} ${this.#renderCreate()} ${this.#renderList()}
      <gk-admin-password .ctx=${this.ctx}></gk-admin-password>`;
  }
}

defineElement('gk-tokens-page', GkTokensPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-tokens-page': GkTokensPage;
  }
}
