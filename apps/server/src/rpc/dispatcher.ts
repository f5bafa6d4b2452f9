import { ERRORS, errorReply, readEnvelope } from '@glowkit/protocol';
import { type Authenticator, refusalOf } from '../auth/authenticator.js';
import type { Logger } from '../logger.js';
import type { ConfigStore } from '../store/config-store.js';
import { authorize } from './authorize-commands.js';
import { getConfig, getSnapshots, restoreConfig, restoreSnapshot } from './config-commands.js';
import type { Outcome } from './outcome.js';
import { isHttp, type Session } from './session.js';

/** What the dispatcher works with. */
export interface DispatcherDeps {
  store: ConfigStore;
  authenticator: Authenticator;
  logger: Logger;
  /** False while the service restarts: every request is then answered "Service Unavailable". */
  isAvailable(): boolean;
  /** Restarts the service (after a restore); called once the reply is flushed. */
  requestRestart(reason: string): void;
}

/** Subcommands anyone may send: the rest need an admin token. */
const OPEN = new Set(['authorize-tokenRequired', 'authorize-login', 'authorize-logout']);

/**
 * The JSON-RPC dispatcher shared by HTTP and WebSocket: reads the command, refuses it while the
 * service restarts, checks authorization, validates the parameters (through @glowkit/protocol)
 * and runs it. Every path ends in a reply; nothing a client sends can make it throw.
 */
export function createDispatcher(
  deps: DispatcherDeps,
): (request: unknown, session: Session) => Outcome {
  return (request, session) => {
    const envelope = readEnvelope(request);
    if (!envelope.ok) return { reply: envelope.reply };
    const { tan, name } = envelope;
    if (!deps.isAvailable()) {
      return {
        reply: errorReply(name, tan, ERRORS.unavailable, [
          'the service is restarting to apply a new configuration; try again in a moment',
        ]),
        status: 503,
        headers: { 'Retry-After': '1' },
      };
    }
    if (!OPEN.has(name)) {
      const auth = session.auth;
      // An HTTP request's token was verified in this same tick; a WebSocket session's token, at
      // its login, may have been revoked since.
      const revoked =
        auth?.ok === true && !isHttp(session) && !deps.authenticator.stillValid(auth.token.id);
      if (!auth?.ok || revoked) {
        const failed = auth && !auth.ok ? auth : undefined;
        const refusal = refusalOf(
          revoked ? 'revoked' : (failed?.reason ?? 'missing'),
          failed?.retryAfterMs,
        );
        return {
          reply: errorReply(name, tan, ERRORS.noAuthorization, [refusal.detail]),
          status: refusal.status,
          headers: refusal.headers,
          delayMs: failed?.delayMs ?? 0,
        };
      }
    }
    if (envelope.command === 'authorize') {
      return authorize(request, envelope.subcommand, name, tan, session, deps);
    }
    switch (envelope.subcommand) {
      case 'restoreconfig':
        return restoreConfig(request, name, tan, session, deps);
      case 'getconfig':
        return getConfig(request, name, tan, deps);
      case 'getsnapshots':
        return getSnapshots(request, name, tan, deps);
      case 'restoresnapshot':
        return restoreSnapshot(request, name, tan, session, deps);
    }
  };
}
