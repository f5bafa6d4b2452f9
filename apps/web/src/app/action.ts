import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * An async action of an element (save, run, revoke…), declared once with what it does: whether it
 * runs now (`pending`, to disable its button) and how its last run failed (`error`, for
 * `renderError`). The host re-renders when either changes. A run clears the last error.
 *
 * @example
 * ```ts
 * readonly #save = new Action(this, (name: string) => createEffect(this.ctx.connection, name, …));
 * // <button ?disabled=${this.#save.pending} @click=${() => this.#save.run(name)}>
 * // ${renderError(this.#save.error)}
 * ```
 */
export class Action<A extends unknown[] = []> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #work: (...args: A) => Promise<unknown>;
  /** Whether a run is under way. */
  pending = false;
  /** Why the last run failed; undefined when it did not (or since {@link Action.clear}). */
  error: unknown = undefined;

  constructor(host: ReactiveControllerHost, work: (...args: A) => Promise<unknown>) {
    this.#host = host;
    this.#work = work;
    host.addController(this);
  }

  /** Runs the action; resolves true when it succeeded, false when it failed (see `error`). */
  async run(...args: A): Promise<boolean> {
    this.pending = true;
    this.error = undefined;
    this.#host.requestUpdate();
    try {
      await this.#work(...args);
      return true;
    } catch (error) {
      this.error = error;
      return false;
    } finally {
      this.pending = false;
      this.#host.requestUpdate();
    }
  }

  /** Shows `error` as this action's failure without running it (a check before sending). */
  fail(error: unknown): void {
    this.error = error;
    this.#host.requestUpdate();
  }

  /** Forgets the last failure (another item was chosen, say). */
  clear(): void {
    if (this.error === undefined) return;
    this.error = undefined;
    this.#host.requestUpdate();
  }

  hostConnected(): void {}
}
