import { isJsonObject } from './checks.js';
import { ERRORS, type ErrorReply, errorReply } from './replies.js';
import { quote } from './violations.js';

/** The commands Glowkit answers, each with its subcommands. */
export const COMMANDS = {
  config: ['restoreconfig', 'getconfig', 'getsnapshots', 'restoresnapshot'],
  authorize: ['login', 'logout', 'tokenRequired', 'createToken', 'getTokenList', 'deleteToken'],
} as const;

/** A command Glowkit answers. */
export type CommandName = keyof typeof COMMANDS;

/** A subcommand of command `C`, e.g. `SubcommandOf<'config'>` is `'restoreconfig' | …`. */
export type SubcommandOf<C extends CommandName> = (typeof COMMANDS)[C][number];

/**
 * What {@link readEnvelope} found: the resolved command with one of its subcommands (checking
 * `command` narrows `subcommand`), or the `Invalid command` reply to send. `name` is the reply's
 * `command` (see {@link commandName}).
 */
export type Envelope =
  | {
      [C in CommandName]: {
        ok: true;
        command: C;
        subcommand: SubcommandOf<C>;
        tan: number;
        name: string;
      };
    }[CommandName]
  | { ok: false; reply: ErrorReply };

/**
 * The transaction number of a request: its `tan` when that is an integer of 0 or more, else 0
 * (as in Hyperion.ng, a reply always carries a tan). Works on any value; non-objects give 0.
 *
 * @param request - the parsed request, whatever it is.
 */
export function tanOf(request: unknown): number {
  if (!isJsonObject(request) || !Object.hasOwn(request, 'tan')) return 0;
  const tan = request.tan;
  // `+ 0` turns -0 into 0, which is what the client sent as far as JSON can tell.
  return Number.isInteger(tan) && (tan as number) >= 0 ? (tan as number) + 0 : 0;
}

/**
 * The name a reply carries in `command`: the command and subcommand joined by a hyphen, e.g.
 * `"config-restoreconfig"`; just the command when there is no (or an empty) subcommand.
 *
 * @param command - the command, e.g. `"config"`.
 * @param subcommand - the subcommand, e.g. `"restoreconfig"`.
 */
export function commandName(command: string, subcommand?: string): string {
  return subcommand === undefined || subcommand === '' ? command : `${command}-${subcommand}`;
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

const KNOWN_COMMANDS = Object.keys(COMMANDS).join(', ');

/**
 * Reads the command, subcommand and tan of a parsed request, before anything else is checked.
 *
 * When they do not name a command Glowkit answers, the result carries the `Invalid command` reply
 * to send, with one detail naming the pointer, e.g.
 * `/command: unknown command "foo" (known: config, authorize)`,
 * `/subcommand: subcommand is missing (known for config: restoreconfig, …)` or
 * `/subcommand: Invalid subcommand: "foo" (known for config: …)`. As in Hyperion.ng, the reply's
 * `command` is then the raw `command` string of the request (`"unknown"` when there is none).
 *
 * @param request - the parsed request (see `parseJson`).
 */
export function readEnvelope(request: unknown): Envelope {
  const tan = tanOf(request);
  const fail = (name: string, detail: string): Envelope => ({
    ok: false,
    reply: errorReply(name, tan, ERRORS.invalidCommand, [detail]),
  });
  if (!isJsonObject(request)) {
    return fail('unknown', `/: the request must be a JSON object with command and subcommand`);
  }
  if (!Object.hasOwn(request, 'command')) {
    return fail('unknown', `/command: command is missing (known: ${KNOWN_COMMANDS})`);
  }
  const command = request.command;
  if (typeof command !== 'string') {
    return fail('unknown', `/command: must be a string (known: ${KNOWN_COMMANDS})`);
  }
  if (!isCommand(command)) {
    return fail(command, `/command: unknown command ${quote(command)} (known: ${KNOWN_COMMANDS})`);
  }
  const known: readonly string[] = COMMANDS[command];
  const knownText = `known for ${command}: ${known.join(', ')}`;
  if (!Object.hasOwn(request, 'subcommand')) {
    return fail(command, `/subcommand: subcommand is missing (${knownText})`);
  }
  const subcommand = request.subcommand;
  if (typeof subcommand !== 'string' || !known.includes(subcommand)) {
    return fail(command, `/subcommand: Invalid subcommand: ${quote(subcommand)} (${knownText})`);
  }
  // TypeScript cannot relate the two unions: `subcommand` is in COMMANDS[command], checked above.
  return { ok: true, command, subcommand, tan, name: commandName(command, subcommand) } as Envelope;
}
