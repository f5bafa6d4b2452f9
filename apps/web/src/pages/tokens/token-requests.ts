import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServerConnection } from '../../api/connection.js';

/** A token request waiting for an admin, as `getPendingTokenRequests` and its push describe it. */
export interface TokenRequest {
  /** The name the requester gave itself. */
  comment: string;
  /** The requester's 5-character id. */
  id: string;
  /** When it times out, on this browser's clock. */
  expiresAt: number;
}

/** What the server sends: `timeout` is the milliseconds left. */
interface WireRequest {
  comment: string;
  id: string;
  timeout: number;
}

/**
 * Requests answered by another admin, cancelled or dropped with their requester's connection are
 * not announced: the list is fetched again this often while it is not empty.
 */
const REFRESH_MS = 5_000;
/** The countdown's step. */
const TICK_MS = 1_000;

/** `m:ss` for a countdown (`2:05`); never negative. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The requests of a server list or push, with their expiry on this browser's clock. */
export function requestsOf(list: unknown, now: number): TokenRequest[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (r): r is WireRequest =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.id === 'string' &&
        typeof r.comment === 'string' &&
        typeof r.timeout === 'number',
    )
    .map((r) => ({ comment: r.comment, id: r.id, expiresAt: now + r.timeout }));
}

/**
 * The pending token requests for a page that lists them: fetched when the page shows and after
 * every reconnect, added live from the server's `authorize-tokenRequest` push (sent to admin
 * sessions), counted down each second, and dropped when they expire or are answered, and all at
 * once when an admin denies them all (the `authorize-event` push `tokenRequestsDenied`).
 */
export class TokenRequestsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #connection: () => ServerConnection;
  #off: Array<() => void> = [];
  #tick: number | undefined;
  #lastRefresh = 0;
  /** The pending requests, oldest first. */
  requests: TokenRequest[] = [];
  /** Why the list could not be fetched or an answer failed, as the server phrased it. */
  error: unknown = undefined;
  /** Whether the list has been fetched once. */
  loaded = false;
  /** The clock the countdown shows. */
  now = Date.now();

  readonly #onAdded: (request: TokenRequest) => void;

  /**
   * @param host - the page that shows the list.
   * @param connection - the app's connection (read when the page connects).
   * @param onAdded - told of each request the server announces while the page shows.
   */
  constructor(
    host: ReactiveControllerHost,
    connection: () => ServerConnection,
    onAdded: (request: TokenRequest) => void = () => {},
  ) {
    this.#host = host;
    this.#connection = connection;
    this.#onAdded = onAdded;
    host.addController(this);
  }

  hostConnected(): void {
    const connection = this.#connection();
    const onState = () => {
      if (connection.state === 'open') void this.refresh();
    };
    connection.addEventListener('state', onState);
    this.#off = [
      () => connection.removeEventListener('state', onState),
      connection.onPush('authorize-tokenRequest', (push) => {
        // This push carries its request in `info`, like a reply (token-requests.ts on the server).
        const info = (push as { info?: unknown }).info;
        const added = requestsOf([info], Date.now());
        this.#add(added);
        for (const request of added) this.#onAdded(request);
      }),
      // Another admin (or this one, or the command line) denied every pending request.
      connection.onPush('authorize-event', (push) => {
        const data = push.data as { event?: unknown; ids?: unknown } | undefined;
        if (data?.event !== 'tokenRequestsDenied' || !Array.isArray(data.ids)) return;
        this.#remove(new Set(data.ids));
      }),
    ];
    void this.refresh();
  }

  hostDisconnected(): void {
    for (const off of this.#off) off();
    this.#off = [];
    this.#stopTicking();
  }

  /** Fetches the pending requests again. */
  async refresh(): Promise<void> {
    this.#lastRefresh = Date.now();
    try {
      const list = await this.#connection().call({
        command: 'authorize',
        subcommand: 'getPendingTokenRequests',
      });
      this.requests = requestsOf(list, Date.now());
      this.error = undefined;
    } catch (error) {
      this.error = error;
    }
    this.loaded = true;
    this.#changed();
  }

  /**
   * Grants (`accept`) or denies a request. Resolves when the server confirmed; rejects with its
   * error (e.g. the request expired meanwhile), after which the list is fetched again.
   */
  async answer(id: string, accept: boolean): Promise<void> {
    try {
      await this.#connection().call({
        command: 'authorize',
        subcommand: 'answerRequest',
        id,
        accept,
      });
      this.requests = this.requests.filter((r) => r.id !== id);
      this.#changed();
    } catch (error) {
      void this.refresh();
      throw error;
    }
  }

  /**
   * Denies every pending request at once (a flood of them). Resolves with how many the server
   * denied; rejects with its error, after which the list is fetched again.
   */
  async denyAll(): Promise<number> {
    try {
      const reply = await this.#connection().call<{ denied?: unknown }>({
        command: 'authorize',
        subcommand: 'denyPendingTokenRequests',
      });
      const denied = Array.isArray(reply?.denied) ? reply.denied : [];
      this.#remove(new Set(denied.map((r: { id?: unknown }) => r?.id)));
      return denied.length;
    } catch (error) {
      void this.refresh();
      throw error;
    }
  }

  #remove(ids: ReadonlySet<unknown>): void {
    this.requests = this.requests.filter((r) => !ids.has(r.id));
    this.#changed();
  }

  #add(added: TokenRequest[]): void {
    const ids = new Set(added.map((r) => r.id));
    this.requests = [...this.requests.filter((r) => !ids.has(r.id)), ...added];
    this.#changed();
  }

  #changed(): void {
    this.now = Date.now();
    this.requests = this.requests.filter((r) => r.expiresAt > this.now);
    if (this.requests.length > 0) this.#startTicking();
    else this.#stopTicking();
    this.#host.requestUpdate();
  }

  #startTicking(): void {
    if (this.#tick !== undefined) return;
    this.#tick = window.setInterval(() => {
      if (Date.now() - this.#lastRefresh >= REFRESH_MS) void this.refresh();
      else this.#changed();
    }, TICK_MS);
  }

  #stopTicking(): void {
    window.clearInterval(this.#tick);
    this.#tick = undefined;
  }
}
