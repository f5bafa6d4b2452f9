import { isJsonObject } from './object.js';

/**
 * Structural equality of two JSON values: arrays item by item, objects key by key whatever the
 * order of their keys (a file written by another tool may order them differently without changing
 * anything). An object with a key set to `undefined` differs from one without that key.
 *
 * @param a - a JSON value.
 * @param b - another JSON value.
 * @returns whether both hold the same JSON.
 *
 * @example
 * ```ts
 * jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }); // true
 * jsonEqual([1, 2], [2, 1]); // false
 * ```
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false;
  }
  return true;
}
