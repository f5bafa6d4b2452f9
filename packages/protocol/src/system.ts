import { checkObject, type Field, oneOf, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/**
 * A valid `system` request: suspend every running instance (its `ALL` off, what it ran kept),
 * resume them, toggle between the two; make them idle (captures off, the LED device on), leave
 * idle (`resumeIdle`, Glowkit's own), toggle between the two; or restart the service.
 * Hyperion.ng's `toggleSuspend` is in its schema but missing from its command table; Glowkit
 * answers it.
 */
export interface SystemRequest {
  command: 'system';
  subcommand: SubcommandOf<'system'>;
  tan?: number;
}

const SUBCOMMANDS = COMMANDS.system;

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('system')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
]);

/**
 * Every violation of a `system` request; `[]` when it is valid (see {@link SystemRequest}). The
 * subcommand says it all; other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateSystemRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `system` request (see {@link SystemRequest}), or its violations. */
export const parseSystemRequest: Parser<SystemRequest> = parserOf(validateSystemRequest);
