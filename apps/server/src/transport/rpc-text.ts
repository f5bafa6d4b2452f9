import {
  commandName,
  describeJsonSyntaxError,
  ERRORS,
  errorReply,
  isJsonObject,
  parseJson,
  tanOf,
} from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { Outcome } from '../rpc/outcome.js';
import type { Session } from '../rpc/session.js';

/** The dispatcher as the transports call it. */
export type Dispatch = (request: unknown, session: Session) => Outcome | Promise<Outcome>;

/** What an error reply names: the request's `command` (with its subcommand) and `tan`. */
export interface RequestLabel {
  command: string;
  tan: number;
}

const TAN = /"tan"\s*:\s*(\d{1,15})(?![\d.eE])/g;
const COMMAND = /"command"\s*:\s*"([A-Za-z-]{1,40})"/;
const SUBCOMMAND = /"subcommand"\s*:\s*"([A-Za-z-]{1,40})"/;

/** The first (or last) tan the text shows, as Hyperion recovers it from text that is not JSON. */
function tanIn(text: string, last = false): number | undefined {
  let found: number | undefined;
  for (const match of text.matchAll(TAN)) {
    found = Number(match[1]);
    if (!last) break;
  }
  return found;
}

/** The command (and subcommand) the text shows, e.g. "config-restoreconfig"; else undefined. */
function commandIn(text: string): string | undefined {
  const command = COMMAND.exec(text)?.[1];
  return command === undefined ? undefined : commandName(command, SUBCOMMAND.exec(text)?.[1]);
}

/**
 * The label of a request cut into pieces: its beginning and (for requests too large to keep)
 * its end. The command is read from the beginning; the tan from the beginning, else from the
 * end, where clients that sort their keys (hyperion-py) put it. "unknown" and 0 when not shown.
 */
export function labelOfParts(head: string, tail = ''): RequestLabel {
  return {
    command: commandIn(head) ?? commandIn(tail) ?? 'unknown',
    tan: tanIn(head) ?? tanIn(tail, true) ?? 0,
  };
}

/**
 * The label of a whole request's text: read from the JSON when it parses, else recovered by
 * pattern (so that a client matching replies by tan still gets this one).
 */
export function labelOfText(text: string, maxDepth: number): RequestLabel {
  const parsed = parseJson(text, { maxDepth });
  if (parsed.ok) {
    const value = parsed.value;
    if (!isJsonObject(value)) return { command: 'unknown', tan: 0 };
    const command = typeof value.command === 'string' ? value.command : 'unknown';
    const subcommand = typeof value.subcommand === 'string' ? value.subcommand : undefined;
    return { command: commandName(command, subcommand), tan: tanOf(value) };
  }
  return labelOfParts(text);
}

/**
 * One request's text to its outcome: parse (with line and column on error, and a depth limit),
 * then dispatch. A failure inside is logged and answered, never thrown at the transport.
 */
export async function outcomeOfText(
  text: string,
  session: Session,
  dispatch: Dispatch,
  logger: Logger,
  maxDepth: number,
): Promise<Outcome> {
  const parsed = parseJson(text, { maxDepth });
  if (!parsed.ok) {
    const { command, tan } = labelOfParts(text);
    return {
      reply: errorReply(command, tan, ERRORS.parse, [describeJsonSyntaxError(parsed.error)]),
    };
  }
  try {
    return await dispatch(parsed.value, session);
  } catch (error) {
    logger.error({ err: error }, 'a request failed unexpectedly');
    const { command, tan } = labelOfText(text, Number.POSITIVE_INFINITY);
    return {
      reply: errorReply(
        command,
        tan,
        'Internal error',
        ['the server failed to handle this request; see its log'],
        { code: 'internal' },
      ),
      status: 500,
    };
  }
}

/** Whether an outcome answers text that was not JSON. */
export const isParseError = (outcome: Outcome): boolean =>
  outcome.reply.success === false && outcome.reply.error === ERRORS.parse;

/** A reply as sent: compact JSON. */
export const replyText = (outcome: Outcome): string =>
  outcome.text ?? JSON.stringify(outcome.reply);

/** Waits some milliseconds (failed authorizations are answered late). */
export const pause = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
