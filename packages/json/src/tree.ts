// The grammar of RFC 8259, once, for everything that needs more than JSON.parse gives: where each
// value sits (the location tree), and where and how a refused text breaks the grammar. It runs
// only after JSON.parse failed or when positions are asked for, so it may be thorough rather than
// fast. The scan is iterative: no input can exhaust the call stack.

import { codePointName, foundAt, type SyntaxFault, showCharacter } from './syntax-error.js';

/** A node of the location tree: where a value, and for object members its key, sit in the text. */
export interface LocationNode {
  /** Offset of the value's first character. */
  start: number;
  /** Offset just after the value. */
  end: number;
  /** Start of the member's key (quote included) when this value is an object member. */
  keyStart?: number;
  /** Offset just after the member's key (closing quote included). */
  keyEnd?: number;
  /** Members of an object, in source order; duplicates appear more than once. */
  members?: Array<[string, LocationNode]>;
  /** Items of an array. */
  items?: LocationNode[];
}

/** The location tree of valid text, or the first place it breaks the grammar. */
export type TreeResult = { ok: true; tree: LocationNode } | { ok: false; fault: SyntaxFault };

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const LEFT_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RIGHT_BRACKET = 0x5d;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;

// What the scanner expects next; `…OrEnd` right after an opening bracket.
type State = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'commaOrEnd' | 'done';

interface Frame {
  node: LocationNode;
  object: boolean;
  /** Offset of the last comma: a trailing comma is reported there, where it must be removed. */
  comma: number;
  key: string;
  keyStart: number;
  keyEnd: number;
}

const ESCAPED: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const ESCAPE_OF_CONTROL: Record<number, string> = {
  8: '\\b',
  9: '\\t',
  10: '\\n',
  12: '\\f',
  13: '\\r',
};
const VALID_ESCAPES = '\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX';

function expectation(state: State, top: Frame | undefined): string {
  switch (state) {
    case 'value':
      return 'a value';
    case 'valueOrEnd':
      return "a value or ']'";
    case 'key':
      return 'a property name in double quotes';
    case 'keyOrEnd':
      return "a property name in double quotes or '}'";
    case 'colon':
      return "':' after the property name";
    case 'commaOrEnd':
      return top?.object ? "',' or '}'" : "',' or ']'";
    case 'done':
      return 'the end of the text';
  }
}

function fault(offset: number, message: string): { ok: false; fault: SyntaxFault } {
  return { ok: false, fault: { offset, message } };
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== LF && c !== CR && c !== TAB) break;
  }
  return i;
}

// Returns the offset after the closing quote, or the fault.
function scanString(text: string, start: number): number | SyntaxFault {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c === LF || c === CR) {
      return { offset: i, message: `unterminated string, expected '"' before the line break` };
    }
    if (c < SPACE) {
      const written = ESCAPE_OF_CONTROL[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;
      return {
        offset: i,
        message: `control character ${codePointName(c)} in a string, expected it escaped as ${written}`,
      };
    }
    if (c !== BACKSLASH) {
      i += 1;
      continue;
    }
    const escaped = text[i + 1];
    if (escaped === undefined) break;
    if (escaped in ESCAPED) {
      i += 2;
    } else if (escaped === 'u') {
      for (let k = i + 2; k < i + 6; k++) {
        if (!isHexDigit(text.charCodeAt(k))) {
          return {
            offset: i,
            message: "invalid escape '\\u' in a string, expected 4 hex digits after \\u",
          };
        }
      }
      i += 6;
    } else {
      const shown = showCharacter(String.fromCodePoint(text.codePointAt(i + 1) ?? 0));
      const what = shown.startsWith("'") ? `'\\${shown.slice(1)}` : `\\ before ${shown}`;
      return {
        offset: i,
        message: `invalid escape ${what} in a string, expected ${VALID_ESCAPES}`,
      };
    }
  }
  return {
    offset: start,
    message: `unterminated string, expected '"' before the end of the text`,
  };
}

