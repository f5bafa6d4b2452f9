import type { DataPush, PushData } from '@glowkit/protocol';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type ServerConnection, ServerError } from '../api/connection.js';
import type { Session } from '../api/session.js';
import { startImageStream, startLedStream, stopImageStream, stopLedStream } from './calls.js';

/**
 * Where an instance's stream is: `starting` (asked for, nothing came yet), `live` (data arrives),
 * `paused` (the tab is hidden: the stream is stopped to spare the server and the network),
 * `failed` (the server refused: see the error).
 */
export type StreamState = 'starting' | 'live' | 'paused' | 'failed';

/** Who watches an instance's stream. */
export interface StreamWatcher<F> {
  /** New data, as the server sent it. */
  frame(data: F): void;
  /** The stream's state changed; `error` is the server's words when it `failed`. */
  state(state: StreamState, error: string): void;
}

/** A kind of per-instance stream: how it is started and stopped, and what its pushes carry. */
interface StreamKind<F> {
  start(connection: ServerConnection, instance: number): Promise<void>;
  stop(connection: ServerConnection, instance: number): Promise<void>;
  /** Calls `deliver` with each push's instance and data. */
  listen(
    connection: ServerConnection,
    deliver: (instance: number | undefined, data: F) => void,
  ): void;
}

interface Entry<F> {
  watchers: Set<StreamWatcher<F>>;
  state: StreamState;
  error: string;
  /** Counts start attempts, so that a late answer to an older one changes nothing. */
  attempt: number;
}

/**
 * The streams of one kind of one connection, one per instance (`ledcolors ledstream-start` or
 * `imagestream-start` with `instance`), shared by everyone who watches that instance: started by
 * the first watcher, stopped when the last leaves, so two elements showing one instance (or a
 * page leaving while the next arrives) never stop each other's stream. Every stream stops while
 * the tab is hidden and starts again when it is shown, and after a reconnect (the server forgets
 * a closed session's streams). Signing out stops them all before the session logs out (the
 * server keeps a logged-out session's streams, and refuses their stop once it is logged out).
 */
export class InstanceStreams<F> {
  readonly #connection: ServerConnection;
  readonly #session: Session;
  readonly #kind: StreamKind<F>;
  readonly #entries = new Map<number, Entry<F>>();
  /** Whether the streams were stopped for a sign-out: a sign-in starts them again. */
  #stoppedSignedOut = false;

  constructor(connection: ServerConnection, session: Session, kind: StreamKind<F>) {
    this.#connection = connection;
    this.#session = session;
    this.#kind = kind;
    kind.listen(connection, (instance, data) => this.#frame(instance, data));
    connection.onOpen(async () => {
      // A new session: nothing streams there yet. Started after the hooks (call waits for them),
      // so the login has happened.
      this.#stoppedSignedOut = false;
      this.#startAll();
    });
    // Before the session's logout is sent (it is sent after this event).
    session.addEventListener('change', () => {
      if (session.state === 'signed-out') this.#stopAll();
      else if (session.state === 'signed-in' && this.#stoppedSignedOut) {
        this.#stoppedSignedOut = false;
        this.#startAll();
      }
    });
    document.addEventListener('visibilitychange', () => this.#visibilityChanged());
  }

  /**
   * Watches an instance's stream; returns the function that stops watching. The watcher hears
   * the current state at once.
   */
  watch(instance: number, watcher: StreamWatcher<F>): () => void {
    let entry = this.#entries.get(instance);
    if (!entry) {
      entry = { watchers: new Set(), state: 'starting', error: '', attempt: 0 };
      this.#entries.set(instance, entry);
      entry.watchers.add(watcher);
      if (document.visibilityState === 'hidden') this.#set(instance, 'paused', '');
      else void this.#start(instance);
    } else {
      entry.watchers.add(watcher);
    }
    watcher.state(entry.state, entry.error);
    return () => this.#unwatch(instance, watcher);
  }

  /** Asks for the stream again (the instance was started, or its layout changed). */
  restart(instance: number): void {
    if (this.#entries.has(instance) && document.visibilityState !== 'hidden') {
      void this.#start(instance);
    }
  }

  #startAll(): void {
    if (document.visibilityState === 'hidden') return;
    for (const id of this.#entries.keys()) void this.#start(id);
  }

  /** Signed out: every stream stops now; their watchers leave with their pages. */
  #stopAll(): void {
    this.#stoppedSignedOut = true;
    for (const [instance, entry] of this.#entries) {
      entry.attempt += 1;
      if (entry.state !== 'paused') void this.#stop(instance);
      this.#set(instance, 'starting', '');
    }
  }

  #unwatch(instance: number, watcher: StreamWatcher<F>): void {
    const entry = this.#entries.get(instance);
    if (!entry?.watchers.delete(watcher) || entry.watchers.size > 0) return;
    this.#entries.delete(instance);
    if (entry.state !== 'paused' && !this.#stoppedSignedOut) void this.#stop(instance);
  }

  async #start(instance: number): Promise<void> {
    const entry = this.#entries.get(instance);
    if (!entry || this.#session.state === 'signed-out') return;
    const attempt = ++entry.attempt;
    this.#set(instance, 'starting', '');
    try {
      await this.#kind.start(this.#connection, instance);
      // `live` comes with the first data (the server sends what shows now at once), so the
      // state never claims data that does not arrive. Given up while the request was on its
      // way: the server streams to nobody.
      if (!this.#entries.has(instance)) await this.#stop(instance);
    } catch (error) {
      if (!this.#current(instance, entry, attempt)) return;
      // The server's words when it refused; a lost connection restarts the stream by itself.
      if (error instanceof ServerError) this.#set(instance, 'failed', error.message);
    }
  }

  async #stop(instance: number): Promise<void> {
    try {
      await this.#kind.stop(this.#connection, instance);
    } catch {
      // Not connected (or signed out): the server's session and its stream are gone anyway.
    }
  }

  #current(instance: number, entry: Entry<F>, attempt: number): boolean {
    return this.#entries.get(instance) === entry && entry.attempt === attempt;
  }

  #visibilityChanged(): void {
    const hidden = document.visibilityState === 'hidden';
    for (const [instance, entry] of this.#entries) {
      if (hidden) {
        if (entry.state === 'paused') continue;
        entry.attempt += 1;
        this.#set(instance, 'paused', '');
        void this.#stop(instance);
      } else {
        void this.#start(instance);
      }
    }
  }

