import type { InputSourceInfo } from '@glowkit/protocol';

/** How often the picture inputs' counts are pushed while a client is connected. */
export const INPUT_SOURCES_PUSH_MS = 1000;

/** What {@link InputSourcesPush} reads and where it sends. */
export interface InputSourcesPushOptions {
  /** The picture inputs' clients now (`serverinfo.inputSources`). */
  list(): InputSourceInfo[];
  /** Sends one `input-sources-update` to its subscribers. */
  send(inputSources: InputSourceInfo[]): void;
  /**
   * Whether the pushes go on though no client is connected (a grabber on the box runs): they
   * end, with one last push, once it says no and the list is empty.
   */
  busy?(): boolean;
  /** At most one push per this many ms ({@link INPUT_SOURCES_PUSH_MS} by default). */
  intervalMs?: number;
}

/**
 * The `input-sources-update` pushes: the picture inputs' clients with their frame counts, so
 * that a page shows each client's rate from consecutive pushes rather than polling `serverinfo`.
 * A client that connects starts them (at once, unless a push went out less than an interval
 * ago); they go out every interval while any client is connected or the server is otherwise
 * {@link InputSourcesPushOptions.busy | busy} (a grabber runs), whether or not the counts
 * moved (the rate then reads 0), and end with one push after the last client left and the
 * grabbers stopped. Nothing is sent while neither: a connect-and-leave flood costs at most one
 * push per interval.
 */
export class InputSourcesPush {
  readonly #options: InputSourcesPushOptions;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #sentAt = Number.NEGATIVE_INFINITY;
  #closed = false;

  constructor(options: InputSourcesPushOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? INPUT_SOURCES_PUSH_MS;
  }

  /**
   * A client connected or left, or a grabber started: the pushes run until the list is empty,
   * nothing is busy, and a last push said so.
   */
  changed(): void {
    if (this.#timer || this.#closed) return;
    const wait = Math.max(0, this.#sentAt + this.#intervalMs - performance.now());
    this.#timer = setTimeout(() => this.#push(), wait);
    this.#timer.unref();
  }

  /** Stops for good (the server stops). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #push(): void {
    this.#timer = undefined;
    const sources = this.#options.list();
    this.#sentAt = performance.now();
    this.#options.send(sources);
    if (sources.length > 0 || this.#options.busy?.()) this.changed();
  }
}
