import { defineElement, TranslationController } from '@glowkit/elements/components';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Action } from '../../app/action.js';
import type { AppContext } from '../../app/context.js';
import { pageStyles } from '../../app/page.styles.js';
import { fetchServerAbout, type ServerAbout, sendSystem } from '../../data/calls.js';
import { clock } from '../../pages/overview/instance-state.js';
import { renderError } from '../error-message/error-message.js';
import { serverAboutStyles } from './server-about.styles.js';

type SystemAction = 'suspend' | 'resume' | 'idle' | 'resumeIdle' | 'restart';

/**
 * The footer's line about the server: Glowkit's version and how long the server has run
 * (`sysinfo`, read again each time the connection opens, so a restarted server shows its new
 * uptime), the server's state (working, idle or suspended, as the store keeps it from
 * `serverinfo` and the `event-update` pushes, whoever caused them: a schedule, the machine's
 * sleep, another client),
 * and the power menu: suspend every instance, resume them, make them idle (captures off), end
 * idle, restart the service (the `system` command). What the server did, or why it refused,
 * shows below the menu.
 *
 * Usage: `<gk-server-about .ctx=${ctx}></gk-server-about>`.
 *
 * @tag gk-server-about
 */
export class GkServerAbout extends LitElement {
  static override styles = [pageStyles, serverAboutStyles];

  /** The app's context: the connection and the translator. */
  @property({ attribute: false }) ctx: AppContext | undefined = undefined;
  @state() private _about: ServerAbout | undefined = undefined;
  /** When the server's answer arrived (`performance.now()`): the uptime counts on from there. */
  @state() private _aboutAt = 0;
  @state() private _now = performance.now();
  /** The last action the server carried out, for the status line. */
  @state() private _done: SystemAction | undefined = undefined;

  readonly #system = new Action(this, async (action: SystemAction) => {
    this._done = undefined;
    if (!this.ctx) return;
    await sendSystem(this.ctx.connection, action);
    this._done = action;
  });
  #ticker = 0;
  #followed: AppContext | undefined;
  readonly #onState = (): void => {
    if (this.ctx?.connection.state === 'open') void this.#read();
  };
  /** The store changed: the server's state may have. */
  readonly #onStore = (): void => this.requestUpdate();

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#ticker = window.setInterval(() => {
      this._now = performance.now();
    }, 1000);
    this.#follow(this.ctx);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#follow(undefined);
    window.clearInterval(this.#ticker);
  }

  // The element may be upgraded (its chunk loads after the shell rendered it) with `ctx` set
  // before: Lit hands such a property over at the first update, not before connectedCallback.
  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('ctx') && this.isConnected) this.#follow(this.ctx);
  }

  /**
   * Reads the server now and each time the connection opens, on `ctx`'s connection, and follows
   * its store (the server's state).
   */
  #follow(ctx: AppContext | undefined): void {
    if (ctx === this.#followed) return;
    this.#followed?.connection.removeEventListener('state', this.#onState);
    this.#followed?.store.removeEventListener('change', this.#onStore);
    this.#followed = ctx;
    ctx?.connection.addEventListener('state', this.#onState);
    ctx?.store.addEventListener('change', this.#onStore);

    if (ctx) void this.#read();
  }

  async #read(): Promise<void> {
    if (!this.ctx) return;
    try {
      this._about = await fetchServerAbout(this.ctx.connection);
      this._aboutAt = performance.now();
    } catch {
      // Not signed in, or the connection went: read again when it opens.
    }
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx?.translator.t(key, vars) ?? key;
  }

  #button(action: SystemAction): TemplateResult {
    return html`<button
      type="button"
      ?disabled=${this.#system.pending || this.ctx?.connection.state !== 'open'}
      @click=${() => void this.#system.run(action)}
    >
      ${this.#t(`web_power_${action}`)}
    </button>`;
  }

  protected override render(): TemplateResult {
    const about = this._about;
    const power = this.ctx?.store.power;
    const uptime = about && about.uptime * 1000 + (this._now - this._aboutAt);
    return html`<p class="about" data-testid="about">
        ${
          about
            ? html`<span data-testid="version">${this.#t('web_about_version', { version: about.version })}</span>
                <span data-testid="uptime">
                  ${this.#t('web_about_uptime', { time: clock(uptime ?? 0) })}
                </span>`
            : nothing
        }
        ${
          power
            ? html`<span data-testid="power-state" data-state=${power}>
                ${this.#t('web_power_state', { state: this.#t(`web_power_state_${power}`) })}
              </span>`
            : nothing
        }
      </p>
      <details class="power">
        <summary>${this.#t('web_power')}</summary>
        <div class="menu" role="group" aria-label=${this.#t('web_power')}>
          ${this.#button('suspend')} ${this.#button('resume')} ${this.#button('idle')}
          ${this.#button('resumeIdle')} ${this.#button('restart')}
        </div>
      </details>
      <p class="done" role="status" data-testid="power-status">
        ${this._done ? this.#t(`web_power_${this._done}_done`) : nothing}
      </p>
      ${renderError(this.#system.error)}`;
  }
}

defineElement('gk-server-about', GkServerAbout);

declare global {
  interface HTMLElementTagNameMap {
    'gk-server-about': GkServerAbout;
  }
}
