import type { SourcePosition } from './position.js';

/**
 * Why JSON text was refused, and where. `message` says what was found and what was expected, in
 * one line without the position (a linter prints that in its own column); it never quotes more
 * of the text than the single offending character, because a request may carry a password or a
 * token. {@link describeJsonSyntaxError} gives the one-line form with the position.
 */
export interface JsonSyntaxError {
  message: string;
  position: SourcePosition;
}

/**
 * The one way every Glowkit tool describes a syntax error in a single line:
 * `"<message> at line <line>, column <column>"`.
 *
 * @example
 * ```ts
 * const parsed = parseJson('{"tan": }');
 * if (!parsed.ok) describeJsonSyntaxError(parsed.error);
 * // "expected a value, found '}' at line 1, column 9"
 * ```
 */
export function describeJsonSyntaxError(error: JsonSyntaxError): string {
  return `${error.message} at line ${error.position.line}, column ${error.position.column}`;
}

/** Where text first breaks the grammar (a UTF-16 offset) and how: the parser's internal form. */
export interface SyntaxFault {
  offset: number;
  message: string;
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** `U+000A`: how characters that would not print (or would mislead) are named. */
export function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A single character as a person can look for it: itself when visible, else its code point. */
export function showCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return PRINTABLE.test(char) ? `'${char}'` : codePointName(code);
}

/**
 * What sits at `offset`, for "found …": one character (a letter, digit, punctuation or symbol as
 * itself; spaces such as U+00A0, control characters and lone surrogates by code point), a
 * comment, or the end of the text.
 */
export function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  if (text.charCodeAt(offset) === 0x2f) {
    const next = text[offset + 1];
    if (next === '/' || next === '*') return 'a comment (JSON allows none)';
  }
  return showCharacter(String.fromCodePoint(text.codePointAt(offset) ?? 0));
}
