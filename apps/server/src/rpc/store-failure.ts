import { ERRORS, errorOnOneLine, errorReply } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { Outcome } from './outcome.js';

/**
 * The reply to a change the store refused (nothing was written): `error` — `Database Error`, or
 * for a restore `Restore configuration failed` — with the store's one line (what failed, why,
 * what to do) as its detail, and the same line logged with what was not done. One mapping for
 * every command that writes, so that a read-only or vanished database is answered alike.
 */
export function storeFailure(
  name: string,
  tan: number,
  error: unknown,
  logger: Logger,
  notDone: string,
  reason: string = ERRORS.databaseError,
): Outcome {
  const message = errorOnOneLine(error);
  logger.error({ error: message }, notDone);
  return { reply: errorReply(name, tan, reason, [message]) };
}