function scanDigits(text: string, from: number, after: string): number | SyntaxFault {
  if (!isDigit(text.charCodeAt(from))) {
    return {
      offset: from,
      message: `invalid number, expected a digit ${after}, found ${foundAt(text, from)}`,
    };
  }
  let i = from;
  while (isDigit(text.charCodeAt(i))) i += 1;
  return i;
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
function scanNumber(text: string, start: number): number | SyntaxFault {
  let i = start;
  if (text.charCodeAt(i) === MINUS) i += 1;
  if (text.charCodeAt(i) === ZERO) {
    i += 1;
    if (isDigit(text.charCodeAt(i))) {
      return {
        offset: i,
        message: `invalid number, expected no digit after a leading 0, found ${foundAt(text, i)}`,
      };
    }
  } else {
    const end = scanDigits(text, i, "after '-'");
    if (typeof end !== 'number') return end;
    i = end;
  }
  if (text.charCodeAt(i) === DOT) {
    const end = scanDigits(text, i + 1, "after '.'");
    if (typeof end !== 'number') return end;
    i = end;
  }
  const e = text.charCodeAt(i);
  if (e === 0x45 || e === 0x65) {
    i += 1;
    const sign = text.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i += 1;
    const end = scanDigits(text, i, 'in the exponent');
    if (typeof end !== 'number') return end;
    i = end;
  }
  return i;
}

function scanLiteral(text: string, start: number, word: string): number | SyntaxFault {
  for (let k = 1; k < word.length; k++) {
    if (text[start + k] !== word[k]) {
      return {
        offset: start + k,
        message: `expected '${word}', found ${foundAt(text, start + k)}`,
      };
    }
  }
  return start + word.length;
}

function scanScalar(text: string, start: number, state: State, top?: Frame): number | SyntaxFault {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return scanString(text, start);
  if (c === MINUS || isDigit(c)) return scanNumber(text, start);
  if (c === 0x74) return scanLiteral(text, start, 'true');
  if (c === 0x66) return scanLiteral(text, start, 'false');
  if (c === 0x6e) return scanLiteral(text, start, 'null');
  const hint = c === 0x27 ? ' (strings take double quotes)' : '';
  return {
    offset: start,
    message: `expected ${expectation(state, top)}, found ${foundAt(text, start)}${hint}`,
  };
}

/** The value of the string literal `text[start, end)`; only escaped strings are decoded. */
function stringValue(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

/**
 * Parses `text` into its location tree, or finds the first place where it is not one JSON value
 * (RFC 8259), with a message saying what was found and what was expected.
 *
 * @param text - the JSON text (a byte-order mark is a character like any other here).
 */
export function buildTree(text: string): TreeResult {
  const stack: Frame[] = [];
  let root: LocationNode | undefined;
  let state: State = 'value';
  let i = 0;
  const attach = (node: LocationNode, top: Frame | undefined): void => {
    if (!top) root = node;
    else if (top.object) {
      node.keyStart = top.keyStart;
      node.keyEnd = top.keyEnd;
      top.node.members?.push([top.key, node]);
    } else top.node.items?.push(node);
  };
  const close = (top: Frame): void => {
    top.node.end = i + 1;
    stack.pop();
    i += 1;
    state = stack.length === 0 ? 'done' : 'commaOrEnd';
  };
  for (;;) {
    i = skipWhitespace(text, i);
    const top = stack[stack.length - 1];
    if (i >= text.length) {
      if (state === 'done' && root) return { ok: true, tree: root };
      if (!root) {
        const what = text.length === 0 ? 'an empty text' : 'only white space';
        return fault(i, `expected a JSON value, found ${what}`);
      }
      return fault(i, `expected ${expectation(state, top)}, found the end of the text`);
    }
    const c = text.charCodeAt(i);
    if (state === 'done' || (state === 'colon' && c !== COLON)) {
      return fault(i, `expected ${expectation(state, top)}, found ${foundAt(text, i)}`);
    }
    if (state === 'colon') {
      i += 1;
      state = 'value';
    } else if (state === 'commaOrEnd' && top) {
      if (c === COMMA) {
        top.comma = i;
        i += 1;
        state = top.object ? 'key' : 'value';
      } else if (c === (top.object ? RIGHT_BRACE : RIGHT_BRACKET)) close(top);
      else return fault(i, `expected ${expectation(state, top)}, found ${foundAt(text, i)}`);
    } else if ((state === 'key' || state === 'keyOrEnd') && top) {
      if (c === RIGHT_BRACE && state === 'keyOrEnd') close(top);
      else if (c === RIGHT_BRACE) return fault(top.comma, 'trailing comma before }');
      else if (c !== QUOTE) {
        return fault(i, `expected ${expectation(state, top)}, found ${foundAt(text, i)}`);
      } else {
        const end = scanString(text, i);
        if (typeof end !== 'number') return { ok: false, fault: end };
        top.key = stringValue(text, i, end);
        top.keyStart = i;
        top.keyEnd = end;
        i = end;
        state = 'colon';
      }
    } else if (c === RIGHT_BRACKET && top && !top.object && state === 'valueOrEnd') {
      close(top);
    } else if (c === RIGHT_BRACKET && top && !top.object) {
      return fault(top.comma, 'trailing comma before ]');
    } else if (c === LEFT_BRACE || c === LEFT_BRACKET) {
      const object = c === LEFT_BRACE;
      const node: LocationNode = object
        ? { start: i, end: -1, members: [] }
        : { start: i, end: -1, items: [] };
      attach(node, top);
      stack.push({ node, object, comma: -1, key: '', keyStart: -1, keyEnd: -1 });
      i += 1;
      state = object ? 'keyOrEnd' : 'valueOrEnd';
    } else {
      const end = scanScalar(text, i, state, top);
      if (typeof end !== 'number') return { ok: false, fault: end };
      attach({ start: i, end }, top);
      i = end;
      state = stack.length === 0 ? 'done' : 'commaOrEnd';
    }
  }
}
