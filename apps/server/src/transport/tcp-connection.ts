import type { Socket } from 'node:net';
import { ERRORS, errorReply } from '@glowkit/protocol';
import { clientAddress } from '../auth/client-address.js';
import { graceText, SignInGrace } from '../auth/sign-in-grace.js';
import type { Logger } from '../logger.js';
import { EncodedPush } from '../rpc/encoded-push.js';
import type { Outcome } from '../rpc/outcome.js';
import type { PushHub } from '../rpc/pushes.js';
import type { Push, Session, SessionState } from '../rpc/session.js';
import { bytesText } from './http-app.js';
import { KEPT_END_BYTES } from './http-body.js';
import {
  type Dispatch,
  isParseError,
  labelOfParts,
  outcomeOfText,
  pause,
  replyText,
} from './rpc-text.js';

/**
 * The longest line hyperion-py reads: asyncio's default `readline()` limit. A longer reply or
 * push kills its receive task, so every line over it is logged.
 */
export const CLIENT_LINE_LIMIT = 64 * 1024;

/** What a TCP connection needs. */
export interface TcpConnectionOptions {
  dispatch: Dispatch;
  logger: Logger;
  /** Longest request line, bytes (without its "\n"). A longer one closes the connection. */
  bodyLimit: number;
  maxDepth: number;
  pushes: PushHub;
  /** Parse errors in a row after which the connection is closed (a client speaking no JSON). */
  maxParseErrors: number;
  /** Milliseconds the session may stay without signing in (see {@link SignInGrace}); 0 never. */
  signInGraceMs: number;
}

/** The last reply of a connection closed for what its client sent, and the reason logged. */
interface Farewell {
  final: Outcome;
  reason: string;
}

/** Bytes of requests waiting to be answered beyond which the client is not read from. */
const QUEUE_BYTES = 1024 * 1024;
/** Bytes of replies the client has not read beyond which it is dropped. */
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
/** How long a closed connection keeps reading off what the client still sends (see #close). */
const LINGER_MS = 2000;

/**
 * One client of the TCP JSON server: newline-delimited requests (a "\r" before the "\n" is
 * accepted), answered one at a time in order, each by one compact JSON line; `*-update` pushes
 * go out between replies. The session is stateful like a WebSocket's: log in with
 * `authorize login`, subscribe, bind an instance; one that does not sign in in time is told so
 * and closed. Nothing the client sends can throw out of it.
 */
/** The length of a text's line on the wire: its UTF-8 bytes and the newline. */
const lineBytes = (text: string): number => Buffer.byteLength(text) + 1;

export class TcpConnection {
  readonly session: Session & { state: SessionState };
  readonly #socket: Socket;
  readonly #options: TcpConnectionOptions;
  /** The start of a line whose "\n" has not arrived yet. */
  #partial: Buffer[] = [];
  #partialBytes = 0;
  /** Whole lines waiting for their turn; a {@link Farewell} ends the connection after them. */
  #lines: (string | Farewell)[] = [];
  #queuedBytes = 0;
  #running = false;
  #parseErrors = 0;
  /** The client sent its last byte (a half-close): answer what is queued, then end. */
  #ended = false;
  /** The client is no longer read from: it sent something that ends the connection. */
  #deaf = false;
  /** Why the connection is being closed; set once. */
  #closing: string | undefined;
  #closed = false;
  /** Commands whose lines went over {@link CLIENT_LINE_LIMIT} already (logged once each). */
  readonly #warned = new Set<string>();
  readonly #grace: SignInGrace;

