/**
 * Token requests (Hyperion.ng's `authorize requestToken`): a client without a token asks for
 * one, every admin session is told, and an admin grants or denies it. Home Assistant sets itself
 * up this way. Requests live in memory only, each with a timer that ends it; they go away when
 * answered, when they time out, and when the requester's connection closes.
 */
import {
  type AuthorizeEvent,
  type DeniedTokenRequest,
  errorReply,
  type PendingTokenRequest,
  successReply,
  type TokenRequestPush,
} from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import { AUTHORIZE_EVENT } from '../rpc/open-sessions.js';
import type { Session, SessionState } from '../rpc/session.js';
import type { TokenStore } from '../store/config-store.js';

/** How long a request waits for an admin, as in Hyperion.ng: 3 minutes. */
export const TOKEN_REQUEST_TIMEOUT_MS = 180_000;
/**
 * Pending requests one address may have at once: a client cannot flood the admins, and it takes
 * 16 addresses to fill {@link MAX_PENDING_REQUESTS} (a real client asks once or twice).
 */
export const MAX_REQUESTS_PER_ADDRESS = 4;
/** Pending requests at once, from everyone. */
export const MAX_PENDING_REQUESTS = 64;

/** The reply name of the late answer a requester receives. */
const ANSWER = 'authorize-requestToken';
/** What Hyperion.ng's clients (hyperion-py) read when no token comes. */
export const DENIED = 'Token request timeout or denied';

export type { DeniedTokenRequest, PendingTokenRequest };

/** What {@link TokenRequests} needs. */
export interface TokenRequestsOptions {
  /** Where granted tokens are created. */
  tokens: TokenStore;
  /** Whether a session may answer requests: a stateful session logged in with an admin token. */
  isAdmin(session: Session): boolean;
  logger: Logger;
  /** Default {@link TOKEN_REQUEST_TIMEOUT_MS}; tests shorten it. */
  timeoutMs?: number;
  /** Default {@link MAX_REQUESTS_PER_ADDRESS}. */
  maxPerAddress?: number;
  /** Default {@link MAX_PENDING_REQUESTS}. */
  maxPending?: number;
}

interface Pending {
  id: string;
  comment: string;
  tan: number;
  requester: SessionState;
  address: string;
  expiresAt: number;
  timer: NodeJS.Timeout;
}

/** Why a request was not taken, one line for the requester. */
/** Why a token request was refused: one line, and its code for a UI (see protocol's `errorReply`). */
export type RequestRefusal = { ok: false; detail: string; code: string };

/**
 * The pending token requests of a server, and the stateful sessions that may hear of them. A
 * session is known once it has sent a request (the dispatcher calls {@link TokenRequests.track})
 * and forgotten when it closes ({@link TokenRequests.sessionClosed}).
 */
export class TokenRequests {
  readonly #options: TokenRequestsOptions;
  readonly #timeoutMs: number;
  /** By request id. */
  readonly #pending = new Map<string, Pending>();
  /** Every open stateful session seen, by its state (the key the transports close with). */
  readonly #sessions = new Map<SessionState, Session>();

  constructor(options: TokenRequestsOptions) {
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? TOKEN_REQUEST_TIMEOUT_MS;
  }

  /** How long a request waits, in milliseconds. */
  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  /** Remembers a stateful session, so that it hears of new requests while it is an admin. */
  track(session: Session): void {
    if (session.state && !this.#sessions.has(session.state)) {
      this.#sessions.set(session.state, session);
    }
  }

  /** A session closed: forget it, and drop the requests it made (nobody could get the token). */
  sessionClosed(state: SessionState): void {
    this.#sessions.delete(state);
    for (const request of [...this.#pending.values()]) {
      if (request.requester !== state) continue;
      this.#end(request);
      this.#options.logger.info(
        { id: request.id, address: request.address },
        'token request dropped: the requester disconnected',
      );
    }
  }

