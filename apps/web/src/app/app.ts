import { defineElement } from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { ServerConnection } from '../api/connection.js';
import { Session } from '../api/session.js';
import { useErrorPhrases } from '../components/error-message/error-message.js';
import { ServerStore } from '../data/store.js';
import {
  chooseLanguage,
  createTranslator,
  LANGUAGES,
  type Language,
  loadFormPhrases,
} from '../i18n/i18n.js';
import { appStyles } from './app.styles.js';
import type { AppContext } from './context.js';
import { type Route, Router } from './router.js';
import { ROUTES, SIGN_IN } from './routes.js';
import { applyTheme, storedTheme, type Theme } from './theme.js';
import { UnsavedChanges } from './unsaved.js';

/** The tag of the token-request notice (`components/token-notice/`), a chunk of its own. */
const NOTICE = 'gk-token-notice';

/** A page's element, as the shell sets it up. */
type PageElement = HTMLElement & { ctx: AppContext; params: string[] };

/**
 * The web UI: a header with the navigation, the connection's state, language, theme and sign-out,
 * the page of the URL below it, and once signed in a footer with the server's version, uptime
 * and power menu (`<gk-server-about>`). Pages that need a signed-in browser show the sign-in page
 * instead while signed out, and come back on the same URL once signed in. While a page has
 * unsaved edits (`gk-unsaved`, see `unsaved.ts`) the app asks before going to another page.
 */
export class GkApp extends LitElement {
  static override styles = appStyles;

