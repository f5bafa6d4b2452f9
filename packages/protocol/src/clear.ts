import { type Check, checkObject, type Field, tanField } from './checks.js';
import { commandField, instancesField } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { MAX_PRIORITY } from './priorities.js';
import { type Violation, violation } from './violations.js';

/** A valid `clear` request: remove what was set at a priority, or everything with -1. */
export interface ClearRequest {
  command: 'clear';
  tan?: number;
  /** 1 to 253, or -1 for all colours, effects and images (as `clearall`). */
  priority: number;
  /** The instances to clear; the session's instance when absent. */
  instance?: number[];
}

/** A valid `clearall` request: remove every colour, effect and image (priorities 1 to 253). */
export interface ClearAllRequest {
  command: 'clearall';
  tan?: number;
  /** The instances to clear; the session's instance when absent. */
  instance?: number[];
}

const PRIORITY_WORDS = `an integer from 1 to ${MAX_PRIORITY}, or -1 to clear all`;

// Hyperion.ng's schema lets 0 through and its API then refuses it ("Priority 0 is not allowed to
// be cleared"); here 0 breaks the same rule as any other priority a client cannot set.
const checkPriority: Check = (value, pointer, out) => {
  const valid =
    value === -1 ||
    (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_PRIORITY);
  if (!valid) out.push(violation(pointer, `must be ${PRIORITY_WORDS}`));
};

const CLEAR_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('clear')],
  ['tan', tanField],
  ['priority', { required: PRIORITY_WORDS, check: checkPriority }],
  ['instance', instancesField],
]);

/**
 * Every violation of a `clear` request, in document order; `[]` when it is valid (see
 * {@link ClearRequest}). `priority` (required) is an integer from 1 to 253, or -1 for all;
 * `instance` a non-empty list of unique indexes from 0 to 254. Other top-level properties are
 * allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateClearRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', CLEAR_FIELDS, 'allow');
  return out;
}

const CLEAR_ALL_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('clearall')],
  ['tan', tanField],
  ['instance', instancesField],
]);

/**
 * Every violation of a `clearall` request; `[]` when it is valid (see {@link ClearAllRequest}).
 * Only `instance` may be given: a non-empty list of unique indexes from 0 to 254.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateClearAllRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', CLEAR_ALL_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `clear` request (see {@link ClearRequest}), or its violations. */
export const parseClearRequest: Parser<ClearRequest> = parserOf(validateClearRequest);

/** The typed value of a valid `clearall` request (see {@link ClearAllRequest}), or its violations. */
export const parseClearAllRequest: Parser<ClearAllRequest> = parserOf(validateClearAllRequest);
