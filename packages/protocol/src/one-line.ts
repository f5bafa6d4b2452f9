// Three jobs that each keep a text on one line, one function each: untrusted text shown escaped
// (it must not break a line or a terminal), and an error's message as one line for a reply or a
// log, either whole (whitespace collapsed) or its first line only (the rest is detail).

// C0 and C1 controls (line feed, carriage return, NEL U+0085, terminal escapes), DEL, and the two
// Unicode line separators, which JSON.stringify leaves as they are.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Untrusted text made safe to show on one line: every control character (C0, DEL, C1) and the
 * line and paragraph separators U+2028 and U+2029 are written as JSON escapes, `\u000a`.
 * Anything else is kept as it is.
 *
 * @param text - text from a request or a client (a key, a token request's comment).
 * @returns the text with those characters escaped.
 *
 * @example
 * ```ts
 * escapeControlCharacters('a\nb'); // 'a\\u000ab'
 * ```
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * An error's whole message on one line: every run of whitespace (line breaks included) becomes
 * one space, and the ends are trimmed. For messages whose every line matters (SQLite's, a
 * Python child's).
 *
 * @param error - anything thrown: an Error's `message`, else the value as a string.
 *
 * @example
 * ```ts
 * errorOnOneLine(new Error('disk I/O error\n  at write')); // 'disk I/O error at write'
 * ```
 */
export function errorOnOneLine(error: unknown): string {
  return messageOf(error).replace(/\s+/g, ' ').trim();
}

/**
 * The first line of an error's message, trimmed: for messages whose first line says what failed
 * and whose next lines are detail or a trace (serialport's, the system's). Empty when that line
 * is; callers say what they show instead.
 *
 * @param error - anything thrown: an Error's `message`, else the value as a string.
 *
 * @example
 * ```ts
 * errorFirstLine(new Error('Error: No such file\n    at open')); // 'Error: No such file'
 * ```
 */
export function errorFirstLine(error: unknown): string {
  return (messageOf(error).split('\n')[0] ?? '').trim();
}
