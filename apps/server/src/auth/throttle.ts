/** How failed authorizations from one address are slowed down and then refused. */
export interface ThrottleOptions {
  /** Failures within the window before replies are delayed. Default 5. */
  freeFailures?: number;
  /** Failures within the window after which the address is refused. Default 20. */
  maxFailures?: number;
  /** How long a failure counts, in ms. Default 10 minutes. */
  windowMs?: number;
  /** The longest delay, in ms. Default 2000. */
  maxDelayMs?: number;
  /** How many addresses are tracked at most (the oldest are forgotten first). Default 10000. */
  maxAddresses?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** What the throttle says about an address. */
export type Verdict = { blocked: false; delayMs: number } | { blocked: true; retryAfterMs: number };

/**
 * Counts failed authorizations per client address: after a few, each further refusal is delayed
 * (doubling up to a limit), and after many the address's invalid tokens are refused as blocked
 * until its failures expire. A success never clears them (see the Authenticator): they expire.
 * Other addresses are never affected, and memory stays bounded however many addresses try.
 */
export class FailureThrottle {
  readonly #free: number;
  readonly #max: number;
  readonly #window: number;
  readonly #maxDelay: number;
  readonly #maxAddresses: number;
  readonly #now: () => number;
  /** Per address, the times of its failures within the window, oldest first. */
  readonly #failures = new Map<string, number[]>();

  constructor(options: ThrottleOptions = {}) {
    this.#free = options.freeFailures ?? 5;
    this.#max = options.maxFailures ?? 20;
    this.#window = options.windowMs ?? 10 * 60_000;
    this.#maxDelay = options.maxDelayMs ?? 2000;
    this.#maxAddresses = options.maxAddresses ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  #recent(address: string): number[] {
    const list = this.#failures.get(address);
    if (!list) return [];
    const since = this.#now() - this.#window;
    while (list.length > 0 && (list[0] as number) <= since) list.shift();
    if (list.length === 0) this.#failures.delete(address);
    return list;
  }

  /** Whether the address may try now, and how long its reply should wait. */
  check(address: string): Verdict {
    const list = this.#recent(address);
    if (list.length >= this.#max) {
      const expiresAt = (list[list.length - this.#max] as number) + this.#window;
      return { blocked: true, retryAfterMs: Math.max(1, expiresAt - this.#now()) };
    }
    const over = list.length - this.#free;
    const delayMs = over < 0 ? 0 : Math.min(this.#maxDelay, 100 * 2 ** over);
    return { blocked: false, delayMs };
  }

  /** Records a failed authorization from an address. */
  fail(address: string): void {
    const list = this.#recent(address);
    list.push(this.#now());
    // Re-insert so that the map's order is least recently failed first.
    this.#failures.delete(address);
    this.#failures.set(address, list);
    if (this.#failures.size > this.#maxAddresses) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }
}