  constructor(socket: Socket, options: TcpConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    const address = clientAddress(socket.remoteAddress);
    const state: SessionState = {
      instance: undefined,
      subscriptions: new Set(),
      ledstream: false,
      push: (message) => this.#push(message),
      pushEncoded: (push) => this.#push(push),
      unsentBytes: () => socket.writableLength,
    };
    this.session = { address, transport: 'tcp', auth: undefined, state };
    this.#grace = new SignInGrace(this.session, options.signInGraceMs, () =>
      this.#signInExpired(options.signInGraceMs),
    );
    state.signIn = this.#grace;
    options.pushes.add(state);
    socket.setNoDelay(true);
    // Notices a client whose network vanished (TCP keep-alive probes), like the WebSocket pings.
    socket.setKeepAlive(true, 30_000);
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('end', () => {
      this.#ended = true;
      if (this.#partialBytes > 0 && !this.#deaf) this.#enqueue(Buffer.concat(this.#partial));
      this.#partial = [];
      this.#partialBytes = 0;
      if (!this.#running) this.#finish();
    });
    socket.on('error', (error) => options.logger.debug({ err: error, address }, 'TCP error'));
    socket.on('close', () => {
      this.#grace.stop();
      this.#closed = true;
      this.#lines = [];
      options.pushes.remove(state);
    });
  }

  /** Drops the connection at once. */
  destroy(): void {
    this.#socket.destroy();
  }

  /** The session did not sign in in time: one line says so, then the connection is closed. */
  #signInExpired(graceMs: number): void {
    const reply = errorReply('authorize-login', 0, ERRORS.noAuthorization, [
      `sign in within ${graceText(graceMs)} of connecting: send {"command":"authorize","subcommand":"login","token":"<token>"} first; the connection is closed`,
    ]);
    this.#close(`it did not sign in within ${graceText(graceMs)}`, 'info', { reply });
  }

