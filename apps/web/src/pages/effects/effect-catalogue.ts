import { defineElement, TranslationController } from '@glowkit/elements/components';
import type { Resolver } from '@glowkit/i18n';
import type { EffectFileProblem, EffectInfo } from '@glowkit/protocol';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { pageStyles } from '../../app/page.styles.js';
import { effectPath, searchEffects } from './catalogue.js';
import { catalogueStyles } from './effect-catalogue.styles.js';

/**
 * The effect list of the effects page: a search box that filters as you type, the user's own
 * effects and the bundled ones apart, each a link to `/effects/<name>`, and the effect files
 * the server left out, each with its diagnostics as the server phrased them.
 *
 * @tag gk-effect-catalogue
 */
export class GkEffectCatalogue extends LitElement {
  static override styles = [pageStyles, catalogueStyles];

  /** `serverinfo.effects`. */
  @property({ attribute: false }) effects: readonly EffectInfo[] = [];
  /** `serverinfo.effectProblems`. */
  @property({ attribute: false }) problems: readonly EffectFileProblem[] = [];
  /** The name of the effect shown beside the list, if any. */
  @property({ attribute: false }) selected: string | undefined = undefined;
  /** The UI's translator. */
  @property({ attribute: false }) translator!: Resolver;
  @state() private _query: string = '';

  constructor() {
    super();
    new TranslationController(this, () => this.translator);
  }

  /** Whether the chosen effect was scrolled into the list's view (once: the page was opened on it). */
  #scrolled = false;

  protected override updated(): void {
    if (this.#scrolled || this.selected === undefined) return;
    const link = this.renderRoot.querySelector('a[aria-current="page"]');
    if (!link) return;
    // Opened on an effect far down the list: show it there. Later choices were clicked, so seen.
    link.scrollIntoView({ block: 'nearest' });
    this.#scrolled = true;
  }

  #t(key: string, vars?: Record<string, unknown>): string {
    return this.translator.t(key, vars);
  }

  #renderList(
    id: string,
    heading: string,
    effects: readonly EffectInfo[],
    empty: string,
  ): TemplateResult {
    return html`<section aria-labelledby=${id}>
      <h2 id=${id}>${heading}</h2>
      ${
        effects.length === 0
          ? html`<p class="muted empty">${empty}</p>`
          : html`<ul class="effects">
              ${effects.map(
                (effect) =>
                  html`<li>
                    <a
                      href=${effectPath(effect.name)}
                      aria-current=${effect.name === this.selected ? 'page' : nothing}
                      >${effect.name}</a
                    >
                  </li>`,
              )}
            </ul>`
      }
    </section>`;
  }

  #renderProblems(): TemplateResult | typeof nothing {
    if (this.problems.length === 0) return nothing;
    return html`<section class="problems" aria-labelledby="problems-heading">
      <h2 id="problems-heading">
        ${this.#t('web_effects_problems_heading', { n: this.problems.length })}
      </h2>
      <p class="muted">${this.#t('web_effects_problems_hint')}</p>
      <ul class="problem-list">
        ${this.problems.map(
          (problem) =>
            html`<li>
              <p class="file"><code>${problem.file}</code></p>
              <ul class="messages">
                ${problem.messages.map((message) => html`<li><code>${message}</code></li>`)}
              </ul>
            </li>`,
        )}
      </ul>
    </section>`;
  }

  protected override render(): TemplateResult {
    const query = this._query.trim();
    const { custom, bundled } = searchEffects(this.effects, query);
    const shown = custom.length + bundled.length;
    return html`<search>
        <label for="search">${this.#t('web_effects_search')}</label>
        <input
          id="search"
          type="search"
          autocomplete="off"
          spellcheck="false"
          .value=${this._query}
          @input=${(event: Event) => {
            this._query = (event.target as HTMLInputElement).value;
          }}
        />
      </search>
      <p class="muted count" role="status">
        ${
          query && shown === 0
            ? this.#t('web_effects_no_match', { query })
            : this.#t('web_effects_shown', { shown, total: this.effects.length })
        }
      </p>
      <div class="lists">
        ${this.#renderList(
          'custom-heading',
          this.#t('web_effects_custom_heading'),
          custom,
          this.#t(query ? 'web_effects_none_match' : 'web_effects_no_custom'),
        )}
        ${this.#renderList(
          'bundled-heading',
          this.#t('web_effects_bundled_heading'),
          bundled,
          this.#t('web_effects_none_match'),
        )}
      </div>
      ${this.#renderProblems()}`;
  }
}

defineElement('gk-effect-catalogue', GkEffectCatalogue);

declare global {
  interface HTMLElementTagNameMap {
    'gk-effect-catalogue': GkEffectCatalogue;
  }
}
