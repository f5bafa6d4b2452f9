import type { ServerConnection } from './connection.js';

/** Where a restart is: the server answered but still holds the socket; the socket is down; back. */
export type RestartPhase = 'waiting' | 'reconnecting' | 'back';

/**
 * If the server answered but never closes the socket, it restarted without dropping clients (or
 * not at all): the page stops waiting after this long rather than forever.
 */
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * Follows the server's restart after a restore (or a save of global groups) through the
 * connection's own states: it closes the socket (`reconnecting`), and the connection reopens it
 * and logs in again by itself (`open`). Start it before sending the request, so that a restart
 * quicker than the reply's handling is not missed; {@link RestartWatch.replied} then starts the
 * wait for the close, and {@link RestartWatch.back} resolves once the connection is open again.
 */
export class RestartWatch {
  readonly #connection: ServerConnection;
  readonly #onPhase: (phase: RestartPhase) => void;
  readonly #listener = () => this.#update();
  #phase: RestartPhase = 'waiting';
  #closed = false;
  #timer: number | undefined;
  #resolve: () => void = () => {};
  /** Resolves when the server is back (or when it never dropped the socket: see replied). */
  readonly back: Promise<void>;

  /**
   * @param connection - the app's connection.
   * @param onPhase - told each phase as it comes (`reconnecting`, then `back`).
   */
  constructor(connection: ServerConnection, onPhase: (phase: RestartPhase) => void) {
    this.#connection = connection;
    this.#onPhase = onPhase;
    this.back = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    // Only changes count: a connection that is down when the watch starts has not restarted.
    connection.addEventListener('state', this.#listener);
  }

  /** The current phase. */
  get phase(): RestartPhase {
    return this.#phase;
  }

  /** The server accepted the restore: from now on, a socket that never closes ends the wait. */
  replied(): void {
    if (this.#phase !== 'waiting') return;
    this.#timer = window.setTimeout(() => this.#finish(), CLOSE_TIMEOUT_MS);
  }

  /** Stops watching (the request failed, or the page went away). */
  cancel(): void {
    window.clearTimeout(this.#timer);
    this.#connection.removeEventListener('state', this.#listener);
  }

  #update(): void {
    const state = this.#connection.state;
    if (state !== 'open') {
      this.#closed = true;
      if (this.#phase === 'waiting') {
        window.clearTimeout(this.#timer);
        this.#phase = 'reconnecting';
        this.#onPhase(this.#phase);
      }
    } else if (this.#closed) {
      this.#finish();
    }
  }

  #finish(): void {
    this.cancel();
    if (this.#phase === 'back') return;
    this.#phase = 'back';
    this.#onPhase(this.#phase);
    this.#resolve();
  }
}
