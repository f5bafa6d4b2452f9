// Building blocks shared by the request validators. Each check appends to a list instead of
// throwing, so that a request's violations are all reported at once, in document order.
import { isJsonObject, type JsonObject } from '@glowkit/json';
import { childPointer, quote, type Violation, violation } from './violations.js';

// The plain-object test, the own-property read and JSON equality live in @glowkit/json, for
// every package.
export { isJsonObject, type JsonObject, jsonEqual, own } from '@glowkit/json';

/** Checks one value at `pointer`, appending what is wrong with it to `out`. */
export type Check = (value: unknown, pointer: string, out: Violation[]) => void;

/** One property an object may have. */
export interface Field {
  /** When set, the property is required; the text says what it must be, e.g. `an integer`. */
  readonly required?: string;
  /** The check of the property's value. */
  readonly check: Check;
}

/** What to do with a property the field list does not name. */
export type UnknownKey =
  | 'allow'
  | 'reject'
  | ((key: string, pointer: string, out: Violation[]) => void);

/**
 * Checks an object against its fields: type first, then the missing required properties, then
 * every own property in document order. Fields live in a Map and the request's properties are
 * read with Object.entries, so keys such as `__proto__` or `constructor` are ordinary keys.
 *
 * @returns whether the value was an object (its properties were checked).
 */
export function checkObject(
  out: Violation[],
  pointer: string,
  value: unknown,
  expected: string,
  fields: ReadonlyMap<string, Field>,
  unknownKey: UnknownKey,
): value is JsonObject {
  if (!isJsonObject(value)) {
    out.push(violation(pointer, `must be ${expected}`));
    return false;
  }
  for (const [name, field] of fields) {
    if (field.required !== undefined && !Object.hasOwn(value, name)) {
      out.push(violation(childPointer(pointer, name), `is required (${field.required})`));
    }
  }
  const allowed = [...fields.keys()].join(', ');
  for (const [key, item] of Object.entries(value)) {
    const at = childPointer(pointer, key);
    const field = fields.get(key);
    if (field !== undefined) {
      field.check(item, at, out);
    } else if (unknownKey === 'reject') {
      out.push(violation(at, `is not allowed here (allowed: ${allowed})`));
    } else if (unknownKey !== 'allow') {
      unknownKey(key, at, out);
    }
  }
  return true;
}

/** A check that the value is exactly `expected` (a command or subcommand name). */
export function constant(expected: string): Check {
  return (value, pointer, out) => {
    if (value !== expected) out.push(violation(pointer, `must be ${quote(expected)}`));
  };
}

/** A check that the value is one of `allowed` (e.g. the subcommands of a command). */
export function oneOf(allowed: readonly string[]): Check {
  return (value, pointer, out) => {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      out.push(violation(pointer, `must be one of: ${allowed.join(', ')}`));
    }
  };
}

/** The words of an integer range, e.g. `an integer from 0 to 255` or `an integer of 1 or more`. */
export function integerWords(min: number, max?: number): string {
  return max === undefined ? `an integer of ${min} or more` : `an integer from ${min} to ${max}`;
}

/** True for an integer (Number.isInteger) from `min` to `max` (inclusive; no upper bound when absent). */
function isIntegerIn(value: unknown, min: number, max?: number): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= min &&
    (max === undefined || (value as number) <= max)
  );
}

/** A check that the value is an integer from `min` to `max` (no upper bound when absent). */
export function integer(min: number, max?: number): Check {
  return (value, pointer, out) => {
    if (!isIntegerIn(value, min, max)) {
      out.push(violation(pointer, `must be ${integerWords(min, max)}`));
    }
  };
}

/** The transaction number: optional everywhere, an integer of 0 or more when present. */
export const tanField: Field = { check: integer(0) };

/** A check that the value is a JSON object (e.g. the `params` Hyperion.ng's clients send). */
export const jsonObject: Check = (value, pointer, out) => {
  if (!isJsonObject(value)) out.push(violation(pointer, 'must be an object'));
};

/** A check that the value is true or false. */
export const boolean: Check = (value, pointer, out) => {
  if (typeof value !== 'boolean') out.push(violation(pointer, 'must be true or false'));
};

// Lengths are counted in Unicode code points, as JSON Schema's minLength/maxLength do, so that an
// emoji counts as one character and not as two UTF-16 units.
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * The words of a string length rule, e.g. `a string of 1 to 512 characters`, or
 * `a string of at most 16 characters` when `min` is 0.
 */
export function stringWords(min: number, max?: number): string {
  if (max === undefined) return `a string of at least ${min} characters (minLength ${min})`;
  return min === 0
    ? `a string of at most ${max} characters`
    : `a string of ${min} to ${max} characters`;
}

/** A check that the value is a string of `min` to `max` characters (no upper bound when absent). */
export function string(min: number, max?: number): Check {
  return (value, pointer, out) => {
    const length = typeof value === 'string' ? codePoints(value) : Number.NaN;
    if (!(length >= min && (max === undefined || length <= max))) {
      out.push(violation(pointer, `must be ${stringWords(min, max)}`));
    }
  };
}

/** The words of a number range, e.g. `a number from 0.1 to 5`. */
export function numberWords(min: number, max: number): string {
  return `a number from ${min} to ${max}`;
}

/** A check that the value is a number (integer or not) from `min` to `max`, inclusive. */
export function number(min: number, max: number): Check {
  return (value, pointer, out) => {
    if (typeof value !== 'number' || !(value >= min && value <= max)) {
      out.push(violation(pointer, `must be ${numberWords(min, max)}`));
    }
  };
}
