import { skipString, skipWhite } from './skip.js';

/**
 * True when some object in `text` has the same key twice. `value` must be `JSON.parse(text)`:
 * the keys counted in the text are compared with the keys the parsed value kept, so a clean
 * document costs one pass over its characters (strings skipped natively) and no allocation.
 *
 * @example
 * ```ts
 * hasDuplicateKeys('{"a": 1, "a": 2}', { a: 2 }); // true
 * ```
 */
export function hasDuplicateKeys(text: string, value: unknown): boolean {
  return countKeysInText(text) !== countKeysInValue(value);
}

function countKeysInValue(value: unknown): number {
  if (Array.isArray(value)) {
    let n = 0;
    for (const item of value) n += countKeysInValue(item);
    return n;
  }
  if (value !== null && typeof value === 'object') {
    let n = 0;
    for (const key in value) {
      n += 1 + countKeysInValue((value as Record<string, unknown>)[key]);
    }
    return n;
  }
  return 0;
}

function countKeysInText(text: string): number {
  // A string followed (after white space) by a colon is a key; only valid JSON reaches here.
  // (Looking only at colons would be faster but cannot tell a key's closing quote from a value's
  // opening one.)
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1; ) {
    const j = skipWhite(text, skipString(text, i));
    if (text.charCodeAt(j) === 58 /* : */) count++;
    i = text.indexOf('"', j);
  }
  return count;
}
