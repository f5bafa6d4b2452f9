import type { Server as HttpServer, IncomingMessage, RequestListener } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERRORS, errorReply } from '@glowkit/protocol';
import { clientAddress } from '../auth/client-address.js';
import type { ConnectionLimits } from './connection-limits.js';
import { endWith, rawHttpReply } from './raw-reply.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * How long a connection over the limit may take to send its request (and be told why it is
 * refused) before it is dropped, by default.
 */
export const REFUSAL_WAIT_MS = 5000;
/**
 * Refused connections waiting for their request at once, at most; beyond, a refused connection
 * is dropped without a word, so that refusing costs no more than the limit it enforces.
 */
const MAX_WAITING_REFUSALS = 64;

/** A connection's two ends: the same for its plain socket and the TLS socket over it. */
const keyOf = (socket: {
  localAddress?: string;
  localPort?: number;
  remoteAddress?: string;
  remotePort?: number;
}): string | undefined =>
  socket.remoteAddress === undefined || socket.remotePort === undefined
    ? undefined
    : `${socket.localAddress}|${socket.localPort}|${socket.remoteAddress}|${socket.remotePort}`;

/**
 * The connection limits on the HTTP and HTTPS servers: each new connection is counted (and
 * released when it closes); one over a limit is answered 503, with the reason as one line of
 * JSON, at its first request or upgrade, and closed. It is answered at its request rather than at
 * once because an HTTPS client can only be answered after its TLS handshake, and any client
 * reads a response best after sending its request.
 */
export class HttpAdmission {
  readonly #limits: ConnectionLimits;
  readonly #waitMs: number;
  /** The connections over the limit, by {@link keyOf}, with the reason they are told. */
  readonly #refused = new Map<string, string>();
  /** Every open connection (HTTPS ones before their handshake too, which Node does not track). */
  readonly #sockets = new Set<Socket>();

  constructor(limits: ConnectionLimits, waitMs = REFUSAL_WAIT_MS) {
    this.#limits = limits;
    this.#waitMs = waitMs;
  }

  /** Counts the connections of a server (its raw TCP sockets, before any TLS). */
  attach(server: HttpServer | HttpsServer, transport: 'http' | 'https'): void {
    server.on('connection', (socket: Socket) => this.#admit(socket, transport));
  }

  /** The request listener, with connections over the limit answered 503 instead. */
  guard(app: RequestListener): RequestListener {
    return (req, res) => {
      const reason = this.#reasonFor(req);
      if (reason === undefined) {
        app(req, res);
        return;
      }
      const text = JSON.stringify(refusalReply(reason));
      res.writeHead(503, {
        ...SECURITY_HEADERS,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'Retry-After': '5',
        Connection: 'close',
      });
      res.end(text);
    };
  }

  /**
   * Refuses an upgrade on a connection over the limit (503, and closed); true when it did, and
   * the upgrade must go no further.
   */
  refuseUpgrade(req: IncomingMessage, socket: Duplex): boolean {
    const reason = this.#reasonFor(req);
    if (reason === undefined) return false;
    endWith(socket, rawHttpReply(503, refusalReply(reason), { 'Retry-After': '5' }));
    return true;
  }

  #reasonFor(req: IncomingMessage): string | undefined {
    const key = keyOf(req.socket);
    return key === undefined ? undefined : this.#refused.get(key);
  }

  /** Drops every connection at once (the server stops). */
  destroyAll(): void {
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  #admit(socket: Socket, transport: 'http' | 'https'): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    const admission = this.#limits.admit(clientAddress(socket.remoteAddress), transport);
    if (admission.ok) {
      socket.once('close', admission.release);
      return;
    }
    const key = keyOf(socket);
    if (key === undefined || this.#refused.size >= MAX_WAITING_REFUSALS) {
      socket.destroy();
      return;
    }
    this.#refused.set(key, admission.reason);
    const timer = setTimeout(() => socket.destroy(), this.#waitMs);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      this.#refused.delete(key);
    });
  }
}

/** The reply of a connection over the limit. */
const refusalReply = (reason: string) => errorReply('unknown', 0, ERRORS.unavailable, [reason]);
