import type { Socket } from 'node:net';
import type { LedInstance, SourceHandle } from '@glowkit/engine';
import { type InputSourceInfo, PRIORITY } from '@glowkit/protocol';
import type { Logger } from '../../logger.js';
import {
  HELLO_REPLY,
  lightsReply,
  PING_REPLY,
  parseBoblightLine,
  VERSION_REPLY,
} from './boblight-protocol.js';

/** The lowest priority a boblight client may take (2: 1 is the foreground's). */
export const MIN_CLIENT_PRIORITY = 2;

/** What one boblight client works with. */
export interface BoblightConnectionOptions {
  /** The instance's running pipeline now; undefined while it is stopped or being rebuilt. */
  instance(): LedInstance | undefined;
  /** The priority a client starts at (`boblightServer.priority`), read when it first shows. */
  priority(): number;
  /** The client's address, as connections are counted and logged. */
  address: string;
  /** The instance's number, for the log. */
  instanceId: number;
  logger: Logger;
  /** Longest line, bytes (without its "\n"); a longer one closes the connection. */
  maxLineBytes: number;
  /** Lines in a row that are no boblight command after which the connection is closed. */
  maxBadLines: number;
  /** Reply bytes the client has not read beyond which it is closed. */
  maxBacklogBytes: number;
}

const NEWLINE = 0x0a;

/**
 * One boblight client: it reads lines, answers `hello`, `ping`, `get version` and `get lights`,
 * collects `set light … rgb` colours, and shows them in the instance's muxer as one source
 * (component BOBLIGHTSERVER, origin `Boblight@<address>`) when the last light is set or at
 * `sync`. Its source leaves the muxer when the connection closes, however it closes.
 *
 * Differences from Hyperion.ng: a line without "\n" cannot grow past `maxLineBytes`; the lights
 * follow the instance's layout as it is now (a rebuilt instance, a new layout), not as it was at
 * connect; `set priority` moves the source (the old priority is cleared) and never closes the
 * socket, a priority another source holds being passed over for the next free one; the first
 * `set light` of the last light shows the colours without a `sync`.
 */
export class BoblightConnection {
  readonly origin: string;
  readonly #socket: Socket;
  readonly #options: BoblightConnectionOptions;
  /** The start of a line whose "\n" has not come yet. */
  #partial: Buffer[] = [];
  #partialBytes = 0;
  #badLines = 0;
  /** RGB per light, sized to the instance's LEDs when they are shown. */
  #colors = new Uint8Array(0);
  /** The priority asked for with `set priority`; undefined: the setting's. */
  #wanted: number | undefined;
  /** Where the source is in the muxer, once shown. */
  #input: SourceHandle | undefined;
  #closed = false;
  /** Frames (a `sync`, or the last light set) and those that reached the instance. */
  readonly #frames = { received: 0, shown: 0 };

