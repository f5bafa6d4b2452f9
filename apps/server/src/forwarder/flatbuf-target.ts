/**
 * A flatbuffers target of the forwarder: the forwarded instance's visible picture source's own
 * picture (or colour), sent to another server's flatbuffers port as a grabber does — Register
 * origin "Forwarder" at priority 140 and wait for its answer, then one frame in flight at a
 * time, the newest waiting frame replacing an older one.
 */
import type { Socket } from 'node:net';
import type { RgbImage } from '@glowkit/engine';
import type { ForwarderTargetInfo } from '@glowkit/protocol';
import {
  type FlatbufReply,
  MalformedMessage,
  readReply,
  writeClear,
  writeColor,
  writeRawImage,
  writeRegister,
} from '../inputs/flatbuffers/flatbuf-codec.js';
import { FramingError, LengthPrefixedReader, withLengthPrefix } from '../inputs/length-prefixed.js';
import type { Logger } from '../logger.js';
import { type LinkTiming, TargetLink } from './target-link.js';

/** The origin and priority a forwarder registers with (Hyperion.ng's). */
export const FORWARDER_ORIGIN = 'Forwarder';
export const FORWARDER_PRIORITY = 140;

/** A `flatbuffer` entry of the `forwarder` group, its defaults filled. */
export interface FlatbufTargetSettings {
  name: string;
  host: string;
  port: number;
}

/** What the target is sent: a picture, one colour, or the Clear of its priority. */
export type FlatbufFrame =
  | { kind: 'image'; image: RgbImage }
  | { kind: 'color'; rgb: [number, number, number] }
  | { kind: 'clear' };

/** What is written and waits for its answer. */
type InFlight = 'register' | FlatbufFrame['kind'];

/** What a flatbuffers target needs. */
export interface FlatbufTargetOptions {
  settings: FlatbufTargetSettings;
  logger: Logger;
  timing: LinkTiming & {
    /** A request not answered in this long means the target is gone, ms. */
    replyTimeoutMs: number;
  };
}

/** Largest reply read (a Reply is a few dozen bytes; an error text at most a few hundred). */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * See the module. The connection is opened when there is a picture to send and ended after the
 * Clear that follows the last one (Hyperion.ng just closes it). A target that is down is retried
 * with a backoff while there is a picture to send; once it is back it gets the newest one.
 */
export class FlatbufTarget {
  readonly settings: FlatbufTargetSettings;
  readonly #options: FlatbufTargetOptions;
  readonly #link: TargetLink;
  /** The newest frame not yet sent. */
  #pending: FlatbufFrame | undefined;
  /** The last picture or colour sent: what a reconnected target is sent again. */
  #last: FlatbufFrame | undefined;
  /** What is written and not answered yet (a Register counts). */
  #inFlight: InFlight | undefined;
  #registered = false;
  #replyTimer: NodeJS.Timeout | undefined;
  #scheduled: NodeJS.Immediate | undefined;
  #sent = 0;
  #dropped = 0;
  #lastError: string | undefined;