  #receive(chunk: Buffer): void {
    if (this.#deaf) return; // Read off and ignored: see #close.
    const { bodyLimit } = this.#options;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline < 0) break;
      const piece = chunk.subarray(start, newline);
      if (this.#partialBytes + piece.length > bodyLimit) {
        this.#tooLong(piece);
        return;
      }
      const line = this.#partial.length === 0 ? piece : Buffer.concat([...this.#partial, piece]);
      this.#partial = [];
      this.#partialBytes = 0;
      this.#enqueue(line);
      start = newline + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.#partialBytes + rest.length > bodyLimit) {
        this.#tooLong(rest);
        return;
      }
      // A copy: the chunk's memory is not kept alive for a few bytes of it.
      this.#partial.push(Buffer.from(rest));
      this.#partialBytes += rest.length;
    }
  }

  /** A line over the limit: answered with the command and tan its beginning shows, then closed. */
  #tooLong(piece: Buffer): void {
    const head = Buffer.concat([...this.#partial, piece.subarray(0, KEPT_END_BYTES)])
      .subarray(0, KEPT_END_BYTES)
      .toString('utf8');
    this.#partial = [];
    this.#partialBytes = 0;
    const { command, tan } = labelOfParts(head);
    const limit = bytesText(this.#options.bodyLimit);
    // The requests before it are still answered, in order; nothing after it is read.
    this.#deaf = true;
    this.#lines.push({
      reason: `a request line over the limit of ${limit}`,
      final: {
        reply: errorReply(command, tan, ERRORS.tooLarge, [
          `the request line is over the limit (${limit}, set with --body-limit); the connection is closed`,
        ]),
      },
    });
    this.#start();
  }

  #enqueue(line: Buffer): void {
    let text = line.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    this.#lines.push(text);
    // Counted as #run uncounts it, so the two never drift apart.
    this.#queuedBytes += Buffer.byteLength(text);
    // A client that sends faster than it is answered waits (TCP flow control) instead of
    // filling the server's memory.
    if (this.#queuedBytes > QUEUE_BYTES) this.#socket.pause();
    this.#start();
  }

  #start(): void {
    if (!this.#running) {
      void this.#run().catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'a TCP connection failed unexpectedly');
        this.#socket.destroy();
      });
    }
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      for (let line = this.#lines.shift(); line !== undefined; line = this.#lines.shift()) {
        if (typeof line !== 'string') {
          this.#close(line.reason, 'warn', line.final);
          break;
        }
        this.#queuedBytes -= Buffer.byteLength(line);
        if (this.#queuedBytes <= QUEUE_BYTES / 2 && !this.#deaf) this.#socket.resume();
        await this.#answer(line);
        if (this.#closed || this.#closing) break;
      }
    } finally {
      this.#running = false;
    }
    this.#finish();
  }

  async #answer(line: string): Promise<void> {
    const { dispatch, logger, maxDepth, maxParseErrors } = this.#options;
    const outcome = await outcomeOfText(line, this.session, dispatch, logger, maxDepth);
    // Signed in, out, or still not: the clock follows (anonymous commands leave it running).
    this.#grace.check();
    await pause(outcome.delayMs ?? 0);
    if (isParseError(outcome)) {
      this.#parseErrors += 1;
      if (this.#parseErrors >= maxParseErrors) {
        this.#close(`${maxParseErrors} lines in a row that are not JSON`, 'warn', outcome);
        return;
      }
    } else {
      this.#parseErrors = 0;
    }
    // A silent outcome is answered later, through a push.
    if (!outcome.silent) await this.#send(replyText(outcome), outcome.reply.command);
    outcome.after?.();
    // A live stream started by a connection that is gone meanwhile must not stay behind.
    if (this.#closed) this.#options.pushes.remove(this.session.state);
    if (outcome.close) this.#close(outcome.close.reason, 'info');
  }

  /** Writes a line and waits until it is handed to the system (or the socket is gone). */
  #send(text: string, command: string): Promise<void> {
    if (this.#closed || this.#socket.destroyed) return Promise.resolve();
    this.#checkLength(lineBytes(text), command);
    return new Promise((resolve) => {
      this.#socket.write(`${text}\n`, () => resolve());
    });
  }

  #push(message: Push | EncodedPush): void {
    if (this.#closed || this.#closing || !this.#socket.writable) return;
    if (this.#socket.writableLength > MAX_BACKLOG_BYTES) {
      this.#close(`the client did not read ${bytesText(MAX_BACKLOG_BYTES)} of replies`, 'warn');
      return;
    }
    if (message instanceof EncodedPush) {
      this.#checkLength(message.line.length, message.message.command);
      this.#socket.write(message.line);
    } else {
      const text = JSON.stringify(message);
      this.#checkLength(lineBytes(text), message.command);
      this.#socket.write(`${text}\n`);
    }
    // A push may say the session was signed out (its token revoked).
    this.#grace.check();
  }

  /** `bytes`: the line's length with its newline. */
  #checkLength(bytes: number, command: string): void {
    if (bytes <= CLIENT_LINE_LIMIT || this.#warned.has(command)) return;
    this.#warned.add(command);
    this.#options.logger.warn(
      { address: this.session.address, command, bytes },
      `a ${command} line is over 64 KB: hyperion-py (asyncio readline) cannot read it and drops the connection`,
    );
  }

  /** After the queue ran dry: a client that half-closed gets its end. */
  #finish(): void {
    if (this.#ended && !this.#closing && !this.#closed && this.#lines.length === 0) {
      this.#socket.end();
    }
  }

  /**
   * Closes the connection for a reason (logged), after the final reply if there is one. Whatever
   * the client still sends is read off and dropped for a moment: closing a socket with unread
   * data resets it, and the client could then lose the reply that says why.
   */
  #close(reason: string, level: 'info' | 'warn', final?: Outcome): void {
    if (this.#closing || this.#closed) return;
    this.#closing = reason;
    this.#deaf = true;
    this.#lines = [];
    this.#options.logger[level](
      { address: this.session.address, reason },
      'closing a TCP JSON connection',
    );
    this.#options.pushes.remove(this.session.state);
    if (final && this.#socket.writable) {
      this.#checkLength(lineBytes(replyText(final)), final.reply.command);
      this.#socket.end(`${replyText(final)}\n`);
    } else {
      this.#socket.end();
    }
    this.#socket.resume();
    setTimeout(() => this.#socket.destroy(), LINGER_MS).unref();
  }
}
