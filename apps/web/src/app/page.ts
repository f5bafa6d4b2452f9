import { TranslationController } from '@glowkit/elements/components';
import { LitElement } from 'lit';
import type { AppContext } from './context.js';
import { pageStyles } from './page.styles.js';

/**
 * The base of every page: the app's context (`ctx`), the rest of the URL (`params`), the shared
 * page styles, and `t()` for phrases, re-rendering when the language changes. A page loads what it
 * shows in `connectedCallback`/`willUpdate` through `ctx.connection.call(…)` and shows the
 * server's errors as it phrased them.
 */
export abstract class GkPage extends LitElement {
  static override styles = [pageStyles];

  static override properties = {
    ctx: { attribute: false },
    params: { attribute: false },
  };

  /** The app's context, set by the shell before the page is connected. */
  declare ctx: AppContext;
  /** The URL's path segments after the page's own (`/setup/1` → `['1']`). */
  declare params: string[];

  constructor() {
    super();
    this.params = [];
    new TranslationController(this, () => this.ctx?.translator);
  }

  /** A phrase of the UI in the current language, with `{{name}}` filled in from `vars`. */
  protected t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx.translator.t(key, vars);
  }
}
