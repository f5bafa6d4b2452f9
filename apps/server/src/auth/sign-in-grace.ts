import type { Session } from '../rpc/session.js';

/** How long a WebSocket or TCP session may stay without signing in, by default. */
export const SIGN_IN_GRACE_MS = 30_000;

/**
 * What keeps a session from being closed for not signing in while something it started is
 * pending (a token request waits up to 3 minutes for an admin; Home Assistant's setup does this).
 */
export interface SignInHold {
  /** Something started that the session waits for: it is not closed meanwhile. */
  hold(): void;
  /** It ended: the session has its full time to sign in again, from now. */
  release(): void;
}

/** The grace time in words, for the reason a client reads: "30 s", "1 s", "2 min". */
export const graceText = (ms: number): string =>
  ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} min`
    : `${Math.max(1, Math.round(ms / 1000))} s`;

/**
 * The time a stateful session (WebSocket, TCP) has to sign in: a session that is not signed in
 * (no valid token at the upgrade, no successful `authorize login`, or logged out or revoked since)
 * is closed by `expire` once `graceMs` pass, unless a {@link SignInHold} holds it. Connections
 * that never sign in would otherwise be kept forever, each with its buffers and file descriptor.
 * Anonymous commands (`tokenRequired`…) do not extend the time; signing in stops the clock.
 * The transport calls {@link SignInGrace.check} after each request and push, and
 * {@link SignInGrace.stop} when the connection closes.
 */
export class SignInGrace implements SignInHold {
  readonly #session: Session;
  readonly #graceMs: number;
  readonly #expire: () => void;
  #timer: NodeJS.Timeout | undefined;
  #holds = 0;
  #stopped = false;

  /** `graceMs` 0 never closes a session. */
  constructor(session: Session, graceMs: number, expire: () => void) {
    this.#session = session;
    this.#graceMs = graceMs;
    this.#expire = expire;
    this.check();
  }

  /** Starts the clock when the session is not signed in and no clock runs; stops it when it is. */
  check(): void {
    if (this.#stopped || this.#graceMs <= 0) return;
    if (this.#session.auth?.ok === true) {
      this.#clear();
    } else if (!this.#timer && this.#holds === 0) {
      this.#timer = setTimeout(() => this.#fire(), this.#graceMs);
      // A session's clock never keeps the process alive.
      this.#timer.unref();
    }
  }

  hold(): void {
    this.#holds += 1;
    this.#clear();
  }

  release(): void {
    this.#holds = Math.max(0, this.#holds - 1);
    if (this.#holds === 0) this.check();
  }

  /** The connection closed: nothing more happens. */
  stop(): void {
    this.#stopped = true;
    this.#clear();
  }

  #fire(): void {
    this.#timer = undefined;
    if (this.#stopped || this.#holds > 0 || this.#session.auth?.ok === true) return;
    this.#stopped = true;
    this.#expire();
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
