import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Re-renders its host on every `change` event of a target (the store, an effect runner) while
 * the host is connected; the target is asked for when the host connects.
 */
export class WatchController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #target: () => EventTarget | undefined;
  #watched: EventTarget | undefined;
  readonly #update = (): void => this.#host.requestUpdate();

  constructor(host: ReactiveControllerHost, target: () => EventTarget | undefined) {
    this.#host = host;
    this.#target = target;
    host.addController(this);
  }

  hostConnected(): void {
    this.#watched = this.#target();
    this.#watched?.addEventListener('change', this.#update);
  }

  hostDisconnected(): void {
    this.#watched?.removeEventListener('change', this.#update);
    this.#watched = undefined;
  }
}
