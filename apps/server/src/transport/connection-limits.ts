import type { Logger } from '../logger.js';

/**
 * Open connections one client address may have at once, by default: a browser opens 6 per
 * host and the UI one WebSocket more; a house with a few tablets, Home Assistant and a bridge
 * stays far below it, while one host cannot take the server's share alone.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;
/**
 * Open connections in total, by default: far more than a home uses, and far below the 1024
 * file descriptors a process often gets (effects, devices and the database need some too).
 */
export const MAX_CONNECTIONS = 512;
/** How often a refused address is logged at most. */
const LOG_EVERY_MS = 60_000;
/** Addresses remembered for the log's once-a-minute rule, at most. */
const MAX_LOGGED_ADDRESSES = 1024;

/** The limits on open connections. */
export interface ConnectionLimitsOptions {
  /** Default {@link MAX_CONNECTIONS_PER_ADDRESS}. */
  perAddress?: number;
  /** Default {@link MAX_CONNECTIONS}. */
  total?: number;
}

/** Whether a new connection may stay: release it when it closes, or the reason it may not. */
export type Admission = { ok: true; release(): void } | { ok: false; reason: string };

/**
 * Counts the open connections of every listener together (HTTP, HTTPS with their WebSockets, the
 * TCP JSON port) per client address ({@link clientAddress}) and in total, and refuses a new one
 * over either limit, with a reason for the client. Refusals are logged once per address per
 * minute, with how many there were, so that a flood does not flood the log too.
 */
export class ConnectionLimits {
  readonly #perAddress: number;
  readonly #total: number;
  readonly #logger: Logger;
  readonly #open = new Map<string, number>();
  #count = 0;
  /** Per refused address: when it was last logged, and refusals since. */
  readonly #logged = new Map<string, { at: number; since: number }>();

  constructor(logger: Logger, options: ConnectionLimitsOptions = {}) {
    this.#logger = logger;
    this.#perAddress = options.perAddress ?? MAX_CONNECTIONS_PER_ADDRESS;
    this.#total = options.total ?? MAX_CONNECTIONS;
  }

  /** Open connections now, in total. */
  get open(): number {
    return this.#count;
  }

  /** Open connections of one address now. */
  openFrom(address: string): number {
    return this.#open.get(address) ?? 0;
  }

  /** Admits a new connection from `address` (normalised), or says why not (and logs it). */
  admit(address: string, transport: string): Admission {
    const mine = this.#open.get(address) ?? 0;
    let reason: string | undefined;
    if (mine >= this.#perAddress) {
      reason = `your address has ${mine} connections open, the most one address may have: close some, then try again`;
    } else if (this.#count >= this.#total) {
      reason = `the server has ${this.#count} connections open, the most it takes: try again in a moment`;
    }
    if (reason !== undefined) {
      this.#refused(address, transport, reason);
      return { ok: false, reason };
    }
    this.#open.set(address, mine + 1);
    this.#count += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#count -= 1;
        const left = (this.#open.get(address) ?? 1) - 1;
        if (left > 0) this.#open.set(address, left);
        else this.#open.delete(address);
      },
    };
  }

  #refused(address: string, transport: string, reason: string): void {
    const now = Date.now();
    const last = this.#logged.get(address);
    if (last && now - last.at < LOG_EVERY_MS) {
      last.since += 1;
      return;
    }
    this.#logged.delete(address);
    if (this.#logged.size >= MAX_LOGGED_ADDRESSES) {
      // Forget the longest-logged address: at worst it is logged again within the minute.
      const oldest = this.#logged.keys().next().value;
      if (oldest !== undefined) this.#logged.delete(oldest);
    }
    this.#logged.set(address, { at: now, since: 0 });
    this.#logger.warn(
      {
        address,
        transport,
        refusedSinceLastLog: last?.since ?? 0,
        open: this.#count,
        openFromAddress: this.openFrom(address),
      },
      `refused a connection over the limit (${this.#perAddress} per address, ${this.#total} in all; logged once a minute per address): ${reason}`,
    );
  }
}
