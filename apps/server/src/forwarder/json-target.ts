/**
 * A JSON target of the forwarder: the `color`, `image`, `effect`, `clear` and `clearall`
 * commands the forwarded instance is given, re-sent to another server's TCP JSON port over one
 * persistent connection (Hyperion.ng opens a connection per message and blocks on its reply).
 */
import type { Socket } from 'node:net';
import type {
  ClearAllRequest,
  ClearRequest,
  ColorRequest,
  EffectRequest,
  ForwarderTargetInfo,
  ImageRequest,
} from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import { type LinkTiming, TargetLink } from './target-link.js';

/** A command the forwarder re-sends to JSON targets, as the forwarded instance was given it. */
export type ForwardedRequest =
  | ColorRequest
  | ImageRequest
  | EffectRequest
  | ClearRequest
  | ClearAllRequest;

/** A `jsonapi` entry of the `forwarder` group, its defaults filled. */
export interface JsonTargetSettings {
  name: string;
  host: string;
  port: number;
  /** The target's instances each command goes to; empty: the target's default. */
  instanceIds: number[];
  /** A token of the target, for a login first; empty: none. */
  token: string;
}

/** A command waiting to be written. */
interface Pending {
  text: string;
  /** What it does to the target's priorities: sets one, clears one, clears all. */
  effect: { kind: 'set'; priority: number; image: boolean } | { kind: 'clear'; priority: number };
  /** When it was given, and how long it lasts (ms, < 0 endless): an expired one is not sent. */
  at: number;
  durationMs: number;
}

/** Longest reply line read from a target; a longer one is not a reply (the link is dropped). */
const MAX_REPLY_BYTES = 1024 * 1024;

/** What a JSON target needs. */
export interface JsonTargetOptions {
  settings: JsonTargetSettings;
  logger: Logger;
  timing: LinkTiming;
}

/**
 * See the module. Commands are written in the order they were given, one at a time, as the
 * socket takes them: while the target is down or slow they wait, and a newer command for the
 * same priority replaces one still waiting (a `clear` of it, or `clearall`, too), so what waits
 * is bounded and the target ends as it would have. At most one picture waits: a newer one
 * replaces it whatever its priority (pictures are large; the newest wins). Nothing is ever
 * buffered in the socket beyond the command being written. Replies are read; an error is
 * logged once until the target answers something else.
 */
export class JsonTarget {
  readonly settings: JsonTargetSettings;
  readonly #logger: Logger;
  readonly #link: TargetLink;
  #pending: Pending[] = [];
  /** Priorities set on the target and not cleared since: what a stop clears. */
  readonly #forwarded = new Set<number>();
  #sent = 0;
  #dropped = 0;
  #replyBuffer = '';
  #lastError: string | undefined;

