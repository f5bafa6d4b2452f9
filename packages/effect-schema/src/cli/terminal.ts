/** Colours and progress on a terminal; plain text everywhere else. */
import type { WriteStream } from 'node:tty';

type Stream = NodeJS.WritableStream & Partial<Pick<WriteStream, 'isTTY' | 'columns'>>;

/** Whether to colour output on a stream (NO_COLOR and FORCE_COLOR are honoured). */
export function useColor(stream: Stream): boolean {
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

const codes = {
  red: [31, 39],
  yellow: [33, 39],
  green: [32, 39],
  dim: [2, 22],
  bold: [1, 22],
  underline: [4, 24],
} as const;

/** A colouring function set that is a no-op when colour is off. */
export function palette(enabled: boolean) {
  const make =
    (name: keyof typeof codes) =>
    (text: string): string =>
      enabled ? `\u001b[${codes[name][0]}m${text}\u001b[${codes[name][1]}m` : text;
  return {
    red: make('red'),
    yellow: make('yellow'),
    green: make('green'),
    dim: make('dim'),
    bold: make('bold'),
    underline: make('underline'),
  };
}

/** The colouring functions' type. */
export type Palette = ReturnType<typeof palette>;

/**
 * A one-line progress indicator on stderr, shown only on a terminal and only for work that takes
 * a while (many files), redrawn at most every 50 ms and erased when done.
 */
export class Progress {
  readonly #stream: Stream;
  readonly #total: number;
  readonly #enabled: boolean;
  #last = 0;
  #shown = false;

  constructor(stream: Stream, total: number, label: string, env: NodeJS.ProcessEnv = process.env) {
    this.#stream = stream;
    this.#total = total;
    // CI logs are not terminals even when they pretend to be: carriage returns only add noise.
    this.#enabled = stream.isTTY === true && total > 1 && !env.CI;
    this.label = label;
  }

  readonly label: string;

  /** Reports that item `done` (1-based) is being worked on. */
  tick(done: number, current: string): void {
    if (!this.#enabled) return;
    const now = Date.now();
    if (now - this.#last < 50 && done < this.#total) return;
    this.#last = now;
    const width = (this.#stream.columns ?? 80) - 1;
    const text = `${this.label} ${done}/${this.#total} ${current}`;
    this.#stream.write(
      `\r${text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width)}`,
    );
    this.#shown = true;
  }

  /** Erases the indicator. */
  done(): void {
    if (!this.#shown) return;
    this.#stream.write(`\r${' '.repeat((this.#stream.columns ?? 80) - 1)}\r`);
    this.#shown = false;
  }
}
