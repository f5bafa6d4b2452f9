import { escapeControlCharacters } from './one-line.js';

/**
 * One broken rule of a request: where it is (a JSON pointer from the request root, RFC 6901,
 * e.g. `"/config/instances/1/name"`; `""` is the root) and which rule it breaks.
 *
 * `description` is the one line shown to people: `` `${pointer || '/'}: ${rule}` ``, e.g.
 * `"/config/instances/1/name: must be a string of at least 5 characters (minLength 5)"`.
 */
export interface Violation {
  /** JSON pointer (RFC 6901) of the offending value, or of the missing property. `""` is the root. */
  pointer: string;
  /** The rule, phrased to follow the pointer, e.g. `"must be an integer from 0 to 255"`. */
  rule: string;
  /** `pointer` (or `/` for the root) and `rule` joined by `": "`: one line for people. */
  description: string;
}

/**
 * The pointer of a child: `parent` plus one reference token, escaped as RFC 6901 requires
 * (`~` becomes `~0`, `/` becomes `~1`) so that keys holding those characters stay unambiguous.
 *
 * @param parent - the pointer of the containing object or array (`""` for the root).
 * @param token - the property name or array index.
 * @returns the child's pointer, e.g. `childPointer('/config', 'a/b')` is `"/config/a~1b"`.
 */
export function childPointer(parent: string, token: string | number): string {
  const text = typeof token === 'number' ? String(token) : token;
  return `${parent}/${text.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

// Keys come from untrusted requests; a key holding a line break must not split the one-line
// description (nor forge a second line), so control characters are shown as JSON escapes.
/**
 * Builds a {@link Violation}. The pointer is kept exactly; only the description shows control
 * characters of the pointer as `\uXXXX` so that it stays one line.
 *
 * @param pointer - where (JSON pointer from the request root).
 * @param rule - which rule, phrased to follow the pointer.
 * @returns the violation, e.g. `{ pointer: '/tan', rule: 'must be …', description: '/tan: must be …' }`.
 */
export function violation(pointer: string, rule: string): Violation {
  return { pointer, rule, description: `${escapeControlCharacters(pointer) || '/'}: ${rule}` };
}

const QUOTE_LIMIT = 60;

/**
 * A value from the request as it appears in a rule text: JSON notation (so strings are quoted and
 * control characters and line separators escaped), cut to 60 characters so that a hostile key
 * cannot flood a reply.
 *
 * @param value - any value taken from the request.
 */
export function quote(value: unknown): string {
  // JSON.stringify leaves U+2028, U+2029, DEL and C1 controls as they are; they are escaped too,
  // so that a value quoted into a rule cannot break the one-line description.
  const text = escapeControlCharacters(JSON.stringify(value) ?? String(value));
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT - 1)}…` : text;
}
