/**
 * The boblight line protocol (Hyperion.ng's `BoblightClientConnection`, inputs.md §4): one
 * command per line, ended by "\n", read as Latin-1, trimmed and split on whitespace. Parsing and
 * the reply texts only; what a command does is the connection's.
 */

/** A line of a boblight client, parsed. */
export type BoblightCommand =
  | { kind: 'hello' }
  | { kind: 'ping' }
  | { kind: 'get-version' }
  | { kind: 'get-lights' }
  /** `set light <n> rgb <r> <g> <b>`: the colour bytes, already scaled. */
  | { kind: 'set-rgb'; light: number; rgb: [number, number, number] }
  /** `set light <n> speed|interpolation|use|singlechange …`: accepted, nothing to do. */
  | { kind: 'set-ignored' }
  | { kind: 'set-priority'; priority: number }
  | { kind: 'sync' }
  /** Anything else, with why, for the debug log. */
  | { kind: 'unknown'; why: string };

/** The `set light` sub-commands a client may send that mean nothing to an LED server. */
const IGNORED_LIGHT_SETTINGS = new Set(['speed', 'interpolation', 'use', 'singlechange']);

/** A C-locale decimal: digits with at most one ".", an optional sign and exponent. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A light's index, as clients write it: decimal, often zero-padded (`007`). */
const INDEX = /^\d{1,9}$/;

/** A boblight channel value (0..1) as a byte: `int(255·v)` clamped, as Hyperion.ng does. */
function channel(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Math.trunc(255 * Number(text));
  return Number.isFinite(value) ? Math.min(255, Math.max(0, value)) : undefined;
}

/** Parses one line (without its "\n"). */
export function parseBoblightLine(line: string): BoblightCommand {
  const words = line.trim().split(/\s+/);
  const [first, second, third, fourth] = words;
  switch (first) {
    case 'hello':
      return { kind: 'hello' };
    case 'ping':
      return { kind: 'ping' };
    case 'sync':
      return { kind: 'sync' };
    case 'get':
      if (second === 'version') return { kind: 'get-version' };
      if (second === 'lights') return { kind: 'get-lights' };
      return { kind: 'unknown', why: `no such "get": ${second ?? '(nothing)'}` };
    case 'set':
      if (second === 'priority') {
        if (third === undefined || !/^[+-]?\d{1,9}$/.test(third) || words.length !== 3)
          return { kind: 'unknown', why: '"set priority" needs one integer' };
        return { kind: 'set-priority', priority: Number(third) };
      }
      if (second === 'light') {
        if (third === undefined || !INDEX.test(third))
          return { kind: 'unknown', why: '"set light" needs a light number' };
        if (fourth === 'rgb') {
          if (words.length !== 7) return { kind: 'unknown', why: '"rgb" needs three values' };
          const rgb = words.slice(4).map(channel);
          if (rgb.some((v) => v === undefined))
            return { kind: 'unknown', why: '"rgb" values must be decimals from 0 to 1' };
          return { kind: 'set-rgb', light: Number(third), rgb: rgb as [number, number, number] };
        }
        if (fourth !== undefined && IGNORED_LIGHT_SETTINGS.has(fourth))
          return { kind: 'set-ignored' };
        return { kind: 'unknown', why: `no such light setting: ${fourth ?? '(nothing)'}` };
      }
      return { kind: 'unknown', why: `no such "set": ${second ?? '(nothing)'}` };
    default:
      return { kind: 'unknown', why: 'not a boblight command' };
  }
}

/** The reply to `hello`. */
export const HELLO_REPLY = 'hello\n';
/** The reply to `ping`: the client is connected. */
export const PING_REPLY = 'ping 1\n';
/** The reply to `get version`: the protocol version boblight clients check for. */
export const VERSION_REPLY = 'version 5\n';

/** One LED's rectangle, fractions of the picture. */
export interface ScanRect {
  hmin: number;
  hmax: number;
  vmin: number;
  vmax: number;
}

/**
 * The reply to `get lights`: `lights <N>`, then per LED its scan range in percent of the
 * picture, vertical then horizontal, six decimals (`light 000 scan 0.000000 10.000000 0.000000
 * 4.166667`).
 */
export function lightsReply(layout: readonly ScanRect[]): string {
  const percent = (fraction: number) => (fraction * 100).toFixed(6);
  let reply = `lights ${layout.length}\n`;
  layout.forEach((led, i) => {
    reply += `light ${String(i).padStart(3, '0')} scan ${percent(led.vmin)} ${percent(led.vmax)} ${percent(led.hmin)} ${percent(led.hmax)}\n`;
  });
  return reply;
}
