import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Translator } from './translate.js';

/**
 * Re-renders its host when the host's translator changes language, while the host is connected.
 * The host says where its translator is (`translatorOf`); the controller notices a new translator
 * at the host's next update and subscribes to it instead.
 */
export class TranslationController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #translatorOf: () => Translator | undefined;
  #subscribed: Translator | undefined;
  #unsubscribe: (() => void) | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost, translatorOf: () => Translator | undefined) {
    this.#host = host;
    this.#translatorOf = translatorOf;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#follow();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#subscribed = undefined;
  }

  hostUpdate(): void {
    if (this.#translatorOf() !== this.#subscribed) this.#follow();
  }

  #follow(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#subscribed = this.#connected ? this.#translatorOf() : undefined;
    this.#unsubscribe = this.#subscribed?.onLanguageChange(() => this.#host.requestUpdate());
  }
}
