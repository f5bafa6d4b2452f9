import { defineElement } from '@glowkit/elements/components';
import type { LogLevelString } from '@glowkit/protocol';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import { startLogging, startLoggingNow, stopLogging } from '../../data/calls.js';
import {
  clockTime,
  filterLines,
  isoTime,
  LEVELS,
  linesText,
  logFileName,
  MAX_PAGE_LINES,
  PageLines,
  sourceOf,
} from './log-lines.js';
import { logStyles } from './log-page.styles.js';
import './server-level.js';

/**
 * The Log page (`/log`): the server's log lines, live (`logging start`: the lines the server
 * kept, then each new one), with a level filter, a search, Pause (new lines are held, not
 * lost), Copy and Download of the lines shown. The page keeps the last {@link MAX_PAGE_LINES}.
 * The stream runs while the page is shown, and starts again after a reconnect. Below the lines,
 * the server's own level (`<gk-server-level>`, the `logger` group's form).
 */
export class GkLogPage extends GkPage {
  static override styles = [...GkPage.styles, logStyles];

  /** The least severe level shown. */
  @state() private _level: LogLevelString = 'DEBUG';
  @state() private _search = '';
  /** What the last Copy or Download did, or why the stream did not start. */
  @state() private _status = '';
  @state() private _error: unknown;

  readonly #lines = new PageLines();
  #off: Array<() => void> = [];
  /** Whether the list is to be scrolled to its end after the next render. */
  #follow = true;

  override connectedCallback(): void {
    super.connectedCallback();
    const { connection } = this.ctx;
    this.#off.push(
      connection.onPush('logmsg-update', (push) => {
        this.#follow ||= this.#isAtEnd();
        this.#lines.add(push.data.messages);
        this.requestUpdate();
      }),
      // A reconnect ends the stream on the server: start it again, from the kept lines.
      connection.onOpen(async () => {
        this.#lines.clear();
        await startLoggingNow(connection).catch((error: unknown) => {
          this._error = error;
        });
      }),
    );
    this.#lines.clear();
    startLogging(connection).catch((error: unknown) => {
      this._error = error;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const off of this.#off.splice(0)) off();
    // The page is gone: so is the stream (a connection already closed has none to stop).
    stopLogging(this.ctx.connection).catch(() => {});
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // New lines at the end of a list scrolled to its end: it follows them.
    if (this.#follow) {
      this.#follow = false;
      const list = this.#list;
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  get #list(): HTMLElement | null {
    return this.renderRoot.querySelector('.lines');
  }

  #isAtEnd(): boolean {
    const list = this.#list;
    return !list || list.scrollHeight - list.scrollTop - list.clientHeight < 8;
  }

  get #shown() {
    return filterLines(this.#lines.lines, this._level, this._search);
  }

  #togglePause(): void {
    this.#lines.setPaused(!this.#lines.paused);
    this.#follow = true;
    this.requestUpdate();
  }

  async #copy(): Promise<void> {
    const shown = this.#shown;
    const text = linesText(shown);
    try {
      // The clipboard API needs a secure context (HTTPS or localhost); over plain HTTP on the
      // LAN, a selected text area and the copy command still work.
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
      } else {
        const area = document.createElement('textarea');
        area.value = text;
        area.setAttribute('readonly', '');
        area.style.position = 'fixed';
        area.style.opacity = '0';
        document.body.append(area);
        area.select();
        const copied = document.execCommand('copy');
        area.remove();
        if (!copied) throw new Error('copy refused');
      }
      this._status = this.t('web_log_copied', { count: shown.length });
    } catch {
      this._status = this.t('web_log_copy_failed');
    }
  }

  #download(): void {
    const shown = this.#shown;
    const url = URL.createObjectURL(new Blob([linesText(shown)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = logFileName(new Date());
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this._status = this.t('web_log_downloaded', { count: shown.length, file: link.download });
  }

  #renderTools(count: number): TemplateResult {
    const paused = this.#lines.paused;
    return html`<div class="tools">
      <div class="field">
        <label for="level">${this.t('web_log_level')}</label>
        <select
          id="level"
          @change=${(e: Event) => {
            this._level = (e.target as HTMLSelectElement).value as LogLevelString;
          }}
        >
          ${LEVELS.map(
            (level) =>
              html`<option value=${level} ?selected=${level === this._level}>
                ${this.t(`web_log_from_${level.toLowerCase()}`)}
              </option>`,
          )}
        </select>
      </div>
      <div class="field search">
        <label for="search">${this.t('web_log_search')}</label>
        <input
          id="search"
          type="search"
          .value=${this._search}
          @input=${(e: Event) => {
            this._search = (e.target as HTMLInputElement).value;
          }}
        />
      </div>
      <div class="actions">
        <button type="button" aria-pressed=${paused ? 'true' : 'false'} @click=${this.#togglePause}>
          ${this.t(paused ? 'web_log_resume' : 'web_log_pause')}
        </button>
        <button type="button" ?disabled=${count === 0} @click=${this.#copy}>
          ${this.t('web_log_copy')}
        </button>
        <button type="button" ?disabled=${count === 0} @click=${this.#download}>
          ${this.t('web_log_download')}
        </button>
      </div>
    </div>`;
  }

  protected override render(): TemplateResult {
    const shown = this.#shown;
    const held = this.#lines.held;
    return html`<h1>${this.t('web_log_title')}</h1>
      <p class="muted intro">${this.t('web_log_intro', { max: MAX_PAGE_LINES })}</p>
      ${renderError(this._error)}
      <div class="card">
        ${this.#renderTools(shown.length)}
        <p class="status" role="status" data-testid="log-status">${this._status}</p>
        <p class="muted counts" data-testid="log-counts">
          ${this.t('web_log_counts', { shown: shown.length, total: this.#lines.lines.length })}
          ${this.#lines.paused ? html` · <strong>${this.t('web_log_held', { count: held })}</strong>` : nothing}
        </p>
        <div class="lines" tabindex="0" role="region" aria-label=${this.t('web_log_lines')}>
          ${
            shown.length === 0
              ? html`<p class="muted empty">${this.t('web_log_none')}</p>`
              : html`<ol>
                  ${shown.map(({ message }) => {
                    const level = message.levelString;
                    return html`<li data-level=${level}>
                      <time datetime=${isoTime(message)}>${clockTime(message)}</time>
                      <span class="level">${this.t(`web_log_level_${level.toLowerCase()}`)}</span>
                      <span class="source">${sourceOf(message)}</span>
                      <span class="message">${message.message}</span>
                    </li>`;
                  })}
                </ol>`
          }
        </div>
      </div>
      <gk-server-level .ctx=${this.ctx}></gk-server-level>`;
  }
}

defineElement('gk-log-page', GkLogPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-log-page': GkLogPage;
  }
}
