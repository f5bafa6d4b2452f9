import { checkObject, type Field, oneOf, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/**
 * A valid `logging` request: `start` streams the server's log lines to the session
 * (`logmsg-update` pushes, the kept lines first), `stop` ends it. Hyperion.ng's schema also
 * names `update`, `oneshot` and `interval`, which its command table refuses; so does Glowkit.
 */
export interface LoggingRequest {
  command: 'logging';
  subcommand: SubcommandOf<'logging'>;
  tan?: number;
}

/**
 * One log line as a `logmsg-update` push carries it, in Hyperion.ng's shape: `line` and `utime`
 * (milliseconds since the epoch) are strings there, so they are here. Glowkit has no source
 * positions: `function` and `fileName` are `""`, `line` is `"0"`.
 */
export interface LogMessage {
  /** The part of the server that logged it, e.g. `"glowkit"`. */
  loggerName: string;
  /** The instance it is about (`"I0"`), else `""`. */
  loggerSubName: string;
  function: string;
  line: string;
  fileName: string;
  /** The text, with the line's details after it; cut when very long. */
  message: string;
  levelString: LogLevelString;
  utime: string;
}

/** The levels a {@link LogMessage} names, as Hyperion.ng's web UI reads them. */
export type LogLevelString = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';

/**
 * The `data` of a `logmsg-update` push. Glowkit's own `dropped` (only when some were): how many
 * lines this session missed because it did not read the earlier ones fast enough.
 */
export interface LogMessagesData {
  messages: LogMessage[];
  dropped?: number;
}

const SUBCOMMANDS = COMMANDS.logging;

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('logging')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
]);

/**
 * Every violation of a `logging` request; `[]` when it is valid (see {@link LoggingRequest}).
 * Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateLoggingRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `logging` request (see {@link LoggingRequest}), or its violations. */
export const parseLoggingRequest: Parser<LoggingRequest> = parserOf(validateLoggingRequest);
