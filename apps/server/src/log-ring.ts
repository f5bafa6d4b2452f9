/**
 * The last log lines, kept in memory for the `logging` command and the web UI's Log page, fed by
 * the pino logger as one more destination beside standard output (see logger.ts).
 */

/** One log line as the ring keeps it: small, already redacted, its text cut to a bound. */
export interface LogLine {
  /** pino's level number: 10 trace, 20 debug, 30 info, 40 warn, 50 error, 60 fatal. */
  level: number;
  /** Milliseconds since the epoch. */
  time: number;
  /** The part of the server that logged it: the line's `module` field, else `glowkit`. */
  module: string;
  /** The instance it is about (the line's `instance` field), when there is one. */
  instance?: number;
  /** `msg`, then the line's other fields as compact JSON (an error's message, not its stack). */
  message: string;
}

/** How many lines the ring keeps: Hyperion.ng's 500. */
export const LOG_RING_LINES = 500;

/** The longest `message` kept, in characters; a longer one is cut and ends with `…`. */
export const LOG_LINE_CHARS = 1000;

/** The fields of a pino line that {@link LogLine} carries apart, not in `message`. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'module', 'instance', 'pid', 'hostname']);

/** The longest module name kept, in characters. */
const MODULE_CHARS = 64;

/**
 * `text` cut to `max` characters (ending with `…`), as a string of its own: a slice of a long
 * string would keep the whole of it alive in V8, and the ring would then hold every long line.
 */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  return Buffer.from(`${text.slice(0, max - 1)}…`, 'utf8').toString('utf8');
}

/** Compact JSON of a field's value; an error (pino's `err` shape) by its message only. */
function detailOf(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'message' in value && 'stack' in value) {
    return (value as { message: unknown }).message;
  }
  return value;
}

/**
 * Reads one pino JSON line into a {@link LogLine}, or undefined when it is not one (the ring
 * never throws at the logger).
 *
 * @param text - one line as pino wrote it (JSON, redacted already).
 * @param maxChars - the longest message kept.
 */
export function logLineOf(text: string, maxChars = LOG_LINE_CHARS): LogLine | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const fields = entry as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!OWN_FIELDS.has(key)) details[key] = detailOf(value);
  }
  const msg = typeof fields.msg === 'string' ? fields.msg : '';
  const rest = Object.keys(details).length > 0 ? JSON.stringify(details) : '';
  const message = bounded(msg && rest ? `${msg} ${rest}` : msg || rest, maxChars);
  const instance = fields.instance;
  return {
    level: typeof fields.level === 'number' ? fields.level : 30,
    time: typeof fields.time === 'number' ? fields.time : Date.now(),
    module: typeof fields.module === 'string' ? bounded(fields.module, MODULE_CHARS) : 'glowkit',
    ...(Number.isInteger(instance) ? { instance: instance as number } : {}),
    message,
  };
}

/**
 * A fixed number of the last log lines, oldest first, and the listeners that hear each new one.
 * It is a pino destination (`write` takes one serialised line), so the lines it holds went
 * through the logger's level and redaction like those on standard output. Memory stays flat: a
 * circular array of at most `capacity` small objects whose text is bounded.
 */
export class LogRing {
  readonly capacity: number;
  readonly #maxChars: number;
  readonly #lines: (LogLine | undefined)[];
  /** Where the next line goes. */
  #next = 0;
  #size = 0;
  readonly #listeners = new Set<(line: LogLine) => void>();

  constructor(capacity = LOG_RING_LINES, maxChars = LOG_LINE_CHARS) {
    this.capacity = capacity;
    this.#maxChars = maxChars;
    this.#lines = new Array(capacity);
  }

  /** pino's destination interface: one serialised line per call. */
  write(text: string): boolean {
    const line = logLineOf(text, this.#maxChars);
    if (line) this.add(line);
    return true;
  }

  /** Keeps a line (the oldest goes when the ring is full) and tells the listeners. */
  add(line: LogLine): void {
    this.#lines[this.#next] = line;
    this.#next = (this.#next + 1) % this.capacity;
    this.#size = Math.min(this.#size + 1, this.capacity);
    for (const listener of this.#listeners) listener(line);
  }

  /** How many lines it holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * The lines kept, oldest first, at `minLevel` or above (pino's numbers; `Infinity`, the
   * `silent` level, gives none).
   */
  lines(minLevel = 0): LogLine[] {
    const out: LogLine[] = [];
    const first = (this.#next - this.#size + this.capacity) % this.capacity;
    for (let i = 0; i < this.#size; i++) {
      const line = this.#lines[(first + i) % this.capacity];
      if (line && line.level >= minLevel) out.push(line);
    }
    return out;
  }

  /** Calls `listener` with every line from now on; returns the way to stop. */
  listen(listener: (line: LogLine) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
