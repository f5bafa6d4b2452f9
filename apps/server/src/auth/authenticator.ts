import type { Logger } from '../logger.js';
import type { TokenInfo, TokenStore } from '../store/config-store.js';
import { credentialsOf } from './credentials.js';
import type { FailureThrottle } from './throttle.js';

/** Why a request is not authorized, as people are told. */
export type AuthFailure = 'missing' | 'scheme' | 'invalid' | 'revoked' | 'blocked' | 'password';

/** The outcome of checking a token. */
export type AuthResult =
  | { ok: true; token: TokenInfo }
  | { ok: false; reason: AuthFailure; delayMs: number; retryAfterMs?: number };

/** One line for each failure; never the token itself. */
export const failureText: Readonly<Record<AuthFailure, string>> = {
  missing:
    'no token: send the header "Authorization: Bearer <token>" (create one with `glowkit token create`)',
  scheme: 'the Authorization header must be "Bearer <token>" (or "token <token>")',
  invalid: 'the token is not valid: check it, or create a new one with `glowkit token create`',
  revoked: 'the token of this session was revoked: log in again with a valid token',
  blocked: 'too many failed attempts from your address: wait, then try again with a valid token',
  password:
    'the password is wrong: check it and try again (forgotten? `glowkit password reset` on the server lets you create a new one)',
};

/** The outcome of checking a password: right, or refused like a token. */
export type PasswordResult =
  | { ok: true }
  | { ok: false; reason: 'password' | 'blocked'; delayMs: number; retryAfterMs?: number };

/** How a refused authorization is answered: HTTP status, headers and the reply's detail. */
export interface AuthRefusal {
  /** 429 when the address is blocked, else 401. */
  status: 401 | 429;
  /** `Retry-After` (whole seconds) when blocked, else the `WWW-Authenticate` challenge. */
  headers: Record<string, string>;
  /** The line for the reply's `errorData` ({@link failureText}). */
  detail: string;
}

/**
 * The answer to an authorization failure, the same over HTTP and on a WebSocket upgrade. A
 * missing token gets the bare challenge; any other token an `invalid_token` error.
 */
export function refusalOf(reason: AuthFailure, retryAfterMs = 1000): AuthRefusal {
  if (reason === 'blocked') {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return {
      status: 429,
      headers: { 'Retry-After': String(seconds) },
      detail: failureText[reason],
    };
  }
  const challenge =
    reason === 'missing'
      ? 'Bearer realm="glowkit"'
      : 'Bearer realm="glowkit", error="invalid_token"';
  return { status: 401, headers: { 'WWW-Authenticate': challenge }, detail: failureText[reason] };
}

/**
 * Checks presented tokens against the store's hashed tokens, counting failures per client
 * address in the throttle. The token is checked first: a valid token is never refused because
 * of failures from its address (a NAT, a reverse proxy or the UI on the same host puts many
 * clients behind one address), while an invalid one from a blocked address is refused as
 * blocked. A success does not clear the address's failures either: they are others' as much as
 * this client's, and clearing them would let a guesser reset its count by signing in between
 * guesses; they expire with the throttle's window.
 */
export class Authenticator {
  readonly #tokens: TokenStore;
  readonly #throttle: FailureThrottle;
  readonly #logger: Logger;

  constructor(tokens: TokenStore, throttle: FailureThrottle, logger: Logger) {
    this.#tokens = tokens;
    this.#throttle = throttle;
    this.#logger = logger;
  }

  /** Checks an `Authorization` header value from an address. */
  fromHeader(header: string | undefined, address: string): AuthResult {
    const credentials = credentialsOf(header);
    if (credentials.kind === 'missing') return { ok: false, reason: 'missing', delayMs: 0 };
    if (credentials.kind === 'unsupported') return this.#failed(address, 'scheme');
    return this.verify(credentials.token, address);
  }

  /** Checks a token from an address. */
  verify(token: string, address: string): AuthResult {
    const info = this.#tokens.verify(token);
    if (info) return { ok: true, token: info };
    return this.#failed(address, 'invalid');
  }

  /**
   * Runs a password check for an address under the same throttle as tokens. Unlike a token (256
   * random bits, which nobody guesses), a password can be guessed: a blocked address is refused
   * before its password is hashed, right or wrong, until its failures expire.
   */
  async password(check: () => Promise<boolean>, address: string): Promise<PasswordResult> {
    const before = this.#throttle.check(address);
    if (before.blocked) {
      return { ok: false, reason: 'blocked', delayMs: 0, retryAfterMs: before.retryAfterMs };
    }
    if (await check()) return { ok: true };
    const failed = this.#failed(address, 'password');
    if (failed.ok) return { ok: true };
    return failed.reason === 'blocked'
      ? { ok: false, reason: 'blocked', delayMs: 0, retryAfterMs: failed.retryAfterMs ?? 1000 }
      : { ok: false, reason: 'password', delayMs: failed.delayMs };
  }

  /** Whether a token that authorized a session earlier still exists. */
  stillValid(id: string): boolean {
    return this.#tokens.has(id);
  }

  #failed(address: string, reason: AuthFailure): AuthResult {
    const before = this.#throttle.check(address);
    if (before.blocked) {
      // Not counted: the address is refused until its failures expire, and its list stays bounded.
      return { ok: false, reason: 'blocked', delayMs: 0, retryAfterMs: before.retryAfterMs };
    }
    this.#throttle.fail(address);
    const verdict = this.#throttle.check(address);
    const delayMs = verdict.blocked ? 0 : verdict.delayMs;
    this.#logger.warn({ address, reason, delayMs }, 'authorization failed');
    if (verdict.blocked) {
      return { ok: false, reason: 'blocked', delayMs: 0, retryAfterMs: verdict.retryAfterMs };
    }
    return { ok: false, reason, delayMs };
  }
}
