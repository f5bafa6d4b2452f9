/**
 * The one formatter from the settings validators' errors (ajv's) to Glowkit's violations: one line
 * each, at the JSON pointer of the offending value from the request's root, in the words the
 * server used before the groups had schemas (`must be an integer from 1 to 5000`, `must be one of
 * "linear", "decay"`, `must be true or false`). The rule says what the key takes, read from its
 * element in the schema, whichever keyword failed: a value of the wrong type and one beyond a
 * bound hear the same sentence, and each pointer is named once.
 */
import { fromPointer, isJsonObject, type JsonObject } from '@glowkit/json';
import { childPointer, quote, type Violation, violation } from '../violations.js';
import type { SettingsValidationError } from './validate.js';

/** The bounds of a number: ` from 1 to 5000`, ` of at least 0`, or nothing. */
function bounds(min: unknown, max: unknown): string {
  const hasMin = typeof min === 'number';
  const hasMax = typeof max === 'number';
  if (hasMin && hasMax) return ` from ${min} to ${max}`;
  if (hasMin) return ` of at least ${min}`;
  if (hasMax) return ` of at most ${max}`;
  return '';
}

/** A count of things: ` of 4 to 20 characters`, ` of at least 1 item`, or nothing. */
function counted(min: unknown, max: unknown, noun: string): string {
  const hasMin = typeof min === 'number';
  const hasMax = typeof max === 'number';
  const last = hasMax ? max : min;
  const nouns = last === 1 ? noun : `${noun}s`;
  if (hasMin && hasMax)
    return min === max ? ` of exactly ${min} ${nouns}` : ` of ${min} to ${max} ${nouns}`;
  if (hasMin) return ` of at least ${min} ${nouns}`;
  if (hasMax) return ` of at most ${max} ${nouns}`;
  return '';
}

function stringRule(element: JsonObject): string {
  if (Array.isArray(element.enum)) return `must be one of ${element.enum.map(quote).join(', ')}`;
  const { minLength: min, maxLength: max } = element;
  if (min === 1 && max === undefined) return 'must be a non-empty string';
  return `must be a string${counted(min, max, 'character')}`;
}

function arrayRule(element: JsonObject): string {
  if (element.format === 'colorpicker') {
    return 'must be a colour: 3 integers from 0 to 255 ([red, green, blue])';
  }
  return `must be an array${counted(element.minItems, element.maxItems, 'item')}`;
}

/**
 * What an element of a settings schema takes, phrased to follow a pointer: `must be an integer
 * from 0 to 2048`, `must be one of "rgb", "bgr"`, `must be an object`.
 */
export function ruleOf(element: JsonObject): string {
  switch (element.type) {
    case 'boolean':
      return 'must be true or false';
    case 'integer':
      return `must be an integer${bounds(element.minimum, element.maximum)}`;
    case 'number':
      return `must be a number${bounds(element.minimum, element.maximum)}`;
    case 'string':
      return stringRule(element);
    case 'array':
      return arrayRule(element);
    case 'object':
      return 'must be an object';
    default:
      return 'is not a valid value here';
  }
}

/**
 * The element of `schema` that describes the value at `pointer` (relative to the schema's
 * value): a key's element under `properties`, an item's under `items`; undefined where the
 * schema says nothing (a key it does not list).
 */
export function elementAt(schema: JsonObject, pointer: string): JsonObject | undefined {
  let element: JsonObject | undefined = schema;
  for (const token of fromPointer(pointer)) {
    if (element === undefined) return undefined;
    if (element.type === 'array') {
      element = isJsonObject(element.items) ? element.items : undefined;
    } else if (isJsonObject(element.properties) && Object.hasOwn(element.properties, token)) {
      const next: unknown = element.properties[token];
      element = isJsonObject(next) ? next : undefined;
    } else {
      return undefined;
    }
  }
  return element;
}

/**
 * The rule one error of a value at its pointer breaks: what the element there takes (see
 * {@link ruleOf}), or for a repeated item, that it is repeated.
 */
export function ruleOfError(
  error: SettingsValidationError,
  element: JsonObject | undefined,
): string {
  if (error.keyword === 'uniqueItems') {
    const { i, j } = error.params;
    return typeof i === 'number' && typeof j === 'number'
      ? `must not hold the same item twice (items ${Math.min(i, j)} and ${Math.max(i, j)} are equal)`
      : 'must not hold the same item twice';
  }
  // A `required` key: the validator's own bound, which the dialect schema does not state.
  if (error.keyword === 'minLength' && element?.minLength === undefined) {
    return 'must be a non-empty string';
  }
  return element ? ruleOf(element) : (error.message ?? `breaks "${error.keyword}"`);
}

/**
 * The violations of a group value, from its validator's errors: one per pointer (the first
 * error's), in the validator's order (the schema's key order), each pointer prefixed with `at`,
 * the group's own pointer from the request's root. `schema` is the dialect schema the value was
 * checked against (a device type's for a `device` of a known type). `if` errors only repeat a
 * branch's and are left out.
 */
export function violationsOf(
  errors: readonly SettingsValidationError[],
  schema: JsonObject,
  at: string,
): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    let pointer = error.instancePath;
    let rule: string;
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
      pointer = childPointer(pointer, error.params.missingProperty);
      rule = 'is required';
    } else {
      rule = ruleOfError(error, elementAt(schema, pointer));
    }
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    out.push(violation(`${at}${pointer}`, rule));
  }
  return out;
}
