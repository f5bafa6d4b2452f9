/**
 * One TCP connection to a forwarder target, kept up while it is wanted: reconnected after a
 * backoff that doubles up to a ceiling, with one log line when the target goes down and one
 * when it is back (not one per attempt). Nothing here waits on the target: a target that is down
 * or slow never holds up anything local.
 */
import { connect, type Socket } from 'node:net';
import type { Logger } from '../logger.js';

/** How a link retries. */
export interface LinkTiming {
  /** First wait after a failed attempt, ms (doubled at each failure in a row). */
  retryMinMs: number;
  /** Longest wait between attempts, ms. */
  retryMaxMs: number;
  /** An attempt that does not connect in this long fails, ms. */
  connectTimeoutMs: number;
}

/** Where a link is. */
export type LinkState = 'idle' | 'connecting' | 'connected' | 'retrying';

/** What a link tells the target that owns it. */
export interface LinkHandlers {
  /** Connected: the socket is the target's until {@link lost}. */
  connected(socket: Socket): void;
  /** The connection is gone (closed by either side, or failed). */
  lost(): void;
}

/** What a link needs. */
export interface LinkOptions {
  /** Which list of the `forwarder` group the target is in. */
  kind: 'jsonapi' | 'flatbuffer';
  /** The target's `name`, `host` and `port`. */
  target: { name: string; host: string; port: number };
  logger: Logger;
  timing: LinkTiming;
  handlers: LinkHandlers;
}

/** See the module. */
export class TargetLink {
  /** How logs name the target, e.g. `jsonapi target "tv" (10.0.0.2:19444)`. */
  readonly label: string;
  readonly #options: LinkOptions;
  #state: LinkState = 'idle';
  #socket: Socket | undefined;
  /** The socket is being ended: nothing more is written to it. */
  #ending = false;
  #wanted = false;
  #delayMs: number;
  #timer: NodeJS.Timeout | undefined;
  /** Whether the target was said to be down (so that "back" is said once it connects). */
  #down = false;

  constructor(options: LinkOptions) {
    const { name, host, port } = options.target;
    this.label = `${options.kind} target "${name}" (${host}:${port})`;
    this.#options = options;
    this.#delayMs = options.timing.retryMinMs;
  }

  get state(): LinkState {
    return this.#state;
  }

  /** The connected socket; undefined unless {@link state} is `connected`. */
  get socket(): Socket | undefined {
    return this.#state === 'connected' && !this.#ending ? this.#socket : undefined;
  }

  /** Connects, and keeps connecting after each loss, until {@link drop}. */
  want(): void {
    this.#wanted = true;
    if (this.#state === 'idle') this.#connect();
  }

  /**
   * No longer wanted: a retry is called off, and the connection is ended once what was written
   * has gone out (the target sees a close, not a reset).
   */
  drop(): void {
    this.#wanted = false;
    this.#cancelRetry();
    const socket = this.#socket;
    if (!socket) {
      this.#state = 'idle';
      return;
    }
    this.#ending = true;
    if (this.#state === 'connecting') socket.destroy();
    else socket.end();
  }

  /** The target answered as it should: the next loss is retried after the shortest wait. */
  healthy(): void {
    this.#delayMs = this.#options.timing.retryMinMs;
  }

  /** The target answered what it must not (a refused registration): dropped, retried later. */
  fail(reason: string): void {
    this.#noteDown(reason);
    this.#socket?.destroy();
  }

  /**
   * {@link drop}, resolving once the socket is closed (at once when there is none), or after
   * `graceMs`, when it is destroyed. A later {@link want} connects again.
   */
  async close(graceMs: number): Promise<void> {
    this.#wanted = false;
    this.#cancelRetry();
    const socket = this.#socket;
    if (!socket || socket.destroyed) return;
    if (this.#state === 'connecting') {
      socket.destroy();
      return;
    }
    this.#ending = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => socket.destroy(), graceMs);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.end();
    });
  }

  #connect(): void {
    const { timing, logger } = this.#options;
    const { host, port } = this.#options.target;
    const label = this.label;
    this.#state = 'connecting';
    const socket = connect({ host, port });
    this.#socket = socket;
    this.#ending = false;
    let reason: string | undefined;
    let opened = false;
    const timeout = setTimeout(() => {
      reason = `no connection in ${timing.connectTimeoutMs / 1000} s`;
      socket.destroy();
    }, timing.connectTimeoutMs);
    timeout.unref();
    socket.setNoDelay(true);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reason ??= error.code ?? error.message;
    });
    socket.once('connect', () => {
      clearTimeout(timeout);
      opened = true;
      this.#state = 'connected';
      if (this.#down) {
        this.#down = false;
        logger.info({ target: label }, `forwarder: ${label} is back`);
      }
      this.#options.handlers.connected(socket);
    });
    socket.once('close', () => {
      clearTimeout(timeout);
      if (this.#socket === socket) this.#socket = undefined;
      if (opened) {
        logger.debug({ target: label, reason }, `forwarder: the connection to ${label} closed`);
        this.#options.handlers.lost();
      } else if (this.#wanted) {
        this.#noteDown(reason ?? 'the connection closed');
      }
      this.#state = 'idle';
      if (this.#wanted) this.#retry();
    });
  }

  /** Says once that the target is down, until it is back. */
  #noteDown(reason: string): void {
    if (this.#down) return;
    this.#down = true;
    const { logger } = this.#options;
    const label = this.label;
    logger.warn(
      { target: label, reason },
      `forwarder: ${label} is down (${reason}); retrying in the background`,
    );
  }

  #retry(): void {
    const { retryMaxMs } = this.#options.timing;
    this.#state = 'retrying';
    const delay = this.#delayMs;
    this.#delayMs = Math.min(delay * 2, retryMaxMs);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#wanted) this.#connect();
      else this.#state = 'idle';
    }, delay);
    this.#timer.unref();
  }

  #cancelRetry(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#state === 'retrying') this.#state = 'idle';
  }
}
