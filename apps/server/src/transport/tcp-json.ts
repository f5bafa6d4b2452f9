import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { ERRORS, errorReply } from '@glowkit/protocol';
import { clientAddress } from '../auth/client-address.js';
import { SIGN_IN_GRACE_MS } from '../auth/sign-in-grace.js';
import type { Logger } from '../logger.js';
import type { PushHub } from '../rpc/pushes.js';
import type { ConnectionLimits } from './connection-limits.js';
import type { Dispatch } from './rpc-text.js';
import { TcpConnection } from './tcp-connection.js';

/** Parse errors in a row after which a TCP connection is closed, by default. */
export const MAX_PARSE_ERRORS = 20;

/** What the TCP JSON server needs. */
export interface TcpJsonOptions {
  dispatch: Dispatch;
  logger: Logger;
  /** Longest request line, in bytes. */
  bodyLimit: number;
  maxDepth: number;
  /** False while the service restarts: new connections are then refused with one error line. */
  isAvailable(): boolean;
  pushes: PushHub;
  /** Default {@link MAX_PARSE_ERRORS}. */
  maxParseErrors?: number;
  /** Milliseconds a session may stay without signing in; 0 never. Default {@link SIGN_IN_GRACE_MS}. */
  signInGraceMs?: number;
  /** The open connections' limits, shared with HTTP and HTTPS. */
  limits: ConnectionLimits;
}

/** How long a refused connection keeps reading off what its client sends, before it is dropped. */
const REFUSAL_LINGER_MS = 2000;

/**
 * Hyperion.ng's TCP JSON server (port 19444, what hyperion-py and Home Assistant use):
 * newline-delimited JSON-RPC on stateful sessions, served by the same dispatcher as HTTP and
 * WebSocket. It makes listening servers (one per bound port; a restart that moves the port opens
 * a new one) and keeps the connections, which outlive any one of them.
 */
export class JsonRpcTcp {
  readonly #options: TcpJsonOptions;
  readonly #connections = new Set<TcpConnection>();

  constructor(options: TcpJsonOptions) {
    this.#options = options;
  }

  /** A new listening server (not yet bound) whose clients this transport serves. */
  createServer(): Server {
    // Half-open: a client that sends its requests and shuts its side still gets the replies.
    return createNetServer({ allowHalfOpen: true }, (socket) => this.#accept(socket));
  }

  #accept(socket: Socket): void {
    const { logger } = this.#options;
    socket.on('error', (error) => logger.debug({ err: error }, 'TCP error'));
    const admission = this.#options.limits.admit(clientAddress(socket.remoteAddress), 'tcp');
    if (!admission.ok) {
      this.#refuse(socket, admission.reason);
      return;
    }
    socket.once('close', admission.release);
    if (!this.#options.isAvailable()) {
      // As a WebSocket upgrade during a restart is refused with 503: say why, then close.
      this.#refuse(socket, 'the service is restarting; reconnect in a moment');
      return;
    }
    const connection = new TcpConnection(socket, {
      dispatch: this.#options.dispatch,
      logger,
      bodyLimit: this.#options.bodyLimit,
      maxDepth: this.#options.maxDepth,
      pushes: this.#options.pushes,
      maxParseErrors: this.#options.maxParseErrors ?? MAX_PARSE_ERRORS,
      signInGraceMs: this.#options.signInGraceMs ?? SIGN_IN_GRACE_MS,
    });
    this.#connections.add(connection);
    socket.once('close', () => this.#connections.delete(connection));
    logger.debug({ address: connection.session.address }, 'TCP JSON client connected');
  }

  /**
   * Says in one line why a new connection cannot be served, then closes it; what the client
   * sends meanwhile is read off, since closing with unread data would reset the connection and
   * could lose the line.
   */
  #refuse(socket: Socket, why: string): void {
    const reply = errorReply('unknown', 0, ERRORS.unavailable, [why]);
    socket.end(`${JSON.stringify(reply)}\n`);
    socket.resume();
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  }

  /**
   * After a restart: sessions bound to an instance that no longer runs are unbound, so that
   * their next command goes to the first running instance, as for a new session.
   */
  rebindSessions(isRunning: (id: number) => boolean): void {
    for (const { session } of this.#connections) {
      const id = session.state.instance;
      if (id !== undefined && !isRunning(id)) session.state.instance = undefined;
    }
  }

  /** Drops every client at once. */
  terminate(): void {
    for (const connection of this.#connections) connection.destroy();
    this.#connections.clear();
  }
}
