import { findSyntaxError } from './json-syntax.js';

/** How deep objects and arrays may nest in a request unless the caller says otherwise. */
export const DEFAULT_MAX_DEPTH = 64;

/**
 * The result of {@link parseJson}: the value, or why and where the text is not acceptable JSON.
 * `line` and `column` are 1-based; columns count UTF-16 code units, as editors do.
 */
export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; error: 'Parse error'; description: string; line: number; column: number };

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /** Deepest nesting of objects and arrays accepted; `[]` is depth 1. Default {@link DEFAULT_MAX_DEPTH}. */
  maxDepth?: number;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;

// The offset of the first bracket that opens a level deeper than maxDepth, or -1. One pass over
// the text, brackets inside strings ignored; it runs before JSON.parse so that hostile nesting is
// refused before anything recursive touches it.
function excessDepthAt(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === LEFT_BRACKET || c === LEFT_BRACE) {
      depth += 1;
      if (depth > maxDepth) return i;
    } else if ((c === RIGHT_BRACKET || c === RIGHT_BRACE) && depth > 0) {
      depth -= 1;
    }
  }
  return -1;
}

// Line breaks are LF, CR LF and a lone CR: the three JSON allows as whitespace.
function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

function failure(text: string, position: number, message: string): ParsedJson {
  const { line, column } = lineAndColumn(text, position);
  return {
    ok: false,
    error: 'Parse error',
    description: `${message} at line ${line}, column ${column}`,
    line,
    column,
  };
}

/**
 * Parses the text of a request.
 *
 * Never throws and never quotes the text back (it may hold a password or token). Malformed JSON
 * gives a description such as `"Unexpected token '}' at line 3, column 7"`; an empty or blank text
 * is a parse error too (`"Empty JSON text at line 1, column 1"`). Nesting deeper than `maxDepth`
 * gives `"JSON nested deeper than 64 levels at line L, column C"` (the bracket that goes too deep);
 * it is found by a linear scan before JSON.parse runs, so hostile input cannot exhaust the stack.
 * Properties named `__proto__` become ordinary own properties, as with JSON.parse.
 *
 * @param text - the request text.
 * @param options - `maxDepth`: deepest nesting of objects and arrays accepted (default 64).
 * @returns `{ ok: true, value }`, or `{ ok: false, error: 'Parse error', description, line, column }`.
 * @throws RangeError when `options.maxDepth` is negative or NaN (a programming error).
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): ParsedJson {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!(maxDepth >= 0))
    throw new RangeError(`parseJson: maxDepth must be 0 or more, not ${maxDepth}`);
  const tooDeep = excessDepthAt(text, maxDepth);
  if (tooDeep !== -1) return failure(text, tooDeep, `JSON nested deeper than ${maxDepth} levels`);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Locate the fault ourselves; the scanner and JSON.parse implement the same grammar, so the
    // fallback only guards against a disagreement between them.
    const fault = findSyntaxError(text) ?? { position: 0, message: 'Invalid JSON' };
    return failure(text, fault.position, fault.message);
  }
}
