import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERRORS, errorReply } from '@glowkit/protocol';
import { type WebSocket, WebSocketServer } from 'ws';
import { type Authenticator, refusalOf } from '../auth/authenticator.js';
import { clientAddress } from '../auth/client-address.js';
import { hasTokenInQuery } from '../auth/credentials.js';
import { graceText, SIGN_IN_GRACE_MS, SignInGrace } from '../auth/sign-in-grace.js';
import type { Logger } from '../logger.js';
import type { PushHub } from '../rpc/pushes.js';
import type { Session, SessionState } from '../rpc/session.js';
import { KEPT_END_BYTES } from './http-body.js';
import { endWith, rawHttpReply } from './raw-reply.js';
import { type Dispatch, labelOfParts, outcomeOfText, pause, replyText } from './rpc-text.js';

/** What the WebSocket side needs. */
export interface WebSocketOptions {
  dispatch: Dispatch;
  authenticator: Authenticator;
  logger: Logger;
  /** Largest message, in bytes (a bigger one closes the socket with 1009). */
  bodyLimit: number;
  maxDepth: number;
  /** False while the service restarts: upgrades are then refused with 503. */
  isAvailable(): boolean;
  /** Where sessions get their subscriptions and live streams from. */
  pushes: PushHub;
  /**
   * Milliseconds between pings; a client that has not answered the previous ping by the next
   * is dropped (a half-open connection). Default {@link HEARTBEAT_MS}.
   */
  heartbeatMs?: number;
  /**
   * Milliseconds a session may stay without signing in before it is closed with 1008; 0 never.
   * Default {@link SIGN_IN_GRACE_MS}.
   */
  signInGraceMs?: number;
}

/** How often clients are pinged by default: often enough to notice a vanished client in a minute. */
export const HEARTBEAT_MS = 30_000;

/** Refuses an upgrade with an HTTP status and a JSON body, then closes the socket. */
function refuse(
  socket: Duplex,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  endWith(socket, rawHttpReply(status, body, headers));
}

/**
 * JSON-RPC over WebSocket on the HTTP and HTTPS ports, upgrading on any path: one request per
 * text frame, one compact reply per request, in order. A session is authorized by the
 * `Authorization` header of the upgrade, or by an `authorize login` message with a token before
 * anything that needs one; a session that has not signed in within {@link SIGN_IN_GRACE_MS} is
 * closed with 1008. Clients are pinged every {@link HEARTBEAT_MS}; one that does not answer is
 * dropped.
 */
