import { ERRORS, errorReply, parseJson } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { Outcome } from '../rpc/outcome.js';
import type { Session } from '../rpc/session.js';

/** The dispatcher as the transports call it. */
export type Dispatch = (request: unknown, session: Session) => Outcome | Promise<Outcome>;

/** The tan of text that is not JSON, when it shows one (as Hyperion recovers it). */
function tanIn(text: string): number {
  const match = /"tan"\s*:\s*(\d{1,15})/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The command of text that is not JSON, when it shows one; else "unknown". */
function commandIn(text: string): string {
  const match = /"command"\s*:\s*"([A-Za-z-]{1,40})"/.exec(text);
  return match?.[1] ?? 'unknown';
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
    return { reply: errorReply(commandIn(text), tanIn(text), ERRORS.parse, [parsed.description]) };
  }
  try {
    return await dispatch(parsed.value, session);
  } catch (error) {
    logger.error({ err: error }, 'a request failed unexpectedly');
    return {
      reply: errorReply(commandIn(text), tanIn(text), 'Internal error', [
        'the server failed to handle this request; see its log',
      ]),
      status: 500,
    };
  }
}

/** A reply as sent: compact JSON. */
export const replyText = (outcome: Outcome): string =>
  outcome.text ?? JSON.stringify(outcome.reply);

/** Waits some milliseconds (failed authorizations are answered late). */
export const pause = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
