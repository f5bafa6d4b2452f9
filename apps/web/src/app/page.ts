import { TranslationController } from '@glowkit/elements/components';
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { WatchController } from '../data/watch.js';
import type { AppContext } from './context.js';
import { pageStyles } from './page.styles.js';

/**
 * The base of every page: the app's context (`ctx`), the rest of the URL (`params`), the shared
 * page styles, and `t()` for phrases, re-rendering when the language changes and when the store
 * (`ctx.store`, what the server's state is) changes. A page reads the server's state from the
 * store, sends requests through the calls of `data/calls.ts`, runs them with an `Action`, and
 * shows what the server refused with `renderError`.
 */
export abstract class GkPage extends LitElement {
  static override styles = [pageStyles];

  /** The app's context, set by the shell before the page is connected. */
  @property({ attribute: false }) ctx!: AppContext;
  /** The URL's path segments after the page's own (`/setup/1` → `['1']`). */
  @property({ attribute: false }) params: string[] = [];

  constructor() {
    super();
    new TranslationController(this, () => this.ctx?.translator);
    new WatchController(this, () => this.ctx?.store);
  }

  /** A phrase of the UI in the current language, with `{{name}}` filled in from `vars`. */
  protected t(key: string, vars?: Record<string, unknown>): string {
    return this.ctx.translator.t(key, vars);
  }
}
