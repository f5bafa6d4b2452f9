import type { LogLevelString, LogMessage } from '@glowkit/protocol';

/** The most lines the page keeps; older ones leave as new ones come (the server keeps 500). */
export const MAX_PAGE_LINES = 1000;

/** The levels, least severe first: the filter shows the chosen one and those after it. */
export const LEVELS: readonly LogLevelString[] = ['DEBUG', 'INFO', 'WARNING', 'ERROR'];

/** One line as the page keeps it: the server's message and a number to key it by. */
export interface PageLine {
  id: number;
  message: LogMessage;
}

/**
 * The lines the page shows, at most `max`, oldest first; and while paused, the lines that came
 * meanwhile (at most `max` too), added when it resumes.
 */
export class PageLines {
  readonly max: number;
  #lines: PageLine[] = [];
  #held: PageLine[] = [];
  #next = 0;
  paused = false;

  constructor(max = MAX_PAGE_LINES) {
    this.max = max;
  }

  /** The lines shown, oldest first. */
  get lines(): readonly PageLine[] {
    return this.#lines;
  }

  /** How many lines came while paused. */
  get held(): number {
    return this.#held.length;
  }

  /** Takes the messages of a push: shown, or held while paused. */
  add(messages: readonly LogMessage[]): void {
    const into = this.paused ? this.#held : this.#lines;
    for (const message of messages) into.push({ id: this.#next++, message });
    if (into.length > this.max) into.splice(0, into.length - this.max);
  }

  /** Pauses or resumes; resuming shows what was held. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) return;
    const held = this.#held;
    this.#held = [];
    this.#lines.push(...held);
    if (this.#lines.length > this.max) this.#lines.splice(0, this.#lines.length - this.max);
  }

  /** Forgets every line (the stream starts again with the server's kept lines). */
  clear(): void {
    this.#lines = [];
    this.#held = [];
  }
}

/**
 * The lines at `minLevel` or above whose text, module or level contains `search` (any case).
 *
 * @param lines - the page's lines.
 * @param minLevel - the least severe level shown.
 * @param search - what to look for; empty: every line.
 */
export function filterLines(
  lines: readonly PageLine[],
  minLevel: LogLevelString,
  search: string,
): PageLine[] {
  const from = LEVELS.indexOf(minLevel);
  const needle = search.trim().toLowerCase();
  return lines.filter(({ message }) => {
    if (LEVELS.indexOf(message.levelString) < from) return false;
    if (needle === '') return true;
    return `${message.levelString} ${message.loggerName} ${message.loggerSubName} ${message.message}`
      .toLowerCase()
      .includes(needle);
  });
}

/** Who logged a line: its module, and the instance (`glowkit/I0`). */
export function sourceOf(message: LogMessage): string {
  return message.loggerSubName
    ? `${message.loggerName}/${message.loggerSubName}`
    : message.loggerName;
}

/** A line's time as an ISO 8601 date and time, UTC (what a file or a bug report wants). */
export function isoTime(message: LogMessage): string {
  const ms = Number(message.utime);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : message.utime;
}

/** A line's time of day in the browser's time zone, to the millisecond (`04:15:02.123`). */
export function clockTime(message: LogMessage): string {
  const at = new Date(Number(message.utime));
  if (Number.isNaN(at.getTime())) return message.utime;
  const two = (n: number) => String(n).padStart(2, '0');
  const ms = String(at.getMilliseconds()).padStart(3, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${ms}`;
}

/** The lines as text, one a line: time, level, source, message (what Copy and Download give). */
export function linesText(lines: readonly PageLine[]): string {
  return lines
    .map(({ message }) => {
      return `${isoTime(message)} ${message.levelString.padEnd(7)} ${sourceOf(message)}: ${message.message}`;
    })
    .join('\n')
    .concat(lines.length > 0 ? '\n' : '');
}

/** The name a downloaded log gets: `glowkit-2026-11-28-041502.log` (local time). */
export function logFileName(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `glowkit-${day}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}.log`;
}
