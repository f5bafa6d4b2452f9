// The one rule of an instance's name, for every place a name is given or read: a restore, the
// store, and the instance commands (createInstance, saveName).
import { type Check, string } from './checks.js';
import type { Violation } from './violations.js';

/**
 * The fewest characters (Unicode code points) of an instance name: 5, the specification's and
 * Hyperion.ng's minLength. There is no maximum, as in both: a rename takes every name a restore
 * takes (a request's body limit bounds a name anyway).
 */
export const MIN_INSTANCE_NAME_LENGTH = 5;

/** What a missing instance name must be, for `is required (…)`: `a string of at least 5 characters`. */
export const INSTANCE_NAME_WORDS = `a string of at least ${MIN_INSTANCE_NAME_LENGTH} characters`;

/**
 * The check of an instance name, for the validators (restore, instance commands): `must be a
 * string of at least 5 characters (minLength 5)`.
 */
export const instanceNameCheck: Check = string(MIN_INSTANCE_NAME_LENGTH);

/**
 * Whether `name` is an instance name: a string of at least {@link MIN_INSTANCE_NAME_LENGTH}
 * characters, counted in code points as JSON Schema's minLength counts them (an emoji is one).
 *
 * @param name - any value.
 */
export function isInstanceName(name: unknown): name is string {
  const out: Violation[] = [];
  instanceNameCheck(name, '', out);
  return out.length === 0;
}

/**
 * The name an instance without one gets (Hyperion.ng's): the server stores it on a restore, and
 * the web UI shows it for a file without names.
 *
 * @param id - the instance's id.
 * @returns `Instance <id>`, e.g. `Instance 2`.
 */
export function defaultInstanceName(id: number): string {
  return `Instance ${id}`;
}