  #frame(id: number | undefined, data: F): void {
    const entry = id === undefined ? undefined : this.#entries.get(id);
    if (id === undefined || !entry || entry.state === 'paused') return;
    if (entry.state !== 'live') this.#set(id, 'live', '');
    for (const watcher of entry.watchers) watcher.frame(data);
  }

  #set(instance: number, state: StreamState, error: string): void {
    const entry = this.#entries.get(instance);
    if (!entry || (entry.state === state && entry.error === error)) return;
    entry.state = state;
    entry.error = error;
    for (const watcher of entry.watchers) watcher.state(state, error);
  }
}

/** The live LED colours: RGB bytes, 3 per LED, in layout order (`ledcolors-ledstream-update`). */
const LED_STREAM: StreamKind<readonly number[]> = {
  start: startLedStream,
  stop: stopLedStream,
  listen: (connection, deliver) =>
    connection.onPush('ledcolors-ledstream-update', (push) =>
      deliver(push.instance, push.data.leds),
    ),
};

/**
 * A picture of the image stream: its data URL, and the black bars detection leaves out of it (in
 * its pixels; absent when there are none).
 */
export type InputPictureFrame = PushData['ledcolors-imagestream-update'];

/**
 * The visible picture source's picture (`ledcolors-imagestream-update`), sent only while a
 * picture source (a JSON image, a network input, a grabber) is visible.
 */
const IMAGE_STREAM: StreamKind<InputPictureFrame> = {
  start: startImageStream,
  stop: stopImageStream,
  listen: (connection, deliver) =>
    connection.onPush(
      'ledcolors-imagestream-update',
      (push: DataPush<'ledcolors-imagestream-update'>) => deliver(push.instance, push.data),
    ),
};

/** The connection and its session a stream hub works with (the app's context has both). */
export interface StreamsContext {
  connection: ServerConnection;
  session: Session;
}

/** Each connection's streams of one kind (made on first use). */
function perConnection<F>(kind: StreamKind<F>): (ctx: StreamsContext) => InstanceStreams<F> {
  const hubs = new WeakMap<ServerConnection, InstanceStreams<F>>();
  return ({ connection, session }) => {
    let hub = hubs.get(connection);
    if (!hub) {
      hub = new InstanceStreams(connection, session, kind);
      hubs.set(connection, hub);
    }
    return hub;
  };
}

/** The live LED colours of a connection's instances (one hub per connection). */
export const ledStreams = perConnection(LED_STREAM);

/** The input pictures of a connection's instances (one hub per connection). */
export const imageStreams = perConnection(IMAGE_STREAM);

/**
 * An element's watch of one instance's stream (`<gk-live-leds>`, `<gk-input-picture>`): it
 * follows the context and instance `target` gives while the element is on the page — once per
 * pair, again when either changes (call {@link StreamFollower.sync} in `willUpdate`) — and lets
 * go when the element leaves. `started` runs each time it follows a new pair, before the watcher
 * hears the stream's state.
 */
export class StreamFollower<F> implements ReactiveController {
  readonly #host: ReactiveControllerHost & Element;
  readonly #hub: (ctx: StreamsContext) => InstanceStreams<F>;
  readonly #target: () => { ctx: StreamsContext | undefined; instance: number | undefined };
  readonly #watcher: StreamWatcher<F>;
  readonly #started: () => void;
  #followed: { ctx: StreamsContext | undefined; instance: number | undefined } | undefined;
  #detach: (() => void) | undefined;

  constructor(
    host: ReactiveControllerHost & Element,
    hub: (ctx: StreamsContext) => InstanceStreams<F>,
    target: () => { ctx: StreamsContext | undefined; instance: number | undefined },
    watcher: StreamWatcher<F>,
    started: () => void = () => {},
  ) {
    this.#host = host;
    this.#hub = hub;
    this.#target = target;
    this.#watcher = watcher;
    this.#started = started;
    host.addController(this);
  }

  hostConnected(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.#detach?.();
    this.#detach = undefined;
    this.#followed = undefined;
  }

  /** Follows the target's stream, unless it does already (or the element is not on the page). */
  sync(): void {
    const { ctx, instance } = this.#target();
    const followed = this.#followed;
    if (!this.#host.isConnected) return;
    if (followed && followed.ctx === ctx && followed.instance === instance) return;
    this.hostDisconnected();
    this.#followed = { ctx, instance };
    this.#started();
    if (!ctx || instance === undefined || !Number.isInteger(instance)) return;
    this.#detach = this.#hub(ctx).watch(instance, this.#watcher);
  }
}
