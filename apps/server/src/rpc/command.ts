import type { Parser } from '@glowkit/protocol';
import type { Outcome } from './outcome.js';
import type { Session } from './session.js';

/**
 * Who may send a command: `anonymous` (anyone, before a token: Hyperion.ng's "No" level),
 * `signed-in` (any valid token) or `admin` (an admin token: Hyperion.ng's "Admin" level).
 */
export type Permission = 'anonymous' | 'signed-in' | 'admin';

/** The one argument of a command's handler: the request's typed value and its surroundings. */
export interface CommandContext<T, D> {
  /** The request as its parser returned it. */
  value: T;
  /** The reply's `command` (`config-setconfig`, `color`). */
  name: string;
  /** The reply's `tan`. */
  tan: number;
  /** Who is asking. */
  session: Session;
  /** What the handler needs from the server. */
  deps: D;
}

/**
 * One entry of the dispatcher's table: who may send the command, its parser (protocol's), and
 * the handler that runs it with the parsed value. `D` is what the dispatcher hands every handler.
 */
export interface Command<T, D> {
  readonly permission: Permission;
  readonly parse: Parser<T>;
  // A method, so that the table can hold commands of different value types side by side; the
  // dispatcher's `command` helper ties a handler's value type to its parser's.
  handle(context: CommandContext<T, D>): Outcome | Promise<Outcome>;
}