export class JsonRpcWebSockets {
  readonly #wss: WebSocketServer;
  readonly #options: WebSocketOptions;
  /** Clients that answered the last ping (or connected since). */
  readonly #alive = new WeakSet<WebSocket>();
  /** Each client's address, for the log. */
  readonly #addresses = new WeakMap<WebSocket, string>();
  /** The open sessions, for a reload that keeps them ({@link rebindSessions}). */
  readonly #sessions = new Set<SessionState>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(options: WebSocketOptions) {
    this.#options = options;
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: options.bodyLimit });
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /**
   * Drops the clients that did not answer the previous ping, and pings the others. A client
   * whose network vanished (a switched-off tablet, a cable pulled) otherwise keeps its session,
   * subscriptions and live stream forever, since TCP alone does not notice for hours.
   */
  #beat(): void {
    for (const ws of this.#wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      if (!this.#alive.has(ws)) {
        this.#options.logger.info(
          { address: this.#addresses.get(ws) },
          'dropped a WebSocket client that did not answer a ping (half-open connection)',
        );
        ws.terminate();
        continue;
      }
      this.#alive.delete(ws);
      try {
        ws.ping();
      } catch {
        // Closing meanwhile: the next beat no longer sees it.
      }
    }
  }

  /** Handles an HTTP server's `upgrade` event. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { authenticator, logger } = this.#options;
    socket.on('error', () => socket.destroy());
    if (!this.#options.isAvailable()) {
      refuse(
        socket,
        503,
        errorReply('unknown', 0, ERRORS.unavailable, [
          'the service is restarting; reconnect in a moment',
        ]),
        { 'Retry-After': '1' },
      );
      return;
    }
    const address = clientAddress(req.socket.remoteAddress);
    if (hasTokenInQuery(req.url ?? '')) {
      logger.warn({ address }, 'refused a token in a WebSocket URL');
      refuse(
        socket,
        401,
        errorReply('unknown', 0, ERRORS.noAuthorization, [
          'tokens in URLs are refused: send the Authorization header or an authorize login message',
        ]),
        { 'WWW-Authenticate': 'Bearer realm="glowkit", error="invalid_request"' },
      );
      return;
    }
    const header = req.headers.authorization;
    const auth = header === undefined ? undefined : authenticator.fromHeader(header, address);
    if (auth && !auth.ok) {
      const refusal = refusalOf(auth.reason, auth.retryAfterMs);
      // As late as an HTTP refusal: the throttle slows guessing on every transport alike.
      void pause(auth.delayMs).then(() => {
        if (socket.destroyed) return;
        refuse(
          socket,
          refusal.status,
          errorReply('unknown', 0, ERRORS.noAuthorization, [refusal.detail], {
            code: `sign-in-${auth.reason}`,
          }),
          refusal.headers,
        );
      });
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      this.#alive.add(ws);
      ws.on('pong', () => this.#alive.add(ws));
      this.#addresses.set(ws, address);
      const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
      const state: SessionState = {
        instance: undefined,
        subscriptions: new Set(),
        ledstream: false,
        push: (message) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
          // A push may say the session was signed out (its token revoked).
          grace.check();
        },
        pushEncoded: (push) => {
          // The shared bytes as a text frame: ws writes them as they are (a server does not mask).
          if (ws.readyState === ws.OPEN) ws.send(push.bytes, { binary: false });
          grace.check();
        },
        unsentBytes: () => ws.bufferedAmount,
      };
      const session: Session = { address, transport: encrypted ? 'wss' : 'ws', auth, state };
      const grace = this.#graceFor(ws, session);
      state.signIn = grace;
      this.#options.pushes.add(state);
      this.#sessions.add(state);
      ws.once('close', () => {
        grace.stop();
        this.#sessions.delete(state);
        this.#options.pushes.remove(state);
      });
      this.#serve(ws, session, grace);
    });
  }

  /** The session's time to sign in; when it runs out, the socket is closed with 1008 and why. */
  #graceFor(ws: WebSocket, session: Session): SignInGrace {
    const graceMs = this.#options.signInGraceMs ?? SIGN_IN_GRACE_MS;
    return new SignInGrace(session, graceMs, () => {
      this.#options.logger.info(
        { address: session.address, transport: session.transport, graceMs },
        'closed a session that did not sign in in time',
      );
      // At most 123 bytes, as a close reason may be.
      ws.close(1008, `sign in within ${graceText(graceMs)}: send authorize login with a token`);
    });
  }

  #serve(ws: WebSocket, session: Session, grace: SignInGrace): void {
    const { dispatch, logger, maxDepth } = this.#options;
    // Requests are answered one at a time, in the order they came.
    let queue = Promise.resolve();
    ws.on('error', (error) => logger.debug({ err: error }, 'WebSocket error'));
    ws.on('message', (data, isBinary) => {
      queue = queue.then(async () => {
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString('utf8');
        if (isBinary) {
          const { command, tan } = labelOfParts(text.slice(0, KEPT_END_BYTES));
          ws.send(
            JSON.stringify(
              errorReply(command, tan, ERRORS.parse, [
                'binary frames are not JSON-RPC: send each request as a text frame',
              ]),
            ),
          );
          return;
        }
        const outcome = await outcomeOfText(text, session, dispatch, logger, maxDepth);
        // Signed in, out, or still not: the clock follows (anonymous commands leave it running).
        grace.check();
        await pause(outcome.delayMs ?? 0);
        if (ws.readyState !== ws.OPEN) {
          // Requests queued behind a slow one are still served after the client is gone (a
          // colour sent just before closing is applied), but the session was forgotten at its
          // close: what such a request registered again (the open session that a token
          // revocation walks, a live stream with its timer) must be let go of, or every such
          // client is kept for the server's life.
          if (ws.readyState === ws.CLOSED && session.state)
            this.#options.pushes.remove(session.state);
          return;
        }
        if (outcome.silent) {
          // Answered later, through a push.
          outcome.after?.();
          return;
        }
        await new Promise<void>((resolve) => {
          ws.send(replyText(outcome), () => {
            outcome.after?.();
            resolve();
          });
        });
        if (outcome.close) ws.close(outcome.close.code, outcome.close.reason);
      });
    });
  }

  /**
   * After a restart that kept the clients (a reload): sessions bound to an instance that no
   * longer runs are unbound, as TCP sessions are after every restart.
   */
  rebindSessions(isRunning: (id: number) => boolean): void {
    for (const state of this.#sessions) {
      if (state.instance !== undefined && !isRunning(state.instance)) state.instance = undefined;
    }
  }

  /** Closes every client with a code (1012 "Service Restart", 1001 "Going Away"). */
  closeAll(code: number, reason: string): void {
    for (const client of this.#wss.clients) client.close(code, reason);
  }

  /** Drops every client at once and stops accepting (and pinging). */
  terminate(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.#wss.clients) client.terminate();
    this.#wss.close();
  }
}