  /**
   * Takes a request from a stateful session and tells every admin session; the requester is
   * answered later through its `push`. Refused (with one line saying why) when the id is
   * pending already or too many requests are pending.
   */
  request(
    session: Session,
    request: { comment: string; id: string; tan: number },
  ): { ok: true } | RequestRefusal {
    const state = session.state;
    if (!state) {
      return {
        ok: false,
        detail: 'a token request is answered later: send it over a WebSocket or TCP session',
        code: 'http-unsupported',
      };
    }
    if (this.#pending.has(request.id)) {
      return {
        ok: false,
        detail: `/id: a token request with id "${request.id}" is pending already: choose another id`,
        code: 'token-request-id-taken',
      };
    }
    const fromAddress = [...this.#pending.values()].filter((r) => r.address === session.address);
    const maxPerAddress = this.#options.maxPerAddress ?? MAX_REQUESTS_PER_ADDRESS;
    if (fromAddress.length >= maxPerAddress) {
      return {
        ok: false,
        detail: `your address has ${fromAddress.length} token requests pending already (at most ${maxPerAddress}): wait for an admin to answer them`,
        code: 'token-requests-full',
      };
    }
    const maxPending = this.#options.maxPending ?? MAX_PENDING_REQUESTS;
    if (this.#pending.size >= maxPending) {
      return {
        ok: false,
        detail: `${this.#pending.size} token requests are pending already (at most ${maxPending}): try again later`,
        code: 'token-requests-full',
      };
    }
    this.track(session);
    const pending: Pending = {
      ...request,
      requester: state,
      address: session.address,
      expiresAt: Date.now() + this.#timeoutMs,
      timer: setTimeout(() => this.#expire(request.id), this.#timeoutMs),
    };
    // A pending request must never keep the process alive.
    pending.timer.unref();
    this.#pending.set(request.id, pending);
    // The requester waits for an admin: it is not closed for not signing in meanwhile.
    state.signIn?.hold();
    this.#options.logger.info(
      { id: request.id, comment: request.comment, address: session.address },
      'token requested: waiting for an admin to answer',
    );
    const push: TokenRequestPush = {
      command: 'authorize-tokenRequest',
      info: { comment: request.comment, id: request.id, timeout: this.#timeoutMs },
    };
    for (const admin of this.#admins()) admin.push(push);
    return { ok: true };
  }

  /**
   * Cancels a request of this session (`requestToken` with `accept: false`); its requester is
   * answered with the denial. Returns false when the session has no pending request `id`.
   */
  cancel(session: Session, id: string): boolean {
    const request = this.#pending.get(id);
    if (!request || request.requester !== session.state) return false;
    this.#deny(request, 'the request was cancelled by its requester', 'token-request-cancelled');
    return true;
  }

  /**
   * An admin's answer: `accept` creates a token (not an admin token) and sends it to the
   * requester, once; otherwise the requester is told it was denied. Returns false when no
   * request `id` is pending.
   */
  answer(id: string, accept: boolean, by: string): boolean {
    const request = this.#pending.get(id);
    if (!request) return false;
    if (!accept) {
      this.#deny(request, 'an admin denied the request', 'token-request-denied');
      this.#options.logger.info({ id, by }, 'token request denied');
      return true;
    }
    this.#end(request);
    let created: ReturnType<TokenStore['create']>;
    try {
      created = this.#options.tokens.create(request.comment, false);
    } catch (error) {
      // The requester must not wait for a token that will never come; the admin sees the error.
      request.requester.push(
        errorReply(ANSWER, request.tan, DENIED, ['the server could not create the token'], {
          code: 'token-request-failed',
        }),
      );
      throw error;
    }
    const { info, token } = created;
    this.#options.logger.info(
      { id, token: info.id, comment: info.comment, by, address: request.address },
      'token request granted',
    );
    request.requester.push(
      successReply(ANSWER, request.tan, { comment: info.comment, id: request.id, token }),
    );
    return true;
  }

  /**
   * Denies every pending request at once (a flood of fake prompts is dismissed in one go): each
   * requester is answered with the denial, and every admin session hears which were denied
   * (`authorize-event` `tokenRequestsDenied`), so that the lists they show empty. Returns the
   * denied requests, oldest first.
   */
  denyAll(by: string): DeniedTokenRequest[] {
    const denied = [...this.#pending.values()];
    // One event for them all, rather than one per request.
    for (const request of denied) {
      this.#deny(
        request,
        'an admin denied every pending request',
        'token-request-denied-all',
        false,
      );
    }
    if (denied.length === 0) return [];
    const ids = denied.map((r) => r.id);
    this.#options.logger.info({ ids, by }, 'every pending token request denied');
    this.#toAdmins({ event: 'tokenRequestsDenied', ids });
    return denied.map(({ id, comment }) => ({ id, comment }));
  }

  /** The pending requests, oldest first. */
  pending(): PendingTokenRequest[] {
    const now = Date.now();
    return [...this.#pending.values()].map((r) => ({
      comment: r.comment,
      id: r.id,
      timeout: Math.max(0, r.expiresAt - now),
      tan: r.tan,
    }));
  }

  /** Ends every request (their timers are released) and forgets every session. */
  close(): void {
    for (const request of [...this.#pending.values()]) this.#end(request, false);
    this.#sessions.clear();
  }

  *#admins(): Generator<SessionState> {
    for (const [state, session] of this.#sessions) {
      if (this.#options.isAdmin(session)) yield state;
    }
  }

  #toAdmins(event: AuthorizeEvent): void {
    const push = { command: AUTHORIZE_EVENT, data: event };
    for (const admin of this.#admins()) admin.push(push);
  }

  #expire(id: string): void {
    const request = this.#pending.get(id);
    if (!request) return;
    const seconds = Math.round(this.#timeoutMs / 1000);
    this.#deny(request, `no admin answered within ${seconds} s`, 'token-request-timeout', true, {
      seconds,
    });
    this.#options.logger.info({ id, address: request.address }, 'token request timed out');
  }

  /** Ends a request with the denial its requester is told: `why` in words, `code` for a UI. */
  #deny(
    request: Pending,
    why: string,
    code: string,
    announce = true,
    params?: Readonly<Record<string, number>>,
  ): void {
    this.#end(request, announce);
    request.requester.push(errorReply(ANSWER, request.tan, DENIED, [why], { code, params }));
  }

  /**
   * Ends a request; with `announce`, admin sessions hear that it is no longer pending
   * (`tokenRequestEnded`), so that the lists they show drop it without asking again.
   */
  #end(request: Pending, announce = true): void {
    clearTimeout(request.timer);
    this.#pending.delete(request.id);
    request.requester.signIn?.release();
    if (announce) this.#toAdmins({ event: 'tokenRequestEnded', id: request.id });
  }
}
