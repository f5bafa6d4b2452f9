// Finds where JSON text breaks the grammar of RFC 8259, and says how, without quoting the text.
// JSON.parse already knows the text is bad; this only runs after it failed, because V8's messages
// change between versions, sometimes carry no position, and quote the input (which may hold a
// password or token). The scan is iterative, so no input can exhaust the call stack.

/** Where JSON text first breaks the grammar (a UTF-16 offset) and how, in a few words. */
export interface SyntaxFault {
  readonly position: number;
  readonly message: string;
}

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

// What the scanner expects next.
type State = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'commaOrEnd' | 'done';

const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

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

/** `U+000A`: how characters that would not print (or would mislead) are named. */
function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

// A letter, digit, punctuation or symbol is shown as itself; anything else (control characters,
// spaces such as U+00A0, lone surrogates) by its code point, which is what a person can look for.
function unexpected(text: string, position: number): SyntaxFault {
  if (position >= text.length) return { position, message: 'Unexpected end of JSON input' };
  const code = text.codePointAt(position) ?? 0;
  const char = String.fromCodePoint(code);
  const message = PRINTABLE.test(char)
    ? `Unexpected token '${char}'`
    : `Unexpected character ${codePointName(code)}`;
  return { position, message };
}

// Returns the offset after the closing quote, or the fault.
function scanString(text: string, start: number): number | SyntaxFault {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < SPACE) {
      return { position: i, message: `Bad control character ${codePointName(c)} in string` };
    }
    if (c !== BACKSLASH) {
      i += 1;
      continue;
    }
    const escaped = text[i + 1];
    if (escaped === undefined) break;
    if (SIMPLE_ESCAPES.has(escaped)) {
      i += 2;
    } else if (escaped === 'u') {
      for (let k = i + 2; k < i + 6; k++) {
        if (!isHexDigit(text.charCodeAt(k))) {
          return { position: i, message: 'Bad Unicode escape in string (\\u needs 4 hex digits)' };
        }
      }
      i += 6;
    } else {
      const shown = PRINTABLE.test(escaped) ? ` '\\${escaped}'` : '';
      return { position: i, message: `Bad escape${shown} in string` };
    }
  }
  return { position: start, message: 'Unterminated string' };
}

function scanDigits(text: string, from: number): number | SyntaxFault {
  if (!isDigit(text.charCodeAt(from))) return unexpected(text, from);
  let i = from;
  while (isDigit(text.charCodeAt(i))) i += 1;
  return i;
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
function scanNumber(text: string, start: number): number | SyntaxFault {
  let i = start;
  if (text.charCodeAt(i) === MINUS) i += 1;
  if (text.charCodeAt(i) === ZERO) i += 1;
  else {
    const end = scanDigits(text, i);
    if (typeof end !== 'number') return end;
    i = end;
  }
  if (text.charCodeAt(i) === DOT) {
    const end = scanDigits(text, i + 1);
    if (typeof end !== 'number') return end;
    i = end;
  }
  const e = text.charCodeAt(i);
  if (e === 0x45 || e === 0x65) {
    i += 1;
    const sign = text.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i += 1;
    const end = scanDigits(text, i);
    if (typeof end !== 'number') return end;
    i = end;
  }
  return i;
}

function scanLiteral(text: string, start: number, word: string): number | SyntaxFault {
  for (let k = 0; k < word.length; k++) {
    if (text[start + k] !== word[k]) return unexpected(text, start + k);
  }
  return start + word.length;
}

function scanScalar(text: string, start: number): number | SyntaxFault {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return scanString(text, start);
  if (c === MINUS || isDigit(c)) return scanNumber(text, start);
  if (c === 0x74) return scanLiteral(text, start, 'true');
  if (c === 0x66) return scanLiteral(text, start, 'false');
  if (c === 0x6e) return scanLiteral(text, start, 'null');
  return unexpected(text, start);
}

/**
 * The first place where `text` is not one JSON value (RFC 8259), or undefined when it is.
 * An empty or blank text is reported as `Empty JSON text` at its end.
 *
 * @param text - the JSON text.
 */
export function findSyntaxError(text: string): SyntaxFault | undefined {
  // true for an object, false for an array: what the next closing bracket must be.
  const open: boolean[] = [];
  let state: State = 'value';
  let i = 0;
  const closeContainer = (): void => {
    open.pop();
    i += 1;
    state = open.length === 0 ? 'done' : 'commaOrEnd';
  };
  for (;;) {
    i = skipWhitespace(text, i);
    if (i >= text.length) {
      if (state === 'done') return undefined;
      if (state === 'value' && open.length === 0)
        return { position: i, message: 'Empty JSON text' };
      return unexpected(text, i);
    }
    const c = text.charCodeAt(i);
    if (state === 'done') return unexpected(text, i);
    if (state === 'colon') {
      if (c !== COLON) return unexpected(text, i);
      i += 1;
      state = 'value';
    } else if (state === 'commaOrEnd') {
      const inObject = open[open.length - 1] === true;
      if (c === COMMA) {
        i += 1;
        state = inObject ? 'key' : 'value';
      } else if (c === (inObject ? RIGHT_BRACE : RIGHT_BRACKET)) closeContainer();
      else return unexpected(text, i);
    } else if (state === 'keyOrEnd' && c === RIGHT_BRACE) {
      closeContainer();
    } else if (state === 'key' || state === 'keyOrEnd') {
      if (c !== QUOTE) return unexpected(text, i);
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      state = 'colon';
    } else if (state === 'valueOrEnd' && c === RIGHT_BRACKET) {
      closeContainer();
    } else if (c === LEFT_BRACE || c === LEFT_BRACKET) {
      open.push(c === LEFT_BRACE);
      i += 1;
      state = c === LEFT_BRACE ? 'keyOrEnd' : 'valueOrEnd';
    } else {
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      state = open.length === 0 ? 'done' : 'commaOrEnd';
    }
  }
}
