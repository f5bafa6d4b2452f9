/** A JSON object (not null, not an array) whose own keys may be read. */
export type JsonObject = Record<string, unknown>;

/**
 * Whether `value` is a JSON object: `typeof` object, not null and not an array.
 *
 * @param value - any value, e.g. one taken from parsed JSON.
 * @returns true for an object whose own keys may then be read (see {@link own}).
 *
 * @example
 * ```ts
 * isJsonObject({ a: 1 }); // true
 * isJsonObject([1]); // false
 * isJsonObject(null); // false
 * ```
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The own property `key` of `value`, or undefined when `value` is not a JSON object (see
 * {@link isJsonObject}) or lacks it. Never reads through the prototype, so `constructor` or
 * `toString` are just absent keys.
 *
 * @param value - any value, e.g. parsed JSON or a part of it.
 * @param key - the property name.
 * @returns the property's value, or undefined.
 *
 * @example
 * ```ts
 * own({ tan: 7 }, 'tan'); // 7
 * own({}, 'constructor'); // undefined
 * ```
 */
export function own(value: unknown, key: string): unknown {
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}
