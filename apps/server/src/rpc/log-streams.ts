import type { LogLevelString, LogMessage, LogMessagesData } from '@glowkit/protocol';
import type { LogLine, LogRing } from '../log-ring.js';
import type { SessionState } from './session.js';

/** The most lines one `logmsg-update` push carries (the kept lines come in several). */
export const LOG_PUSH_LINES = 100;

/** How the log streams hold back from a client that does not read. */
export interface LogStreamLimits {
  /**
   * Bytes a session may have unsent (its socket's buffer) before its lines wait instead of being
   * sent. Default 256 KB.
   */
  maxUnsentBytes?: number;
  /** Lines a waiting session may have queued; older ones are dropped and counted. Default 500. */
  maxQueuedLines?: number;
  /** How often a waiting session is looked at again, ms. Default 250. */
  retryMs?: number;
}

interface Stream {
  /** Lines not yet sent, oldest first (the ring's own objects: nothing is copied). */
  queue: LogLine[];
  /** Lines dropped since the last push, because the client did not keep up. */
  dropped: number;
  /** While the client's socket is full: the next look. */
  retry: NodeJS.Timeout | undefined;
}

/** pino's level numbers as Hyperion.ng's `levelString` (its four levels). */
function levelStringOf(level: number): LogLevelString {
  if (level >= 50) return 'ERROR';
  if (level >= 40) return 'WARNING';
  if (level >= 30) return 'INFO';
  return 'DEBUG';
}

/** A ring line in Hyperion.ng's `logmsg-update` shape (`line` and `utime` are strings there). */
export function logMessageOf(line: LogLine): LogMessage {
  return {
    loggerName: line.module,
    loggerSubName: line.instance === undefined ? '' : `I${line.instance}`,
    function: '',
    line: '0',
    fileName: '',
    message: line.message,
    levelString: levelStringOf(line.level),
    utime: String(line.time),
  };
}

/**
 * The `logging start` streams: each session gets the ring's lines at the current level first,
 * then every new line, as `logmsg-update` pushes, batched per turn of the event loop. A session
 * whose socket does not drain is not sent more: its lines wait in a queue of bounded length, the
 * oldest dropped beyond it, and its next push says how many it missed (`dropped`, and a WARNING
 * line), so a stalled client costs a fixed amount of memory. Nothing here logs: a line about
 * the stream would feed the stream.
 */
export class LogStreams {
  readonly #ring: LogRing | undefined;
  readonly #maxUnsent: number;
  readonly #maxQueued: number;
  readonly #retryMs: number;
  readonly #streams = new Map<SessionState, Stream>();
  #unlisten: (() => void) | undefined;
  #flush: NodeJS.Immediate | undefined;

  /** `ring`: where the lines come from (none: a logger without one, nothing to stream). */
  constructor(ring: LogRing | undefined, limits: LogStreamLimits = {}) {
    this.#ring = ring;
    this.#maxUnsent = limits.maxUnsentBytes ?? 256 * 1024;
    this.#maxQueued = limits.maxQueuedLines ?? 500;
    this.#retryMs = limits.retryMs ?? 250;
  }

  /** Whether a session streams the log. */
  has(session: SessionState): boolean {
    return this.#streams.has(session);
  }

  /**
   * Streams the log to a session: the kept lines at `minLevel` or above (pino's number of the
   * current level) at once, then each new line. Starting again sends the kept lines again.
   */
  start(session: SessionState, minLevel: number): void {
    if (!this.#ring) return;
    const stream = this.#streams.get(session) ?? { queue: [], dropped: 0, retry: undefined };
    this.#streams.set(session, stream);
    stream.queue = this.#ring.lines(minLevel).slice(-this.#maxQueued);
    this.#unlisten ??= this.#ring.listen((line) => this.#line(line));
    this.#send(session, stream);
  }

  /** Ends a session's stream (`logging stop`, a sign-out, the session closed). */
  stop(session: SessionState): void {
    const stream = this.#streams.get(session);
    if (!stream) return;
    clearTimeout(stream.retry);
    this.#streams.delete(session);
    if (this.#streams.size === 0) {
      this.#unlisten?.();
      this.#unlisten = undefined;
    }
  }

  /** Ends every stream. */
  close(): void {
    for (const session of [...this.#streams.keys()]) this.stop(session);
    if (this.#flush) clearImmediate(this.#flush);
    this.#flush = undefined;
  }

  #line(line: LogLine): void {
    for (const stream of this.#streams.values()) {
      stream.queue.push(line);
      if (stream.queue.length > this.#maxQueued) {
        stream.queue.shift();
        stream.dropped++;
      }
    }
    // One push per session per turn of the event loop, however many lines came in it.
    this.#flush ??= setImmediate(() => {
      this.#flush = undefined;
      for (const [session, stream] of this.#streams) this.#send(session, stream);
    });
  }

  #send(session: SessionState, stream: Stream): void {
    if (stream.retry || (stream.queue.length === 0 && stream.dropped === 0)) return;
    if ((session.unsentBytes?.() ?? 0) > this.#maxUnsent) {
      stream.retry = setTimeout(() => {
        stream.retry = undefined;
        if (this.#streams.get(session) === stream) this.#send(session, stream);
      }, this.#retryMs);
      stream.retry.unref();
      return;
    }
    const lines = stream.queue;
    const dropped = stream.dropped;
    stream.queue = [];
    stream.dropped = 0;
    const messages = lines.map(logMessageOf);
    if (dropped > 0) messages.unshift(droppedMessage(dropped));
    for (let i = 0; i < messages.length; i += LOG_PUSH_LINES) {
      const data: LogMessagesData = {
        messages: messages.slice(i, i + LOG_PUSH_LINES),
        ...(dropped > 0 && i === 0 ? { dropped } : {}),
      };
      session.push({ command: 'logmsg-update', data });
    }
  }
}

/** The line a session gets in place of those it missed. */
function droppedMessage(dropped: number): LogMessage {
  return {
    loggerName: 'logging',
    loggerSubName: '',
    function: '',
    line: '0',
    fileName: '',
    message: `${dropped} log line${dropped === 1 ? ' was' : 's were'} not sent to this client: it did not read the earlier ones fast enough`,
    levelString: 'WARNING',
    utime: String(Date.now()),
  };
}
