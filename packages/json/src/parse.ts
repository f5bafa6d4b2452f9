import { excessDepthAt, valueDeeperThan } from './depth.js';
import { JsonDocument } from './document.js';
import { positionAt } from './position.js';
import type { JsonSyntaxError } from './syntax-error.js';
import { buildTree } from './tree.js';

/** How deep objects and arrays may nest unless the caller says otherwise (`[]` is depth 1). */
export const DEFAULT_MAX_DEPTH = 64;

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /** Deepest nesting of objects and arrays accepted; `[]` is depth 1. Default {@link DEFAULT_MAX_DEPTH}. */
  maxDepth?: number;
  /** Longest text accepted, in UTF-16 code units. Default: no limit. */
  maxLength?: number;
  /**
   * Skip a leading byte-order mark (U+FEFF), as files saved by some editors start with one;
   * positions are then counted after it, as the editor shows them. Default false: a byte-order
   * mark is a syntax error, as RFC 8259 asks of network text.
   */
  ignoreByteOrderMark?: boolean;
}

/** The result of {@link parseJson}: the value and its {@link JsonDocument}, or the syntax error. */
export type ParsedJson =
  | { ok: true; value: unknown; document: JsonDocument }
  | { ok: false; error: JsonSyntaxError };

function failure(text: string, offset: number, message: string): ParsedJson {
  return { ok: false, error: { message, position: positionAt(text, offset) } };
}

/**
 * Parses JSON text with the engine's JSON.parse, then checks the limits; only when something is
 * wrong does Glowkit's own scanner run, to say where and what was expected. Never throws on bad
 * text, and never quotes more of it than the one offending character (it may hold a token).
 *
 * Properties named `__proto__` become ordinary own properties, as with JSON.parse. An empty or
 * blank text is a syntax error.
 *
 * @param text - the JSON text.
 * @param options - limits: `maxDepth` (default 64), `maxLength`; `ignoreByteOrderMark`.
 * @returns `{ ok: true, value, document }` or `{ ok: false, error: { message, position } }`.
 * @throws RangeError when `maxDepth` or `maxLength` is negative or NaN (a programming error).
 *
 * @example
 * ```ts
 * const parsed = parseJson('{\n  "tan": }');
 * if (!parsed.ok) console.log(describeJsonSyntaxError(parsed.error));
 * // expected a value, found '}' at line 2, column 10
 * ```
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): ParsedJson {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  if (!(maxDepth >= 0))
    throw new RangeError(`parseJson: maxDepth must be 0 or more, not ${maxDepth}`);
  if (!(maxLength >= 0))
    throw new RangeError(`parseJson: maxLength must be 0 or more, not ${maxLength}`);
  const source =
    options.ignoreByteOrderMark && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (source.length > maxLength) {
    return failure(
      source,
      maxLength,
      `expected at most ${maxLength} characters, found ${source.length}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return describeFailure(source, maxDepth);
  }
  if (valueDeeperThan(value, maxDepth)) {
    const at = excessDepthAt(source, maxDepth);
    // A value deeper than the text: impossible, but a wrong position is better than none.
    return failure(source, at === -1 ? 0 : at, tooDeep(maxDepth));
  }
  return { ok: true, value, document: new JsonDocument(source, value) };
}

function tooDeep(maxDepth: number): string {
  return `objects and arrays nested deeper than ${maxDepth} levels`;
}

// Text JSON.parse refused. Hostile nesting is named as such even when the text is also broken
// further on (a megabyte of '[' is too deep before it is unfinished).
function describeFailure(text: string, maxDepth: number): ParsedJson {
  const deep = excessDepthAt(text, maxDepth);
  if (deep !== -1) return failure(text, deep, tooDeep(maxDepth));
  const built = buildTree(text);
  // The scanner and JSON.parse implement the same grammar: this only guards a disagreement.
  if (built.ok) return failure(text, 0, 'invalid JSON');
  return failure(text, built.fault.offset, built.fault.message);
}