  constructor(options: FlatbufTargetOptions) {
    this.settings = options.settings;
    this.#options = options;
    this.#link = new TargetLink({
      kind: 'flatbuffer',
      target: options.settings,
      logger: options.logger,
      timing: options.timing,
      handlers: {
        connected: (socket) => this.#connected(socket),
        lost: () => this.#lost(),
      },
    });
  }

  /** A new picture or colour to show on the target (replacing one still waiting). */
  show(frame: Exclude<FlatbufFrame, { kind: 'clear' }>): void {
    this.#queue(frame);
    this.#last = frame;
    this.#link.want();
    // Encoded and written on a later turn, after what the instance does with the frame itself.
    this.#scheduled ??= setImmediate(() => {
      this.#scheduled = undefined;
      this.#pump();
    });
  }

  /**
   * Nothing to show any more: the target is sent a Clear of the forwarder's priority, so that
   * it shows what lies below at once, and the connection is ended after its answer.
   */
  clear(): void {
    this.#last = undefined;
    const socket = this.#link.socket;
    if (!socket || !this.#registered) {
      // Not connected: the target dropped the forwarder's picture when the connection went.
      if (this.#pending) this.#dropped += 1;
      this.#pending = undefined;
      this.#link.drop();
      return;
    }
    this.#queue({ kind: 'clear' });
    this.#pump();
  }

  /** Clears the target (when connected) and ends the connection; resolves once it is closed. */
  async stop(graceMs: number): Promise<void> {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    if (this.#pending) this.#dropped += 1;
    this.#pending = undefined;
    this.#last = undefined;
    const socket = this.#link.socket;
    if (socket && this.#registered) socket.write(withLengthPrefix(writeClear(FORWARDER_PRIORITY)));
    this.#disarmReply();
    await this.#link.close(graceMs);
  }

  /** What `serverinfo.forwarder` shows of it. */
  info(): ForwarderTargetInfo {
    const { name, host, port } = this.settings;
    return {
      name,
      host,
      port,
      kind: 'flatbuffer',
      state: this.#link.state,
      framesSent: this.#sent,
      framesDropped: this.#dropped,
    };
  }

  #queue(frame: FlatbufFrame): void {
    if (this.#pending) this.#dropped += 1;
    this.#pending = frame;
  }

  /** Sends the waiting frame when the target is registered and nothing is in flight. */
  #pump(): void {
    const socket = this.#link.socket;
    const frame = this.#pending;
    if (!socket || !this.#registered || this.#inFlight !== undefined || !frame) return;
    this.#pending = undefined;
    if (socket.writableLength > 0) {
      // The system takes no more (not even the last frame's answer came back): drop, never buffer.
      this.#dropped += 1;
      return;
    }
    const body =
      frame.kind === 'image'
        ? writeRawImage(frame.image)
        : frame.kind === 'color'
          ? writeColor(frame.rgb)
          : writeClear(FORWARDER_PRIORITY);
    this.#write(socket, body, frame.kind);
    if (frame.kind !== 'clear') this.#sent += 1;
  }

  #write(socket: Socket, body: Uint8Array, what: InFlight): void {
    this.#inFlight = what;
    socket.write(withLengthPrefix(body));
    this.#disarmReply();
    this.#replyTimer = setTimeout(() => {
      this.#link.fail(`no answer in ${this.#options.timing.replyTimeoutMs / 1000} s`);
    }, this.#options.timing.replyTimeoutMs);
    this.#replyTimer.unref();
  }

  #connected(socket: Socket): void {
    this.#registered = false;
    this.#inFlight = undefined;
    // The newest picture again, if the last one went with the previous connection.
    if (!this.#pending && this.#last) this.#pending = this.#last;
    const reader = new LengthPrefixedReader(MAX_REPLY_BYTES);
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch (error) {
        if (!(error instanceof FramingError)) throw error;
        this.#link.fail(`it answered what is not a flatbuffers Reply (${error.message})`);
        return;
      }
      for (const message of messages) {
        let reply: FlatbufReply;
        try {
          reply = readReply(message);
        } catch (error) {
          if (!(error instanceof MalformedMessage)) throw error;
          this.#link.fail(`it answered what is not a flatbuffers Reply (${error.message})`);
          return;
        }
        this.#reply(reply);
      }
    });
    this.#write(socket, writeRegister(FORWARDER_ORIGIN, FORWARDER_PRIORITY), 'register');
  }

  #reply(reply: FlatbufReply): void {
    const answered = this.#inFlight;
    this.#inFlight = undefined;
    this.#disarmReply();
    if (reply.error !== undefined) this.#error(reply.error);
    else this.#lastError = undefined;
    const socket = this.#link.socket;
    if (!socket) return;
    if (answered === 'register') {
      if (reply.registered !== FORWARDER_PRIORITY) {
        this.#link.fail(`it refused the registration at ${FORWARDER_PRIORITY}`);
        return;
      }
      this.#registered = true;
      this.#link.healthy();
    } else if (answered === 'clear' && !this.#pending) {
      this.#link.drop();
      return;
    } else if (reply.registered !== FORWARDER_PRIORITY) {
      // No longer registered there: after the forwarder's Clear, or the target dropped its
      // source (a JSON clear of 140 there). Register again; the newest picture follows.
      this.#registered = false;
      if (answered !== 'clear' && !this.#pending && this.#last) this.#pending = this.#last;
      this.#write(socket, writeRegister(FORWARDER_ORIGIN, FORWARDER_PRIORITY), 'register');
      return;
    }
    this.#pump();
  }

  #error(error: string): void {
    if (error === this.#lastError) return;
    this.#lastError = error;
    this.#options.logger.warn(
      { target: this.#link.label, error },
      `forwarder: ${this.#link.label} answered: ${error}`,
    );
  }

  #lost(): void {
    this.#registered = false;
    this.#inFlight = undefined;
    this.#disarmReply();
    // A Clear still waiting has nothing left to clear: the target dropped the source with the
    // connection.
    if (this.#pending?.kind === 'clear') {
      this.#pending = undefined;
      this.#link.drop();
    }
  }

  #disarmReply(): void {
    if (this.#replyTimer) clearTimeout(this.#replyTimer);
    this.#replyTimer = undefined;
  }
}
