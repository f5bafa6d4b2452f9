import { checkObject, type Field, oneOf, tanField } from './checks.js';
import { commandField, instanceIndex } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/**
 * A valid `ledcolors` request: start or stop the live LED colour stream
 * (`ledcolors-ledstream-update` pushes) or the live image stream
 * (`ledcolors-imagestream-update`), on a WebSocket or TCP session.
 */
export interface LedColorsRequest {
  command: 'ledcolors';
  subcommand: SubcommandOf<'ledcolors'>;
  tan?: number;
  /** The instance to stream; the session's instance when absent (Hyperion.ng's web UI sends it). */
  instance?: number;
}

const SUBCOMMANDS = COMMANDS.ledcolors;

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('ledcolors')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
  ['instance', { check: instanceIndex }],
]);

/**
 * Every violation of a `ledcolors` request; `[]` when it is valid (see {@link LedColorsRequest}).
 * The subcommand says it all; `instance`, if given, is an index from 0 to 254. Other top-level
 * properties are allowed (Hyperion.ng up to 2.0 took an `interval`, now ignored).
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateLedColorsRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `ledcolors` request (see {@link LedColorsRequest}), or its violations. */
export const parseLedColorsRequest: Parser<LedColorsRequest> = parserOf(validateLedColorsRequest);
