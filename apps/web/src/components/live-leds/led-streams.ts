import type { DataPush } from '@glowkit/protocol';
import { type ServerConnection, ServerError } from '../../api/connection.js';
import { startLedStream, stopLedStream } from '../../data/calls.js';

/**
 * Where the live colours of an instance are: `starting` (asked for, no frame yet), `live` (frames
 * arrive), `paused` (the tab is hidden: the stream is stopped to spare the server and the
 * network), `failed` (the server refused: see the error).
 */
export type StreamState = 'starting' | 'live' | 'paused' | 'failed';

/** Who watches an instance's live colours. */
export interface StreamWatcher {
  /** New colours: RGB bytes, 3 per LED, as the server sent them. */
  frame(colors: readonly number[]): void;
  /** The stream's state changed; `error` is the server's words when it `failed`. */
  state(state: StreamState, error: string): void;
}

interface Entry {
  watchers: Set<StreamWatcher>;
  state: StreamState;
  error: string;
  /** Counts start attempts, so that a late answer to an older one changes nothing. */
  attempt: number;
}

/**
 * The live LED streams of one connection, one per instance (`ledcolors ledstream-start` with
 * `instance`), shared by everyone who watches that instance: started by the first watcher,
 * stopped when the last leaves, so two elements showing one instance (or a page leaving while the
 * next arrives) never stop each other's stream. Every stream stops while the tab is hidden and
 * starts again when it is shown, and after a reconnect (the server forgets a closed session's
 * streams).
 */
export class LedStreams {
  readonly #connection: ServerConnection;
  readonly #entries = new Map<number, Entry>();

  constructor(connection: ServerConnection) {
    this.#connection = connection;
    connection.onPush('ledcolors-ledstream-update', (push) => this.#frame(push));
    connection.onOpen(async () => {
      // A new session: nothing streams there yet. Started after the hooks (call waits for them),
      // so the login has happened.
      if (document.visibilityState === 'hidden') return;
      for (const id of this.#entries.keys()) void this.#start(id);
    });
    document.addEventListener('visibilitychange', () => this.#visibilityChanged());
  }

  /**
   * Watches an instance's live colours; returns the function that stops watching. The watcher
   * hears the current state at once.
   */
  watch(instance: number, watcher: StreamWatcher): () => void {
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

  #unwatch(instance: number, watcher: StreamWatcher): void {
    const entry = this.#entries.get(instance);
    if (!entry?.watchers.delete(watcher) || entry.watchers.size > 0) return;
    this.#entries.delete(instance);
    if (entry.state !== 'paused') void this.#stop(instance);
  }

  async #start(instance: number): Promise<void> {
    const entry = this.#entries.get(instance);
    if (!entry) return;
    const attempt = ++entry.attempt;
    this.#set(instance, 'starting', '');
    try {
      await startLedStream(this.#connection, instance);
      // `live` comes with the first frame (the server sends the current colours at once), so
      // the state never claims colours that do not arrive. Given up while the request was on
      // its way: the server streams to nobody.
      if (!this.#entries.has(instance)) await this.#stop(instance);
    } catch (error) {
      if (!this.#current(instance, entry, attempt)) return;
      // The server's words when it refused; a lost connection restarts the stream by itself.
      if (error instanceof ServerError) this.#set(instance, 'failed', error.message);
    }
  }

  async #stop(instance: number): Promise<void> {
    try {
      await stopLedStream(this.#connection, instance);
    } catch {
      // Not connected: the server's session and its stream are gone anyway.
    }
  }

  #current(instance: number, entry: Entry, attempt: number): boolean {
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

  #frame(push: DataPush<'ledcolors-ledstream-update'>): void {
    const id = push.instance;
    const entry = id === undefined ? undefined : this.#entries.get(id);
    if (id === undefined || !entry || entry.state === 'paused') return;
    if (entry.state !== 'live') this.#set(id, 'live', '');
    for (const watcher of entry.watchers) watcher.frame(push.data.leds);
  }

  #set(instance: number, state: StreamState, error: string): void {
    const entry = this.#entries.get(instance);
    if (!entry || (entry.state === state && entry.error === error)) return;
    entry.state = state;
    entry.error = error;
    for (const watcher of entry.watchers) watcher.state(state, error);
  }
}

const hubs = new WeakMap<ServerConnection, LedStreams>();

/** The live LED streams of a connection (made on first use, one per connection). */
export function ledStreams(connection: ServerConnection): LedStreams {
  let hub = hubs.get(connection);
  if (!hub) {
    hub = new LedStreams(connection);
    hubs.set(connection, hub);
  }
  return hub;
}
