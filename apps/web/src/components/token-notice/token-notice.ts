import { defineElement } from '@glowkit/elements/components';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { GkPage } from '../../app/page.js';
import type { TokenRequest } from '../../data/tokens.js';
import { errorLine } from '../error-message/error-message.js';
import { tokenNoticeStyles } from './token-notice.styles.js';

/**
 * The token requests waiting for an admin, on every page but Tokens (which lists them itself):
 * each with Approve and Deny, and a link to the Tokens page. Shows nothing while none waits, or
 * for a browser that is not an admin's (the server refuses it the list and tells it of none).
 */
export class GkTokenNotice extends GkPage {
  static override styles = [...GkPage.styles, tokenNoticeStyles];

  /** What the last answer did, or why it failed. */
  @state() private _message = '';

  async #answer(request: TokenRequest, accept: boolean): Promise<void> {
    try {
      await this.ctx.store.tokens.answer(request.id, accept);
      this._message = this.t(accept ? 'web_tokens_request_approved' : 'web_tokens_request_denied', {
        name: request.comment,
      });
    } catch (error) {
      this._message = errorLine(error);
    }
  }

  #renderRequest(request: TokenRequest): TemplateResult {
    const name = request.comment;
    const id = request.id;
    return html`<li>
      <span>${this.t('web_tokens_notice_request', { name, id })}</span>
      <span class="actions">
        <button
          type="button"
          class="primary"
          aria-label=${this.t('web_tokens_approve_label', { name, id })}
          @click=${() => this.#answer(request, true)}
        >
          ${this.t('web_tokens_approve')}
        </button>
        <button
          type="button"
          aria-label=${this.t('web_tokens_deny_label', { name, id })}
          @click=${() => this.#answer(request, false)}
        >
          ${this.t('web_tokens_deny')}
        </button>
      </span>
    </li>`;
  }

  protected override render(): TemplateResult {
    const requests = this.ctx?.store.tokens.requests ?? [];
    return html`<div role="status" class="message">${this._message}</div>
      ${
        requests.length === 0
          ? nothing
          : html`<section class="notice" aria-labelledby="notice-title" data-testid="token-notice">
              <h2 id="notice-title">
                ${this.t('web_tokens_notice_title', { count: requests.length })}
              </h2>
              <ul>
                ${requests.map((r) => this.#renderRequest(r))}
              </ul>
              <a href="/tokens">${this.t('web_tokens_notice_link')}</a>
            </section>`
      }`;
  }
}

defineElement('gk-token-notice', GkTokenNotice);

declare global {
  interface HTMLElementTagNameMap {
    'gk-token-notice': GkTokenNotice;
  }
}
