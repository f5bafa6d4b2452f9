import { checkObject, type Field, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/** A valid `sysinfo` request: the host's and the server's description (no parameters). */
export interface SysinfoRequest {
  command: 'sysinfo';
  tan?: number;
}

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('sysinfo')],
  ['tan', tanField],
]);

/**
 * Every violation of a `sysinfo` request; `[]` when it is valid (see {@link SysinfoRequest}).
 * It takes nothing but `tan`; other top-level properties are allowed and ignored, and a
 * `subcommand` is ignored too (Hyperion.ng's clients send none).
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateSysinfoRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `sysinfo` request (see {@link SysinfoRequest}), or its violations. */
export const parseSysinfoRequest: Parser<SysinfoRequest> = parserOf(validateSysinfoRequest);