  constructor(socket: Socket, options: BoblightConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    this.origin = `Boblight@${options.address}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.once('close', () => this.#closeSource());
  }

  /** Closes the connection; its source leaves the muxer. */
  destroy(): void {
    this.#closeSource();
    this.#socket.destroy();
  }

  /**
   * What `serverinfo.inputSources` shows of it. Lines are read as they come, so no frame is
   * dropped or has a decode time worth showing.
   */
  info(): InputSourceInfo {
    return {
      componentId: 'BOBLIGHTSERVER',
      decodeMs: 0,
      framesDropped: 0,
      framesReceived: this.#frames.received,
      framesShown: this.#frames.shown,
      instance: this.#options.instanceId,
      origin: this.origin,
      peer: this.#options.address,
      ...(this.#input ? { priority: this.#input.priority } : {}),
    };
  }

  /** Ends the connection for what its client did, with one log line. */
  #refuse(why: string): void {
    if (this.#closed) return;
    const { logger, address, instanceId } = this.#options;
    logger.warn(
      { instance: instanceId, address },
      `closed the boblight connection of ${address} (instance ${instanceId}): ${why}`,
    );
    this.destroy();
  }

  #receive(chunk: Buffer): void {
    let start = 0;
    while (!this.#closed) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (this.#partialBytes + piece.length > this.#options.maxLineBytes) {
        this.#refuse(`it sent a line longer than ${this.#options.maxLineBytes} bytes`);
        return;
      }
      let line: Buffer = piece;
      if (this.#partial.length > 0) {
        line = Buffer.concat([...this.#partial, piece]);
        this.#partial = [];
        this.#partialBytes = 0;
      }
      this.#line(line.toString('latin1'));
    }
    if (this.#closed || start >= chunk.length) return;
    const rest = chunk.subarray(start);
    if (this.#partialBytes + rest.length > this.#options.maxLineBytes) {
      this.#refuse(
        `it sent more than ${this.#options.maxLineBytes} bytes without a newline (boblight lines are short)`,
      );
      return;
    }
    // A copy: the chunk's memory is Node's pool, which a held slice would keep alive.
    this.#partial.push(Buffer.from(rest));
    this.#partialBytes += rest.length;
  }

  #line(line: string): void {
    const command = parseBoblightLine(line);
    if (command.kind === 'unknown') {
      if (line.trim() === '') return;
      this.#badLines += 1;
      this.#options.logger.debug(
        { instance: this.#options.instanceId, address: this.#options.address, why: command.why },
        'boblight line ignored',
      );
      if (this.#badLines >= this.#options.maxBadLines) {
        this.#refuse(
          `${this.#badLines} lines in a row were no boblight command (the last: ${command.why})`,
        );
      }
      return;
    }
    this.#badLines = 0;
    switch (command.kind) {
      case 'hello':
        this.#reply(HELLO_REPLY);
        break;
      case 'ping':
        this.#reply(PING_REPLY);
        break;
      case 'get-version':
        this.#reply(VERSION_REPLY);
        break;
      case 'get-lights':
        this.#reply(lightsReply(this.#options.instance()?.view.layout ?? []));
        break;
      case 'set-rgb':
        this.#setLight(command.light, command.rgb);
        break;
      case 'set-priority':
        this.#setPriority(command.priority);
        break;
      case 'sync':
        this.#show();
        break;
      case 'set-ignored':
        break;
    }
  }

  #reply(text: string): void {
    if (this.#socket.writableLength > this.#options.maxBacklogBytes) {
      this.#refuse(
        `it does not read its replies (more than ${this.#options.maxBacklogBytes} bytes waiting)`,
      );
      return;
    }
    this.#socket.write(text, 'latin1');
  }

  #setLight(light: number, rgb: [number, number, number]): void {
    const instance = this.#options.instance();
    const count = instance?.view.ledCount ?? 0;
    // A light beyond the layout (a client set up for another strip) has nowhere to go.
    if (light >= count) return;
    this.#fit(count);
    this.#colors.set(rgb, light * 3);
    if (light === count - 1) this.#show();
  }

  /** Sizes the colours to the instance's LEDs now, keeping those that still fit. */
  #fit(count: number): void {
    if (this.#colors.length === count * 3) return;
    const colors = new Uint8Array(count * 3);
    colors.set(this.#colors.subarray(0, colors.length));
    this.#colors = colors;
  }

  /** The priority the source should hold: the asked one, else the setting's. */
  get #priority(): number {
    return this.#wanted ?? this.#options.priority();
  }

  /**
   * The first priority from `from` up to the last a client may use that no other source holds;
   * `from` itself when all are taken.
   */
  #freePriority(instance: LedInstance, from: number): number {
    for (let p = from; p <= PRIORITY.MAX_CLIENT; p++) {
      const held = instance.muxer.get(p);
      if (held === undefined || held === this.#input) return p;
    }
    return from;
  }

  #show(): void {
    if (this.#closed) return;
    this.#frames.received += 1;
    const instance = this.#options.instance();
    if (!instance) return;
    this.#fit(instance.view.ledCount);
    // Updated in place while it holds its priority, so that a stream does not announce a
    // priority change per frame; registered again (at a free priority) once it lost it.
    const held = this.#input && instance.holds(this.#input) ? this.#input : undefined;
    const source =
      held ??
      instance.registerSource({
        priority: this.#freePriority(instance, this.#priority),
        origin: this.origin,
        component: 'BOBLIGHTSERVER',
      });
    // An instance switched off (ALL) shows nothing; the client carries on.
    this.#input = source && instance.showSourceLeds(source, this.#colors) ? source : undefined;
    if (this.#input) this.#frames.shown += 1;
  }

  #setPriority(asked: number): void {
    // Hyperion.ng takes a priority a client may not use as its default.
    const priority =
      asked >= MIN_CLIENT_PRIORITY && asked <= PRIORITY.MAX_CLIENT
        ? asked
        : this.#options.priority();
    if (priority === this.#wanted && priority === this.#input?.priority) return;
    this.#wanted = priority;
    const instance = this.#options.instance();
    if (!instance || !this.#input || !instance.holds(this.#input)) return;
    if (this.#input.priority === priority) return;
    // Moved: the old priority is cleared, and the colours show at the new one at once.
    instance.clearSource(this.#input);
    this.#input = undefined;
    this.#show();
  }

  #closeSource(): void {
    if (this.#closed) return;
    this.#closed = true;
    const input = this.#input;
    this.#input = undefined;
    if (input) this.#options.instance()?.clearSource(input);
  }
}
