import { defineElement } from '@glowkit/elements/components';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import {
  newPasswordOf,
  type PasswordStrength,
  passwordStrength,
  renderNewPassword,
} from '../../components/new-password/new-password.js';
import { cancelTokenRequest, isNewPasswordRequired, requestToken } from '../../data/calls.js';
import { signInStyles } from './sign-in-page.styles.js';

/** A token request waits this long for an admin (the server's own limit is 3 minutes). */
const REQUEST_TIMEOUT_MS = 190_000;

/** Five characters the server tells requests apart by (its rule: exactly 5). */
function requestId(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Which password form the page shows: none yet (asking), creating it, or signing in with it. */
type PasswordMode = 'asking' | 'create' | 'sign-in';

/**
 * Sign in: while the server has no admin password, create it (the first visit: no console
 * needed); after that, with the password. Or paste a token (the server prints an admin token
 * once, at first start), or ask for one with this browser's name and wait while an admin
 * approves it from a signed-in browser or the CLI. The token (a password sign-in gets one too) is
 * kept in the browser's storage, never in a URL.
 */
export class GkSignInPage extends GkPage {
  static override styles = [...GkPage.styles, signInStyles];

  /** The id of this browser's pending token request, while it waits for an admin. */
  @state() private _waiting: string | undefined = undefined;
  /** The name this browser last asked with: the form shows it again after a denied request. */
  @state() private _name = '';

  /** Signing in with a token, or with one an admin granted: one error, shown under both. */
  readonly #signIn = new Action(this, (token: () => Promise<string>) => this.#signInWith(token));
  /** Whether the server asks for the admin password to be created, or to sign in with it. */
  @state() private _mode: PasswordMode = 'asking';
  /** What the hint says of the new password typed so far. */
  @state() private _strength: PasswordStrength | undefined = undefined;
  /** Creating the admin password, or signing in with it. */
  readonly #password = new Action(this, (run: () => Promise<void>) => run());

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#askMode();
  }

  /** Asks the server whether the admin password exists yet. */
  async #askMode(): Promise<void> {
    try {
      this._mode = (await isNewPasswordRequired(this.ctx.connection)) ? 'create' : 'sign-in';
    } catch {
      // No answer (an older server, the connection lost): signing in with it is offered.
      this._mode = 'sign-in';
    }
  }

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const { password, repeat } = newPasswordOf(event.target as HTMLFormElement);
    if (password !== repeat) {
      this.#password.fail(this.t('web_password_mismatch'));
      return;
    }
    const created = await this.#password.run(() => this.ctx.session.createPassword(password));
    // Another browser was quicker: it exists now, so this one signs in with it.
    if (!created) await this.#askMode();
  }

  async #submitPassword(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const password = String(new FormData(event.target as HTMLFormElement).get('password') ?? '');
    await this.#password.run(() => this.ctx.session.signInWithPassword(password));
  }

  #renderPassword(): TemplateResult | typeof nothing {
    // Asked at once on loopback or a LAN: nothing is shown rather than the wrong form.
    if (this._mode === 'asking') return nothing;
    if (this._mode === 'create') {
      return html`<section class="card" aria-labelledby="create-password">
        <h2 id="create-password">${this.t('web_password_create_title')}</h2>
        <p class="muted">${this.t('web_password_create_hint')}</p>
        <form @submit=${this.#create}>
          ${renderNewPassword({
            t: (key, vars) => this.t(key, vars),
            idPrefix: 'create',
            strength: this._strength,
            onInput: (event) => {
              this._strength = passwordStrength((event.target as HTMLInputElement).value);
            },
          })}
          <button class="primary" ?disabled=${this.#password.pending}>
            ${this.t('web_password_create_submit')}
          </button>
        </form>
        ${renderError(this.#password.error)}
      </section>`;
    }
    return html`<section class="card" aria-labelledby="with-password">
      <h2 id="with-password">${this.t('web_password_sign_in_title')}</h2>
      <p class="muted">${this.t('web_password_sign_in_hint')}</p>
      <form @submit=${this.#submitPassword}>
        <label for="password">${this.t('web_password')}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button class="primary" ?disabled=${this.#password.pending}>
          ${this.t('web_sign_in_submit')}
        </button>
      </form>
      ${renderError(this.#password.error)}
    </section>`;
  }

  async #signInWith(token: () => Promise<string>): Promise<void> {
    await this.ctx.session.signIn(await token());
  }

  async #submitToken(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const token = String(new FormData(form).get('token') ?? '');
    await this.#signIn.run(async () => token);
  }

  async #request(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const comment = String(new FormData(form).get('comment') ?? '').trim();
    const id = requestId();
    this._name = comment;
    this._waiting = id;
    // Answered when an admin decides: the reply carries the new token.
    await this.#signIn.run(async () => {
      try {
        const { token } = await requestToken(this.ctx.connection, comment, id, {
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        return token;
      } finally {
        this._waiting = undefined;
      }
    });
  }

  async #cancel(): Promise<void> {
    const id = this._waiting;
    if (!id) return;
    await cancelTokenRequest(this.ctx.connection, id).catch(() => undefined);
  }

  protected override render(): TemplateResult {
    const given = this.ctx.session.reason;
    const reason =
      given === undefined ? '' : 'phrase' in given ? this.t(given.phrase) : given.error;
    return html`<h1>${this.t('web_sign_in_title')}</h1>
      ${renderError(reason)}
      <div class="columns">
        ${this.#renderPassword()}
        <section class="card" aria-labelledby="with-token">
          <h2 id="with-token">${this.t('web_sign_in_with_token')}</h2>
          <p class="muted">${this.t('web_sign_in_token_hint')}</p>
          <form @submit=${this.#submitToken}>
            <label for="token">${this.t('web_sign_in_token')}</label>
            <input
              id="token"
              name="token"
              type="password"
              autocomplete="off"
              spellcheck="false"
              required
            />
            <button class="primary" ?disabled=${this.#signIn.pending && !this._waiting}>${this.t('web_sign_in_submit')}</button>
          </form>
        </section>
        <section class="card" aria-labelledby="ask">
          <h2 id="ask">${this.t('web_sign_in_request_title')}</h2>
          <p class="muted">${this.t('web_sign_in_request_hint')}</p>
          ${
            this._waiting
              ? html`<p role="status">
                  ${this.t('web_sign_in_request_waiting', { id: this._waiting })}
                </p>
                <button type="button" @click=${this.#cancel}>${this.t('web_cancel')}</button>`
              : html`<form @submit=${this.#request}>
                  <label for="comment">${this.t('web_sign_in_request_name')}</label>
                  <input id="comment" name="comment" minlength="5" maxlength="100" required
                    value=${this._name || this.t(navigator.userAgent.includes('Mobile') ? 'web_sign_in_phone_name' : 'web_sign_in_browser_name')} />
                  <button>${this.t('web_sign_in_request_submit')}</button>
                </form>`
          }
        </section>
      </div>
      ${renderError(this.#signIn.error)}`;
  }
}

defineElement('gk-sign-in-page', GkSignInPage);
