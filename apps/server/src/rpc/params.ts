import { ERRORS, errorReply, type Violation } from '@glowkit/protocol';
import type { Outcome } from './outcome.js';

/** Violations, at least one: what a failed check returns. */
export type Violations = readonly [Violation, ...Violation[]];

/** The "Invalid params" outcome for a request's violations; undefined when there are none. */
export function invalidParams(name: string, tan: number, violations: Violations): Outcome;
export function invalidParams(
  name: string,
  tan: number,
  violations: readonly Violation[],
): Outcome | undefined;
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
