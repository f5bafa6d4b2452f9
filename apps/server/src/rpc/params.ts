import { ERRORS, errorReply, type Violation } from '@glowkit/protocol';
import type { Outcome } from './outcome.js';

/**
 * A property of a parsed request, own properties only: a key named like an Object.prototype
 * member (`constructor`, `__proto__`) is never looked up through the prototype.
 */
export function own(object: unknown, key: string): unknown {
  return object !== null && typeof object === 'object' && Object.hasOwn(object, key)
    ? (object as Record<string, unknown>)[key]
    : undefined;
}

/** The "Invalid params" outcome for a request's violations; undefined when there are none. */
export function invalidParams(
  name: string,
  tan: number,
  violations: readonly Violation[],
): Outcome | undefined {
  if (violations.length === 0) return undefined;
  return {
    reply: errorReply(
      name,
      tan,
      ERRORS.invalidParams,
      violations.map((v) => v.description),
    ),
  };
}