  #ctx: AppContext | undefined;
  #loaded = new Set<string>();
  /** Pages whose module and phrases are in: they can be shown. */
  #ready = new Set<string>();
  #theme: Theme = storedTheme();
  #page: PageElement | undefined;
  readonly #unsaved = new UnsavedChanges(this);
  /** Settles the open "leave without saving?" question: true to leave. */
  #answer: ((leave: boolean) => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    applyTheme(this.#theme);
    void this.#start();
  }

  async #start(): Promise<void> {
    const connection = new ServerConnection();
    const session = new Session(connection);
    // After the session: its open hook logs in before the store's loads.
    const store = new ServerStore(connection, session);
    const translator: Resolver = await createTranslator();
    document.documentElement.lang = translator.language;
    useErrorPhrases(translator);
    const router = new Router(ROUTES);
    router.guard = () => (this.#unsaved.dirty ? this.#askToLeave() : true);
    this.#ctx = { connection, session, store, translator, router };
    for (const target of [connection, session, router]) {
      target.addEventListener(target === connection ? 'state' : 'change', () => this.#refresh());
    }
    translator.onLanguageChange(() => this.#refresh());
    // An admin hears of token requests on every page: the requests are followed while signed in.
    let unfollow: (() => void) | undefined;
    session.addEventListener('change', () => {
      if (session.state === 'signed-in') unfollow ??= store.tokens.follow();
      else if (session.state === 'signed-out') {
        unfollow?.();
        unfollow = undefined;
      }
    });
    store.addEventListener('change', () => {
      // The notice's chunk is loaded when a request first waits, not with the first page.
      if (store.tokens.requests.length > 0 && !this.#loaded.has(NOTICE)) {
        this.#loaded.add(NOTICE);
        void import('../components/token-notice/token-notice.js').then(() => this.requestUpdate());
      }
    });
    connection.connect();
    this.#refresh();
  }

  /** The page to show now: the URL's, or sign-in while signed out. */
  get #route(): Route | undefined {
    const ctx = this.#ctx;
    if (!ctx) return undefined;
    const { route } = ctx.router.location;
    if (route.signedIn && ctx.session.state === 'signed-out') return SIGN_IN;
    if (route === SIGN_IN && ctx.session.state === 'signed-in') return ROUTES[0];
    return route;
  }

  #refresh(): void {
    const route = this.#route;
    if (route && !this.#loaded.has(route.tag)) {
      this.#loaded.add(route.tag);
      const translator = this.#ctx?.translator;
      const phrases = route.forms && translator ? loadFormPhrases(translator) : undefined;
      const own = translator
        ? route.phrases?.().then(({ default: part }) => translator.addPhrases('en', part))
        : undefined;
      void Promise.all([route.load(), phrases, own]).then(() => {
        this.#ready.add(route.tag);
        this.requestUpdate();
      });
    }
    this.requestUpdate();
    const ctx = this.#ctx;
    // The footer (version, uptime, power menu) in its own chunk, once signed in: the first
    // load stays small.
    if (ctx?.session.state === 'signed-in' && !this.#loaded.has('gk-server-about')) {
      this.#loaded.add('gk-server-about');
      void import('../components/server-about/server-about.js');
    }
    if (ctx && route) {
      const name = route.nav ? ctx.translator.t(route.nav) : ctx.translator.t('web_sign_in_title');
      document.title = `${name} · Glowkit`;
    }
  }

  get #leaveDialog(): HTMLDialogElement | null | undefined {
    return this.renderRoot?.querySelector<HTMLDialogElement>('#leave');
  }

  /** Asks whether to leave the unsaved edits; resolves true to leave (they are forgotten). */
  #askToLeave(): Promise<boolean> {
    const dialog = this.#leaveDialog;
    if (!dialog) return Promise.resolve(true);
    this.#answer?.(false);
    return new Promise((resolve) => {
      this.#answer = (leave) => {
        this.#answer = undefined;
        if (leave) this.#unsaved.clear();
        resolve(leave);
      };
      if (!dialog.open) dialog.showModal();
    });
  }

  /** Closes the question with the user's answer (Escape closes it as Stay). */
  #answerLeave(leave: boolean): void {
    this.#answer?.(leave);
    if (this.#leaveDialog?.open) this.#leaveDialog.close();
  }

  #renderLeaveDialog(ctx: AppContext): TemplateResult {
    const t = (key: string) => ctx.translator.t(key);
    return html`<dialog
      id="leave"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      @close=${() => this.#answer?.(false)}
    >
      <h2 id="leave-title">${t('web_unsaved_title')}</h2>
      <p id="leave-text">${t('web_unsaved_text')}</p>
      <div class="buttons">
        <button type="button" class="primary" autofocus @click=${() => this.#answerLeave(false)}>
          ${t('web_unsaved_stay')}
        </button>
        <button type="button" @click=${() => this.#answerLeave(true)}>
          ${t('web_unsaved_leave')}
        </button>
      </div>
    </dialog>`;
  }

  #renderConnection(ctx: AppContext): TemplateResult {
    const state = ctx.connection.state;
    const text = ctx.translator.t(`web_connection_${state}`);
    return html`<span class="connection" data-state=${state} role="status">
      <span class="dot" aria-hidden="true"></span>${text}</span
    >`;
  }

  #renderNav(ctx: AppContext, current: Route): TemplateResult | typeof nothing {
    if (ctx.session.state !== 'signed-in') return nothing;
    return html`<nav aria-label=${ctx.translator.t('web_nav_label')}>
      <ul>
        ${ROUTES.filter((r) => r.nav).map(
          (r) =>
            html`<li><a href=${`/${r.name}`} aria-current=${r === current ? 'page' : nothing}
              >${ctx.translator.t(r.nav as string)}</a
            ></li>`,
        )}
      </ul>
    </nav>`;
  }

  #renderSettings(ctx: AppContext): TemplateResult {
    const t = (key: string) => ctx.translator.t(key);
    return html`<div class="settings">
      <label>
        <span class="visually-hidden">${t('web_language')}</span>
        <select
          aria-label=${t('web_language')}
          @change=${(e: Event) =>
            void chooseLanguage(ctx.translator, (e.target as HTMLSelectElement).value as Language)}
        >
          ${Object.entries(LANGUAGES).map(
            ([code, name]) =>
              html`<option value=${code} lang=${code} ?selected=${code === ctx.translator.language}>
                ${name}
              </option>`,
          )}
        </select>
      </label>
      <label>
        <span class="visually-hidden">${t('web_theme')}</span>
        <select
          aria-label=${t('web_theme')}
          @change=${(e: Event) => {
            this.#theme = (e.target as HTMLSelectElement).value as Theme;
            applyTheme(this.#theme);
          }}
        >
          ${(['system', 'light', 'dark'] as const).map(
            (theme) =>
              html`<option value=${theme} ?selected=${theme === this.#theme}>
                ${t(`web_theme_${theme}`)}
              </option>`,
          )}
        </select>
      </label>
      ${
        ctx.session.state === 'signed-in'
          ? html`<button type="button" @click=${() => void ctx.session.signOut()}>
              ${t('web_sign_out')}
            </button>`
          : nothing
      }
    </div>`;
  }

  protected override render(): TemplateResult {
    const ctx = this.#ctx;
    const route = this.#route;
    if (!ctx || !route) return html`<p class="starting" role="status">Glowkit…</p>`;
    const waiting = ctx.session.state === 'unknown';
    return html`<header>
        <a class="brand" href="/">Glowkit</a>
        ${this.#renderNav(ctx, route)} ${this.#renderConnection(ctx)} ${this.#renderSettings(ctx)}
      </header>
      ${this.#renderNotice(ctx, route)}
      <main id="main">
        ${
          waiting
            ? html`<p class="waiting" role="status">${ctx.translator.t('web_connection_connecting')}</p>`
            : this.#renderPage(ctx, route)
        }
      </main>
      ${
        ctx.session.state === 'signed-in'
          ? html`<footer><gk-server-about .ctx=${ctx}></gk-server-about></footer>`
          : nothing
      }
      ${this.#renderLeaveDialog(ctx)}`;
  }

  /** Token requests waiting for an admin, on every page but Tokens (which lists them itself). */
  #renderNotice(ctx: AppContext, route: Route): TemplateResult | typeof nothing {
    if (ctx.session.state !== 'signed-in' || route.tag === 'gk-tokens-page') return nothing;
    if (!customElements.get(NOTICE)) return nothing;
    return html`<gk-token-notice .ctx=${ctx}></gk-token-notice>`;
  }

  #renderPage(ctx: AppContext, route: Route): TemplateResult {
    if (!this.#ready.has(route.tag)) {
      return html`<p class="waiting" role="status">${ctx.translator.t('web_loading')}</p>`;
    }
    // The page's element lives while its page is shown: made anew when the page changes.
    if (this.#page?.localName !== route.tag) {
      this.#page = document.createElement(route.tag) as PageElement;
    }
    const element = this.#page;
    element.ctx = ctx;
    element.params = route === ctx.router.location.route ? ctx.router.location.params : [];
    return html`${element}`;
  }
}

defineElement('gk-app', GkApp);

declare global {
  interface HTMLElementTagNameMap {
    'gk-app': GkApp;
  }
}
