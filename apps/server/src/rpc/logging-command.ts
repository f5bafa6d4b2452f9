/**
 * `logging`: the server's log, live, for a session (automation.md §7), as Hyperion.ng's Log
 * page and Glowkit's read it.
 */
import { type LoggingRequest, successReply } from '@glowkit/protocol';
import type { Logger } from '../logger.js';
import type { CommandContext } from './command.js';
import { httpOnly } from './info-commands.js';
import type { Outcome } from './outcome.js';
import type { PushHub } from './pushes.js';

/** What `logging` needs from the server. */
export interface LoggingDeps {
  logger: Logger;
  pushes: PushHub;
}

/**
 * `logging start`: once the reply is out, the kept lines at the current level, then each new
 * line (`logmsg-update`); `stop` ends it. Over HTTP, which cannot push, `start` is refused
 * (Hyperion.ng answers success and sends nothing); `stop` always succeeds.
 */
export function loggingCommand({
  value,
  name,
  tan,
  session,
  deps,
}: CommandContext<LoggingRequest, LoggingDeps>): Outcome {
  const state = session.state;
  if (value.subcommand === 'stop') {
    if (state) deps.pushes.logs.stop(state);
    return { reply: successReply(name, tan) };
  }
  if (!state) return httpOnly(name, tan);
  return {
    reply: successReply(name, tan),
    after: () => deps.pushes.logs.start(state, deps.logger.levelVal),
  };
}