  constructor(options: JsonTargetOptions) {
    this.settings = options.settings;
    this.#logger = options.logger;
    this.#link = new TargetLink({
      kind: 'jsonapi',
      target: options.settings,
      logger: options.logger,
      timing: options.timing,
      handlers: {
        connected: (socket) => this.#connected(socket),
        lost: () => {
          this.#replyBuffer = '';
        },
      },
    });
  }

  /** Connects, and stays connected (reconnecting after a backoff) until {@link stop}. */
  start(): void {
    this.#link.want();
  }

  /** Takes a command the forwarded instance was given; written as soon as the socket takes it. */
  send(request: ForwardedRequest): void {
    const pending = this.#pendingOf(request);
    this.#pending = this.#pending.filter((queued) => {
      const superseded = supersedes(pending.effect, queued.effect);
      if (superseded) this.#dropped += 1;
      return !superseded;
    });
    this.#pending.push(pending);
    this.#flush();
  }

  /**
   * Stops forwarding: what waits is dropped, the priorities this forwarder set on the target
   * are cleared (Hyperion.ng clears priority 1, whatever it set), and the connection is ended.
   * Resolves once it is closed, or after `graceMs`.
   */
  async stop(graceMs: number): Promise<void> {
    this.#dropped += this.#pending.length;
    this.#pending = [];
    const socket = this.#link.socket;
    if (socket) {
      for (const priority of [...this.#forwarded].sort((a, b) => a - b)) {
        socket.write(`${JSON.stringify(this.#message({ command: 'clear', priority }))}\n`);
      }
    }
    this.#forwarded.clear();
    await this.#link.close(graceMs);
  }

  /** What `serverinfo.forwarder` shows of it. */
  info(): ForwarderTargetInfo {
    const { name, host, port } = this.settings;
    const state = this.#link.state;
    return {
      name,
      host,
      port,
      kind: 'jsonapi',
      state: state === 'idle' ? 'idle' : state,
      framesSent: this.#sent,
      framesDropped: this.#dropped,
    };
  }

  /** The request as the target gets it: without the client's `tan` and `instance`. */
  #message(request: Record<string, unknown>): Record<string, unknown> {
    const { tan: _tan, instance: _instance, ...rest } = request;
    const { instanceIds } = this.settings;
    return instanceIds.length > 0 ? { ...rest, instance: [...instanceIds] } : rest;
  }

  #pendingOf(request: ForwardedRequest): Pending {
    const text = JSON.stringify(this.#message(request as unknown as Record<string, unknown>));
    const at = performance.now();
    switch (request.command) {
      case 'clear':
        return { text, effect: { kind: 'clear', priority: request.priority }, at, durationMs: -1 };
      case 'clearall':
        return { text, effect: { kind: 'clear', priority: -1 }, at, durationMs: -1 };
      default:
        return {
          text,
          effect: { kind: 'set', priority: request.priority, image: request.command === 'image' },
          at,
          durationMs: request.duration ?? -1,
        };
    }
  }

  /** Writes what waits, one command at a time, while the socket has nothing left to write. */
  #flush(): void {
    const socket = this.#link.socket;
    if (!socket) return;
    while (this.#pending.length > 0 && socket.writableLength === 0 && !socket.destroyed) {
      const next = this.#pending.shift() as Pending;
      if (next.durationMs >= 0 && performance.now() - next.at >= next.durationMs) {
        // It would have ended by now: sending it late would show it too long.
        this.#dropped += 1;
        continue;
      }
      const { effect } = next;
      if (effect.kind === 'set') this.#forwarded.add(effect.priority);
      else if (effect.priority < 0) this.#forwarded.clear();
      else this.#forwarded.delete(effect.priority);
      this.#sent += 1;
      // Called once the line is handed to the system: the next one may follow.
      socket.write(`${next.text}\n`, () => this.#flush());
    }
  }

  #connected(socket: Socket): void {
    this.#replyBuffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.#read(socket, chunk));
    const { token } = this.settings;
    if (token !== '') {
      socket.write(
        `${JSON.stringify({ command: 'authorize', subcommand: 'login', token, tan: 1 })}\n`,
      );
    }
    this.#flush();
  }

  #read(socket: Socket, chunk: string): void {
    this.#replyBuffer += chunk;
    let end = this.#replyBuffer.indexOf('\n');
    while (end >= 0) {
      const line = this.#replyBuffer.slice(0, end).trim();
      this.#replyBuffer = this.#replyBuffer.slice(end + 1);
      if (line !== '') this.#reply(line);
      end = this.#replyBuffer.indexOf('\n');
    }
    if (this.#replyBuffer.length > MAX_REPLY_BYTES) {
      this.#link.fail(`it sent a line of over ${MAX_REPLY_BYTES} bytes, not a reply`);
      socket.destroy();
    }
  }

  /** One reply line: an error is logged, once until the target answers something else. */
  #reply(line: string): void {
    let reply: { command?: unknown; success?: unknown; error?: unknown };
    try {
      reply = JSON.parse(line) as typeof reply;
    } catch {
      return;
    }
    this.#link.healthy();
    if (reply.success !== false) {
      if (reply.success === true) this.#lastError = undefined;
      return;
    }
    const command = typeof reply.command === 'string' ? reply.command : 'a command';
    const error = typeof reply.error === 'string' ? reply.error : 'no reason given';
    const text = `${command}: ${error}`;
    if (text === this.#lastError) return;
    this.#lastError = text;
    this.#logger.warn(
      { target: this.#link.label, command, error },
      `forwarder: ${this.#link.label} refused ${command}: ${error}`,
    );
  }
}

/** Whether a command given later makes one still waiting pointless. */
function supersedes(later: Pending['effect'], earlier: Pending['effect']): boolean {
  if (later.kind === 'set' && later.image && earlier.kind === 'set' && earlier.image) return true;
  if (later.kind === 'clear' && later.priority < 0) return true;
  // A colour, picture, effect or clear at a priority replaces what waits for that priority.
  return earlier.priority === later.priority;
}
