import type { Violation } from './violations.js';

/**
 * What a request's parser returns: the request as its typed value, or every violation (at least
 * one), each with its JSON pointer, in document order.
 */
export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; violations: [Violation, ...Violation[]] };

/** A request's parser: the typed value of a valid request, or its violations. */
export type Parser<T> = (request: unknown) => Parsed<T>;

/**
 * The parser of a request type from its validator, declared next to the type and the validator:
 * a request the validator finds nothing wrong with is that type (the one place the raw request
 * becomes a typed value, so that no handler re-reads it). The value is the request itself,
 * extra top-level properties included: Hyperion.ng's clients send some, and they are ignored.
 *
 * The validators stay hand-written rather than generated from JSON Schemas with ajv (as the
 * settings groups are): their wording is what users and pinned tests read (`must hold 3 integers
 * per colour: 4 is not a multiple of 3`, `repeats the index at /instance/0`, Hyperion.ng's
 * `Unknown component name`), and several rules are not JSON Schema (base64 scanned for its
 * size, raw image bytes against width × height). bench/rpc-parse.mjs measured the cost: a
 * `color` request takes 1.7 µs here against 0.12 µs with ajv standalone, a `setconfig` of one
 * group 2.7 µs against 0.11 µs (median of 60 rounds; ajv ~15–25× faster, errors unworded) —
 * about 2 µs a request, far below what parsing its JSON text and answering it cost.
 *
 * @param validate - the request's validator: every violation, `[]` when the request is valid.
 */
export function parserOf<T>(validate: (request: unknown) => Violation[]): Parser<T> {
  return (request) => {
    const [first, ...rest] = validate(request);
    if (first === undefined) return { ok: true, value: request as T };
    return { ok: false, violations: [first, ...rest] };
  };
}
