import type { PropertyValues } from 'lit';
import type { Translator } from './translate.js';
import { View, viewProperties } from './view.js';

/**
 * A view with a translator: it renders again when the translator's language changes, while its
 * host is in a document.
 */
export abstract class TranslatedView extends View {
  /** Translates titles, units, labels and messages; without one, names and English are shown. */
  declare translator: Translator | undefined;

  #stopListening: (() => void) | undefined;

  override connected(): void {
    super.connected();
    this.#listen();
  }

  override disconnected(): void {
    super.disconnected();
    this.#stopListening?.();
    this.#stopListening = undefined;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('translator') && this.isConnected) this.#listen();
  }

  #listen(): void {
    this.#stopListening?.();
    this.#stopListening = this.translator?.onLanguageChange(() => this.requestUpdate());
  }
}

viewProperties(TranslatedView, { translator: undefined });
