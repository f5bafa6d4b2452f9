import type { DataPush, ErrorReply, PushCommand, Reply, TokenRequestPush } from '@glowkit/protocol';

/**
 * Where the connection is: the UI shows it, and pages wait for `open`. `idle`: the server closed
 * it because this browser had not signed in (or failed too often); it opens again when a request
 * needs it.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'idle';

/**
 * A push from the server: a `*-update`, the LED stream, an authorization event (each with its
 * `data`, as protocol's `PushData` declares it), or a token request told to admins.
 */
export type Push = DataPush | TokenRequestPush;

/**
 * A request: any of protocol's request types (`ColorRequest`…), a plain object with a `command`,
 * or a request the page built as a record (a restore). The index signature takes `any`: with
 * `unknown`, protocol's request interfaces (which have none) would not be taken, and without
 * one, a literal's `subcommand` would not.
 */
export type Request =
  // biome-ignore lint/suspicious/noExplicitAny: see above; the values are sent as JSON as they are.
  { readonly command: string; readonly [key: string]: any } | Readonly<Record<string, unknown>>;

/** A reply's `info`, with the warnings the server sent along (`errorData` of a success). */
export interface Answer<T> {
  info: T;
  warnings: string[];
}

/** A request the server answered with `success: false`, phrased as the server phrased it. */
export class ServerError extends Error {
  /** The server's `error` ("Invalid params", "No Authorization"…). */
  readonly error: string;
  /** The server's details, one line each (`errorData`). */
  readonly details: string[];
  /** Glowkit's code of the failure (`effect-not-found`…): the UI says it with its own phrase. */
  readonly code: string | undefined;
  /** The values the code's phrase names. */
  readonly params: Readonly<Record<string, string | number>>;

  constructor(
    reply: Pick<ErrorReply, 'error' | 'errorData'> &
      Partial<Pick<ErrorReply, 'errorCode' | 'errorParams'>>,
  ) {
    const details = (reply.errorData ?? []).map((d) => d.description);
    super(details.length > 0 ? `${reply.error}: ${details.join('; ')}` : reply.error);
    this.name = 'ServerError';
    this.error = reply.error;
    this.details = details;
    this.code = reply.errorCode;
    this.params = reply.errorParams ?? {};
  }
}

/** How a request is sent. */
export interface SendOptions {
  /**
   * How long to wait for the reply (default 15 s). A token request is answered when an admin
   * decides, up to 3 minutes later.
   */
  timeoutMs?: number;
}

/** The `info` and warnings of a successful reply; a {@link ServerError} for a failed one. */
function answerOf<T>(reply: Reply): Answer<T> {
  if (!reply.success) throw new ServerError(reply);
  return {
    info: reply.info as T,
    warnings: (reply.errorData ?? []).map((d) => d.description),
  };
}

/** Waits before reconnecting: quick at first, then at most every 5 s. */
const RETRY_MS = [250, 500, 1000, 2000, 5000];
/**
 * The close code of a session the server would not keep unsigned (its time to sign in ran out,
 * or too many failed attempts): reconnecting at once would only be closed again.
 */
const POLICY_VIOLATION = 1008;
/** How long a request may wait for its reply. */
const REPLY_TIMEOUT_MS = 15_000;

