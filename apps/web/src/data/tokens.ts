/**
 * The tokens and the token requests waiting for an admin, for the page that manages them: read
 * while someone follows them (they need an admin token), then kept current by the server's
 * pushes alone: `token-update` (the list), `authorize-tokenRequest` (a new request) and
 * `authorize-event` (requests denied all at once, or one no longer pending).
 */
import type { TokenInfo, TokenRequestInfo } from '@glowkit/protocol';
import { type ServerConnection, ServerError } from '../api/connection.js';
import {
  answerTokenRequest,
  denyTokenRequests,
  fetchTokenRequests,
  fetchTokens,
  subscribeTo,
} from './calls.js';

/** A token request waiting for an admin. */
export interface TokenRequest {
  /** The name the requester gave itself. */
  comment: string;
  /** The requester's 5-character id. */
  id: string;
  /** When it times out, on this browser's clock (`Date.now()`). */
  expiresAt: number;
}

/** Requests as the server lists them (`timeout`: milliseconds left), with their expiry at `now`. */
export function requestsOf(list: readonly TokenRequestInfo[], now: number): TokenRequest[] {
  return list.map((r) => ({ comment: r.comment, id: r.id, expiresAt: now + r.timeout }));
}

/** Event `request` of {@link TokenLists}: a new request arrived while the lists are followed. */
export type TokenRequestEvent = CustomEvent<TokenRequest>;

/**
 * The token list and the pending token requests. Events: `change` when either changes;
 * `request` (a {@link TokenRequestEvent}) for each request the server announces.
 */
export class TokenLists extends EventTarget {
  readonly #connection: ServerConnection;
  #followers = 0;
  /** Counts reads, so that a late answer to an older one changes nothing. */
  #read = 0;
  #subscribed = false;
  #expiry: ReturnType<typeof setTimeout> | undefined;
  /** The tokens; undefined until read. */
  tokens: readonly TokenInfo[] | undefined = undefined;
  /** The id of the token this browser signed in with, as the server marked it in the list. */
  ownId: string | undefined = undefined;
  /** Why the tokens could not be read, as the server said it. */
  tokensError: unknown = undefined;
  /** The pending requests, oldest first. */
  requests: readonly TokenRequest[] = [];
  /** Why the requests could not be read. */
  requestsError: unknown = undefined;
  /** Whether the requests have been read once. */
  requestsLoaded = false;

  constructor(connection: ServerConnection) {
    super();
    this.#connection = connection;
    connection.addEventListener('state', () => {
      // A closed socket took the subscription with it.
      if (connection.state !== 'open') this.#subscribed = false;
    });
    connection.onPush('token-update', (push) => {
      this.tokens = push.data;
      this.#changed();
    });
    connection.onPush('authorize-tokenRequest', (push) => {
      const [request] = requestsOf([push.info], Date.now());
      if (!request) return;
      this.requests = [...this.requests.filter((r) => r.id !== request.id), request];
      this.#changed();
      this.dispatchEvent(new CustomEvent('request', { detail: request }));
    });
    connection.onPush('authorize-event', ({ data }) => {
      if (data.event === 'tokenRequestsDenied') this.#remove(new Set(data.ids));
      else if (data.event === 'tokenRequestEnded') this.#remove(new Set([data.id]));
    });
  }

  /**
   * Follows the lists: the first follower reads them, and they are read again after every
   * reconnect while followed. Returns the function that stops following.
   */
  follow(): () => void {
    this.#followers += 1;
    if (this.#followers === 1) void this.reload();
    let following = true;
    return () => {
      if (following) this.#followers -= 1;
      following = false;
    };
  }

  /** Whether someone follows the lists. */
  get followed(): boolean {
    return this.#followers > 0;
  }

  /** Reads both lists (and, once the token list could be read, subscribes to its changes). */
  async reload(): Promise<void> {
    const read = ++this.#read;
    const [tokens, requests] = await Promise.allSettled([
      fetchTokens(this.#connection),
      fetchTokenRequests(this.#connection),
    ]);
    if (read !== this.#read) return;
    if (tokens.status === 'fulfilled') {
      this.tokens = tokens.value;
      // Only the reply marks it (the pushes go to every admin alike): kept from here on.
      this.ownId = tokens.value.find((t) => t.current)?.id;
      this.tokensError = undefined;
      // Only an admin's session is told of changes to the list.
      if (!this.#subscribed) {
        this.#subscribed = true;
        void subscribeTo(this.#connection, ['token-update']).catch(() => {
          this.#subscribed = false;
        });
      }
    } else if (isRefusal(tokens.reason)) {
      this.tokensError = tokens.reason;
    }
    if (requests.status === 'fulfilled') {
      this.requests = requestsOf(requests.value, Date.now());
      this.requestsError = undefined;
      this.requestsLoaded = true;
    } else if (isRefusal(requests.reason)) {
      this.requestsError = requests.reason;
      this.requestsLoaded = true;
    }
    this.#changed();
  }

  /**
   * Grants (`accept`) or denies a request. Resolves once the server did; rejects with its error
   * (the request expired meanwhile, say), after which the requests are read again.
   */
  async answer(id: string, accept: boolean): Promise<void> {
    try {
      await answerTokenRequest(this.#connection, id, accept);
    } catch (error) {
      void this.reload();
      throw error;
    }
    this.#remove(new Set([id]));
  }

  /** Denies every waiting request; resolves with how many the server denied. */
  async denyAll(): Promise<number> {
    let denied: { id: string }[];
    try {
      ({ denied } = await denyTokenRequests(this.#connection));
    } catch (error) {
      void this.reload();
      throw error;
    }
    this.#remove(new Set(denied.map((r) => r.id)));
    return denied.length;
  }

  /** A token was revoked here: gone from the list before the server's push says so. */
  revoked(id: string): void {
    if (!this.tokens) return;
    this.tokens = this.tokens.filter((t) => t.id !== id);
    this.#changed();
  }

  /** Forgets both lists (signed out). */
  clear(): void {
    this.#read += 1;
    this.#subscribed = false;
    this.tokens = undefined;
    this.ownId = undefined;
    this.tokensError = undefined;
    this.requests = [];
    this.requestsError = undefined;
    this.requestsLoaded = false;
    this.#changed();
  }

  #remove(ids: ReadonlySet<string>): void {
    if (!this.requests.some((r) => ids.has(r.id))) return;
    this.requests = this.requests.filter((r) => !ids.has(r.id));
    this.#changed();
  }

  #changed(): void {
    // A request the server times out ends with a push too; this drops it on time even so.
    const now = Date.now();
    this.requests = this.requests.filter((r) => r.expiresAt > now);
    clearTimeout(this.#expiry);
    const next = Math.min(...this.requests.map((r) => r.expiresAt));
    if (Number.isFinite(next)) this.#expiry = setTimeout(() => this.#changed(), next - now);
    this.dispatchEvent(new Event('change'));
  }
}

/** Whether an error is the server's refusal (shown), not a lost connection (read again later). */
function isRefusal(error: unknown): boolean {
  return error instanceof ServerError;
}
