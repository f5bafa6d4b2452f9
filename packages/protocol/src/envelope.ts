import { isJsonObject } from './checks.js';
import { ERRORS, type ErrorReply, errorReply } from './replies.js';
import { quote } from './violations.js';

/**
 * The commands Glowkit answers, each with its subcommands. An empty list means the command takes
 * no subcommand (a `subcommand` property is then ignored, as Hyperion.ng's clients never send
 * one); `serverinfo` may leave its subcommand out (see {@link OPTIONAL_SUBCOMMAND}).
 */
export const COMMANDS = {
  config: [
    'restoreconfig',
    'getconfig',
    'getsnapshots',
    'restoresnapshot',
    'setconfig',
    'getschema',
  ],
  authorize: [
    'login',
    'logout',
    'tokenRequired',
    'adminRequired',
    'newPasswordRequired',
    'createToken',
    'getTokenList',
    'deleteToken',
    'requestToken',
    'answerRequest',
    'getPendingTokenRequests',
    // Glowkit's own: an admin dismisses a flood of requests at once.
    'denyPendingTokenRequests',
    'newPassword',
  ],
  instance: [
    'switchTo',
    'startInstance',
    'stopInstance',
    'createInstance',
    'deleteInstance',
    'saveName',
  ],
  serverinfo: [
    'getInfo',
    'subscribe',
    'unsubscribe',
    'getSubscriptions',
    'getSubscriptionCommands',
  ],
  sysinfo: [],
  ledcolors: ['ledstream-start', 'ledstream-stop', 'imagestream-start', 'imagestream-stop'],
  leddevice: ['discover'],
  inputsource: ['discover', 'getProperties'],
  effect: [],
  color: [],
  image: [],
  clear: [],
  clearall: [],
  componentstate: [],
  adjustment: [],
  'create-effect': [],
  'delete-effect': [],
  sourceselect: [],
  processing: [],
  videomode: [],
  system: ['suspend', 'resume', 'toggleSuspend', 'idle', 'resumeIdle', 'toggleIdle', 'restart'],
  logging: ['start', 'stop'],
  service: ['discover'],
  // Glowkit's own: the System page's figures, and the bundle for a bug report.
  diagnostics: ['getInfo', 'getBundle'],
} as const;

/** The commands whose subcommand may be left out: `serverinfo` alone means `getInfo`. */
export const OPTIONAL_SUBCOMMAND = ['serverinfo'] as const;

/** A command Glowkit answers. */
export type CommandName = keyof typeof COMMANDS;

/** A subcommand of command `C`, e.g. `SubcommandOf<'config'>` is `'restoreconfig' | …`; `never` when `C` has none. */
export type SubcommandOf<C extends CommandName> = (typeof COMMANDS)[C][number];

/** A command that takes no subcommand, e.g. `'color'` or `'create-effect'`. */
export type CommandWithoutSubcommand = {
  [C in CommandName]: [SubcommandOf<C>] extends [never] ? C : never;
}[CommandName];

/**
 * What {@link readEnvelope} puts in `subcommand` for command `C`: one of its subcommands;
 * `undefined` for a command without subcommands; for `serverinfo`, `undefined` when the request
 * named none (which means `getInfo`).
 */
export type EnvelopeSubcommand<C extends CommandName> = [SubcommandOf<C>] extends [never]
  ? undefined
  : C extends (typeof OPTIONAL_SUBCOMMAND)[number]
    ? SubcommandOf<C> | undefined
    : SubcommandOf<C>;

/** A request whose command (and subcommand) Glowkit answers: the `ok` side of an {@link Envelope}. */
export type ResolvedEnvelope = {
  [C in CommandName]: {
    ok: true;
    command: C;
    subcommand: EnvelopeSubcommand<C>;
    tan: number;
    name: string;
  };
}[CommandName];

/**
 * What {@link readEnvelope} found: the resolved command with one of its subcommands (checking
 * `command` narrows `subcommand`; it is `undefined` for commands without one), or the
 * `Invalid command` reply to send. `name` is the reply's `command` (see {@link commandName}).
 */
export type Envelope = ResolvedEnvelope | { ok: false; reply: ErrorReply };

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
 * `"config-restoreconfig"`; just the command when there is no (or an empty) subcommand, e.g.
 * `"serverinfo"` or `"create-effect"`.
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

function mayOmitSubcommand(command: CommandName): boolean {
  return (OPTIONAL_SUBCOMMAND as readonly string[]).includes(command);
}

const KNOWN_COMMANDS = Object.keys(COMMANDS).join(', ');

/**
 * Reads the command, subcommand and tan of a parsed request, before anything else is checked.
 *
 * Commands without subcommands (`sysinfo`, `effect`, `color`, `image`, `clear`, `clearall`,
 * `componentstate`, `adjustment`, `create-effect`, `delete-effect`) resolve whatever
 * `subcommand` holds, with `subcommand: undefined` and the bare command as `name`. `serverinfo`
 * without a subcommand (or with `""`) resolves to `name` `"serverinfo"` and means `getInfo`.
 *
 * When they do not name a command Glowkit answers, the result carries the `Invalid command` reply
 * to send, with one detail naming the pointer, e.g.
 * `/command: unknown command "foo" (known: config, authorize, …)`,
 * `/subcommand: subcommand is missing (known for config: restoreconfig, …)` or
 * `/subcommand: Invalid subcommand: "foo" (known for config: …)`. As in Hyperion.ng, an empty
 * subcommand counts as a missing one, and the reply's `command` is then the raw `command` string
 * of the request (`"unknown"` when there is none).
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
  // TypeScript cannot relate the unions of command and subcommand: each return below pairs a
  // command with undefined or with a subcommand from its own list, checked on the way.
  if (known.length === 0) {
    return { ok: true, command, subcommand: undefined, tan, name: command } as ResolvedEnvelope;
  }
  const knownText = `known for ${command}: ${known.join(', ')}`;
  const subcommand = Object.hasOwn(request, 'subcommand') ? request.subcommand : '';
  if (subcommand === '') {
    return mayOmitSubcommand(command)
      ? ({ ok: true, command, subcommand: undefined, tan, name: command } as ResolvedEnvelope)
      : fail(command, `/subcommand: subcommand is missing (${knownText})`);
  }
  if (typeof subcommand !== 'string' || !known.includes(subcommand)) {
    return fail(command, `/subcommand: Invalid subcommand: ${quote(subcommand)} (${knownText})`);
  }
  return {
    ok: true,
    command,
    subcommand,
    tan,
    name: commandName(command, subcommand),
  } as ResolvedEnvelope;
}
