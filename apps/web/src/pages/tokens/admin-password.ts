import { defineElement } from '@glowkit/elements/components';
import { css, html, nothing, type TemplateResult } from 'lit';
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
import { changePassword, createPassword, isNewPasswordRequired } from '../../data/calls.js';

/**
 * The Tokens page's "Admin password" section: change it with the current one, or create it when
 * there is none yet (a browser signed in with a token).
 */
export class GkAdminPassword extends GkPage {
  static override styles = [
    ...GkPage.styles,
    css`
      form {
        display: grid;
        gap: var(--_space);
        max-width: 28rem;
      }
      form button {
        justify-self: start;
      }
    `,
  ];

  /** Whether an admin password exists; undefined until the server said. */
  @state() private _exists: boolean | undefined = undefined;
  @state() private _strength: PasswordStrength | undefined = undefined;
  @state() private _message = '';

  readonly #save = new Action(this, (form: HTMLFormElement) => this.#saveFrom(form));

  override connectedCallback(): void {
    super.connectedCallback();
    void this.#ask();
  }

  async #ask(): Promise<void> {
    try {
      this._exists = !(await isNewPasswordRequired(this.ctx.connection));
    } catch (error) {
      this.#save.fail(error);
    }
  }

  async #saveFrom(form: HTMLFormElement): Promise<void> {
    const { password, repeat } = newPasswordOf(form);
    if (password !== repeat) throw new Error(this.t('web_password_mismatch'));
    if (this._exists) {
      const current = String(new FormData(form).get('current-password') ?? '');
      await changePassword(this.ctx.connection, current, password);
      this._message = this.t('web_password_changed');
    } else {
      await createPassword(this.ctx.connection, password);
      this._message = this.t('web_password_created');
      this._exists = true;
    }
    form.reset();
    this._strength = undefined;
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this._message = '';
    await this.#save.run(event.target as HTMLFormElement);
  }

  protected override render(): TemplateResult {
    return html`<section class="card" aria-labelledby="password-title">
      <h2 id="password-title">${this.t('web_password_change_title')}</h2>
      <p class="muted">
        ${this.t(this._exists === false ? 'web_password_none_hint' : 'web_password_change_hint')}
      </p>
      <form @submit=${this.#submit}>
        ${
          this._exists === false
            ? nothing
            : html`<label for="current-password">${this.t('web_password_current')}</label>
                <input
                  id="current-password"
                  name="current-password"
                  type="password"
                  autocomplete="current-password"
                  required
                />`
        }
        ${renderNewPassword({
          t: (key, vars) => this.t(key, vars),
          idPrefix: 'change',
          strength: this._strength,
          onInput: (event) => {
            this._strength = passwordStrength((event.target as HTMLInputElement).value);
          },
        })}
        <button class="primary" ?disabled=${this.#save.pending || this._exists === undefined}>
          ${this.t(this._exists === false ? 'web_password_create_submit' : 'web_password_change_submit')}
        </button>
      </form>
      <p role="status">${this._message}</p>
      ${renderError(this.#save.error)}
    </section>`;
  }
}

defineElement('gk-admin-password', GkAdminPassword);

declare global {
  interface HTMLElementTagNameMap {
    'gk-admin-password': GkAdminPassword;
  }
}
