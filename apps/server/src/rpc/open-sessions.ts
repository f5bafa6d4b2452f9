import type { PushHub } from './pushes.js';
import type { Push, Session, SessionState } from './session.js';

/**
 * Glowkit's push of what happened to a session's authorization, `data.event` saying what: a
 * session signed out by the revocation of its token receives
 * `{"command":"authorize-event","data":{"event":"revoked","id":"…"}}` (`id`: the revoked
 * token's), so that a browser shows its sign-in page at once; admin sessions hear
 * `{"event":"tokenRequestsDenied","ids":[…]}` when an admin denied every pending token request,
 * and `{"event":"tokenRequestEnded","id":"…"}` when one request is no longer pending (protocol's
 * `AuthorizeEvent`). Hyperion.ng has no such message; its UI learns of a revoked token only from its next refused
 * request.
 */
export const AUTHORIZE_EVENT = 'authorize-event';

/**
 * The open stateful sessions (WebSocket and TCP) that have sent a request, so that revoking a
 * token can sign out at once every session logged in with it. The dispatcher adds each session
 * on its requests; the transports' close removes it (through the push hub).
 */
export class OpenSessions {
  readonly #sessions = new Map<SessionState, Session>();

  /** Remembers a stateful session (again: a no-op). */
  track(session: Session): void {
    if (session.state && !this.#sessions.has(session.state)) {
      this.#sessions.set(session.state, session);
    }
  }

  /** Forgets a session that closed. */
  forget(state: SessionState): void {
    this.#sessions.delete(state);
  }

  /**
   * Signs out every open session logged in with token `id`: each loses its authorization (its
   * next command needing a token is refused with 401, "the token of this session was revoked"),
   * its subscriptions and its streams ({@link PushHub.signedOut}), and receives the {@link AUTHORIZE_EVENT} push. The
   * connection stays open, so the client can log in again with another token. Returns how
   * many sessions were signed out.
   */
  signOut(id: string, pushes: PushHub): number {
    let count = 0;
    const push: Push = { command: AUTHORIZE_EVENT, data: { event: 'revoked', id } };
    for (const [state, session] of this.#sessions) {
      if (session.auth?.ok !== true || session.auth.token.id !== id) continue;
      session.auth = { ok: false, reason: 'revoked', delayMs: 0 };
      pushes.signedOut(state);
      state.push(push);
      count++;
    }
    return count;
  }
}
