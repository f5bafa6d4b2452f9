/**
 * A picture input's TCP server, whatever its protocol: it admits connections (the JSON
 * transports' limits, the peer access rule), cuts the byte stream into length-prefixed messages,
 * drops idle clients, and closes a connection that sends bad input with one log line. A protocol
 * adds only its codec and its session (see {@link InputProtocol}).
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import type { PrioritySource } from '@glowkit/protocol';
import { clientAddress } from '../auth/client-address.js';
import type { Logger } from '../logger.js';
import type { ConnectionLimits } from '../transport/connection-limits.js';
import {
  FramingError,
  LengthPrefixedReader,
  MAX_FRAME_BYTES,
  withLengthPrefix,
} from './length-prefixed.js';
import type { PictureSource, PictureSources, SourceSettings } from './picture-source.js';

/** What a session may do with its connection. */
export interface InputConnection {
  /** The client's address. */
  readonly peer: string;
  /** The client's source in the muxers. */
  readonly source: PictureSource;
  /** Sends a reply (its length prefix is added); skipped while the client reads none. */
  send(body: Uint8Array): void;
  /**
   * Closes the connection with one log line saying why (a warning), after a last reply when
   * one is given. Nothing more is read from it.
   */
  fail(reason: string, lastReply?: Uint8Array): void;
}

/**
 * One connection's protocol state: takes each message (the bytes after its length prefix) and
 * when its last byte was read (`performance.now()`), which a picture passes on to its source.
 */
export interface InputSession {
  message(body: Buffer, receivedAt: number): void;
}

/** A picture protocol: its name for logs, its component, and a session per connection. */
export interface InputProtocol {
  /** e.g. `"flatbuffers"`. */
  name: string;
  component: PrioritySource;
  session(connection: InputConnection): InputSession;
}

/**
 * Whether a peer may use a picture input: undefined to serve it, else why not (the client is
 * closed with a log line naming it). The server answers with the `network` group's rules
 * (transport/network-access.ts): local peers always, internet peers as the group allows.
 */
export type PeerAccess = (address: string) => string | undefined;

/** The group's settings the server applies (a restart applies new ones to every client). */
export interface InputServerSettings extends SourceSettings {
  /** A client that sends nothing for this long is closed (the group's `timeout`, in ms). */
  timeoutMs: number;
}

/** What an input server needs. */
export interface InputServerOptions {
  protocol: InputProtocol;
  sources: PictureSources;
  logger: Logger;
  /** The open connections' limits, shared with the JSON transports. */
  limits: ConnectionLimits;
  /** Default: every peer is served (the server passes the `network` group's rules). */
  peerAccess?: PeerAccess;
  /** Largest message, bytes. Default {@link MAX_FRAME_BYTES}. */
  maxMessageBytes?: number;
  settings: InputServerSettings;
}

/**
 * Replies a client has not read, in bytes, beyond which further replies are skipped:
 * HyperionScreenCap never reads them, and they would pile up in the server's memory.
 */
const MAX_UNREAD_REPLIES = 64 * 1024;

/**
 * A picture input's server. It makes listening servers (one per bound port: a restart that
 * moves the port opens a new one) and keeps the connections, which outlive any one of them.
 */
export class InputServer {
  readonly #options: InputServerOptions;
  readonly #sockets = new Set<Socket>();
  #settings: InputServerSettings;

  constructor(options: InputServerOptions) {
    this.#options = options;
    this.#settings = { ...options.settings };
  }

  /** The protocol served. */
  get protocol(): InputProtocol {
    return this.#options.protocol;
  }

  /** Connected clients now. */
  get clients(): number {
    return this.#sockets.size;
  }

  /**
   * Takes new settings: `pixelDecimation` applies to the next frame of every client, `timeout`
   * to every client from now on.
   */
  configure(settings: InputServerSettings): void {
    this.#settings = { ...settings };
    for (const socket of this.#sockets) socket.setTimeout(settings.timeoutMs);
  }

  /** A new listening server (not yet bound) whose clients this server serves. */
  createServer(): Server {
    return createNetServer((socket) => this.#accept(socket));
  }

  /** Drops every client at once (the listener was switched off, or the server stops). */
  terminate(): void {
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  #accept(socket: Socket): void {
    const { logger, protocol } = this.#options;
    const peer = clientAddress(socket.remoteAddress);
    socket.on('error', (error) =>
      logger.debug({ err: error, peer }, `${protocol.name} socket error`),
    );
    const refusal = this.#options.peerAccess?.(peer);
    if (refusal !== undefined) {
      logger.warn(
        { peer, protocol: protocol.name },
        `refused a ${protocol.name} client: ${refusal}`,
      );
      socket.destroy();
      return;
    }
    const admission = this.#options.limits.admit(peer, protocol.name);
    if (!admission.ok) {
      // Logged by the limits; these protocols have no way to say why.
      socket.destroy();
      return;
    }
    this.#sockets.add(socket);
    const source = this.#options.sources.open(
      { component: protocol.component, peer },
      () => this.#settings,
    );
    socket.once('close', () => {
      admission.release();
      this.#sockets.delete(socket);
      source.close();
      logger.debug({ peer, origin: source.origin }, `${protocol.name} client disconnected`);
    });
    let failed = false;
    const connection: InputConnection = {
      peer,
      source,
      send: (body) => {
        if (failed || socket.writableLength > MAX_UNREAD_REPLIES) return;
        socket.write(withLengthPrefix(body));
      },
      fail: (reason, lastReply) => {
        if (failed) return;
        failed = true;
        logger.warn(
          { peer, origin: source.origin, protocol: protocol.name },
          `closed a ${protocol.name} client (${peer}): ${reason}`,
        );
        source.close();
        // What the client sends meanwhile is read off and dropped, so that its end of the
        // connection is seen and the socket closes at once.
        socket.removeAllListeners('data');
        socket.resume();
        if (lastReply) socket.end(withLengthPrefix(lastReply));
        else socket.end();
        // A client that does not close its side is dropped soon after.
        setTimeout(() => socket.destroy(), 1000).unref();
      },
    };
    const session = protocol.session(connection);
    const reader = new LengthPrefixedReader(this.#options.maxMessageBytes ?? MAX_FRAME_BYTES);
    // Started at once (Hyperion.ng starts it at the first message only, so a client that never
    // sends stays forever); restarted by every byte read or written.
    socket.setTimeout(this.#settings.timeoutMs);
    socket.on('timeout', () => {
      logger.info(
        { peer, origin: source.origin, protocol: protocol.name },
        `closed a ${protocol.name} client (${peer}): it sent nothing for ${this.#settings.timeoutMs / 1000} s (the group's timeout)`,
      );
      socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => {
      const receivedAt = performance.now();
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        connection.fail(error.message);
        return;
      }
      for (const message of messages) {
        if (failed) return;
        session.message(message, receivedAt);
      }
    });
    logger.debug({ peer, protocol: protocol.name }, `${protocol.name} client connected`);
  }
}
