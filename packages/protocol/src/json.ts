import {
  DEFAULT_MAX_DEPTH,
  describeJsonSyntaxError,
  type ParseJsonOptions,
  parseJson as parseJsonText,
} from '@glowkit/json';

export { DEFAULT_MAX_DEPTH, type ParseJsonOptions };

/**
 * The result of {@link parseJson}: the value, or why and where the text is not acceptable JSON,
 * in the shape of a JSON-RPC "Parse error". `line` and `column` are 1-based; columns count UTF-16
 * code units, as editors do.
 */
export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; error: 'Parse error'; description: string; line: number; column: number };

/**
 * Parses the text of a request with @glowkit/json, the parser every Glowkit tool reports with.
 *
 * Never throws on bad text and never quotes it back (it may hold a password or token).
 * `description` is the one shared wording, e.g. `"expected a value, found '}' at line 3, column 7"`;
 * an empty or blank text is a parse error too. Nesting deeper than `maxDepth` gives
 * `"objects and arrays nested deeper than 64 levels at line L, column C"` (the bracket that goes
 * too deep). Properties named `__proto__` become ordinary own properties, as with JSON.parse.
 *
 * @param text - the request text.
 * @param options - `maxDepth`: deepest nesting of objects and arrays accepted (default 64);
 * `maxLength`: longest text accepted (default: no limit).
 * @returns `{ ok: true, value }`, or `{ ok: false, error: 'Parse error', description, line, column }`.
 * @throws RangeError when `options.maxDepth` is negative or NaN (a programming error).
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): ParsedJson {
  const parsed = parseJsonText(text, options);
  if (parsed.ok) return { ok: true, value: parsed.value };
  const { line, column } = parsed.error.position;
  return {
    ok: false,
    error: 'Parse error',
    description: describeJsonSyntaxError(parsed.error),
    line,
    column,
  };
}