/** The WebSocket URL of the page's own server (the server answers JSON-RPC on any upgrade path). */
export function serverUrl(location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/json-rpc`;
}

/**
 * The one WebSocket the UI talks to the server through, with the JSON API: requests get a `tan`
 * and resolve with their reply; pushes go to listeners by command. It reconnects by itself (the
 * server restarts after a restore), and then runs the `onOpen` hooks again (log in, subscribe), so
 * pages never see a dead socket. A socket the server closed for want of a sign-in (1008) is not
 * reopened until a request needs it: the sign-in page would otherwise reconnect every time the
 * server's time to sign in runs out. Events: `state` when {@link ServerConnection.state} changes.
 */
export class ServerConnection extends EventTarget {
  readonly #url: string;
  #socket: WebSocket | undefined;
  #state: ConnectionState = 'connecting';
  #tan = 0;
  #retries = 0;
  #closed = false;
  #pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (error: Error) => void; timer: number }
  >();
  #pushListeners = new Map<string, Set<(push: never) => void>>();
  #openHooks: Array<() => Promise<void>> = [];
  #ready: Promise<void>;
  #resolveReady: () => void = () => {};

  constructor(url: string = serverUrl()) {
    super();
    this.#url = url;
    this.#ready = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
  }

  /** Whether the socket is open (and its `onOpen` hooks have run). */
  get state(): ConnectionState {
    return this.#state;
  }

  /** Opens the socket (once). */
  connect(): void {
    if (this.#socket || this.#closed) return;
    this.#open();
  }

  /** Closes the socket for good (signing out of every tab is not this: see Session). */
  close(): void {
    this.#closed = true;
    this.#socket?.close(1000, 'closed by the page');
    this.#failPending(new Error('the connection was closed'));
  }

  /**
   * Runs `hook` every time the socket opens, before requests made meanwhile are sent (logging in
   * again after a restart, subscribing again); hooks send with {@link ServerConnection.callNow}.
   * Returns a function that removes it.
   */
  onOpen(hook: () => Promise<void>): () => void {
    this.#openHooks.push(hook);
    return () => {
      this.#openHooks = this.#openHooks.filter((h) => h !== hook);
    };
  }

  /** Calls `listener` with every push whose `command` is `command`; returns the unsubscribe. */
  onPush<C extends PushCommand>(command: C, listener: (push: DataPush<C>) => void): () => void;
  onPush(
    command: TokenRequestPush['command'],
    listener: (push: TokenRequestPush) => void,
  ): () => void;
  onPush(command: string, listener: (push: never) => void): () => void {
    let set = this.#pushListeners.get(command);
    if (!set) {
      set = new Set();
      this.#pushListeners.set(command, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Sends a request once the connection is open and resolves with the successful reply's `info`
   * (its type is the caller's word: see data/calls.ts, which says it once per request); rejects
   * with a {@link ServerError} when the server says no.
   */
  async call<T = unknown>(request: Request, options?: SendOptions): Promise<T> {
    return (await this.answer<T>(request, options)).info;
  }

  /** Like {@link ServerConnection.call}, with the warnings of a successful reply. */
  async answer<T = unknown>(request: Request, options?: SendOptions): Promise<Answer<T>> {
    if (this.#state === 'idle' && !this.#socket && !this.#closed) this.#open();
    await this.#ready;
    return answerOf<T>(await this.send(request, options));
  }

  /**
   * Like {@link ServerConnection.call}, without waiting for the `onOpen` hooks: for the hooks
   * themselves (logging in again after a restart), which run before the connection counts as open.
   */
  async callNow<T = unknown>(request: Request): Promise<T> {
    return answerOf<T>(await this.send(request)).info;
  }

  /** Sends a request now (the socket must be open) and resolves with the reply, whatever it says. */
  send(request: Request, options: SendOptions = {}): Promise<Reply> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error('not connected to the server'));
    }
    this.#tan = (this.#tan % 2_000_000_000) + 1;
    const tan = this.#tan;
    return new Promise<Reply>((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.#pending.delete(tan);
        reject(new Error(`the server did not answer "${String(request.command)}" in time`));
      }, options.timeoutMs ?? REPLY_TIMEOUT_MS);
      this.#pending.set(tan, { resolve, reject, timer });
      socket.send(JSON.stringify({ ...request, tan }));
    });
  }

  #setState(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new Event('state'));
  }

  #open(): void {
    const socket = new WebSocket(this.#url);
    this.#socket = socket;
    socket.addEventListener('open', async () => {
      this.#retries = 0;
      for (const hook of this.#openHooks) {
        try {
          await hook();
        } catch {
          // A hook that fails (a revoked token) decides for itself what the UI shows.
        }
      }
      this.#setState('open');
      this.#resolveReady();
    });
    socket.addEventListener('message', (event) => this.#receive(String(event.data)));
    socket.addEventListener('close', (event) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#failPending(new Error('the connection to the server was lost'));
      if (this.#closed) return;
      this.#ready = new Promise((resolve) => {
        this.#resolveReady = resolve;
      });
      if (event.code === POLICY_VIOLATION) {
        // Opened again by the next call (signing in, asking for a token).
        this.#retries = 0;
        this.#setState('idle');
        return;
      }
      this.#setState('reconnecting');
      const wait = RETRY_MS[Math.min(this.#retries, RETRY_MS.length - 1)] as number;
      this.#retries += 1;
      window.setTimeout(() => this.#open(), wait);
    });
  }

  #receive(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return; // Not JSON: nothing a page could use.
    }
    const tan = message.tan;
    if (typeof tan === 'number' && typeof message.success === 'boolean') {
      const pending = this.#pending.get(tan);
      if (pending) {
        this.#pending.delete(tan);
        window.clearTimeout(pending.timer);
        pending.resolve(message as unknown as Reply);
        return;
      }
    }
    if (typeof message.command === 'string') {
      // The server's word for the shape of each push (protocol's PushData): taken as it is.
      for (const listener of this.#pushListeners.get(message.command) ?? []) {
        listener(message as never);
      }
    }
  }

  #failPending(error: Error): void {
    for (const { reject, timer } of this.#pending.values()) {
      window.clearTimeout(timer);
      reject(error);
    }
    this.#pending.clear();
  }
}
