import { ERRORS, errorReply, readEnvelope, validateControlRequest } from '@glowkit/protocol';
import { type Authenticator, refusalOf } from '../auth/authenticator.js';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore } from '../store/config-store.js';
import { authorize } from './authorize-commands.js';
import { getConfig, getSnapshots, restoreConfig, restoreSnapshot } from './config-commands.js';
import {
  adjustment,
  clear,
  componentState,
  createEffect,
  deleteEffect,
  runEffect,
  setColor,
  setImage,
} from './control-commands.js';
import { ledcolorsCommand, serverinfoCommand } from './info-commands.js';
import { instanceCommand } from './instance-commands.js';
import type { Outcome } from './outcome.js';
import { invalidParams } from './params.js';
import type { PushHub } from './pushes.js';
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
  /** The running instances and effects. */
  runtime: ServiceRuntime;
  /** Subscriptions and live streams of WebSocket sessions. */
  pushes: PushHub;
}

/** Subcommands anyone may send: the rest need a token. */
const OPEN = new Set([
  'authorize-tokenRequired',
  'authorize-login',
  'authorize-logout',
  'serverinfo-getSubscriptionCommands',
]);

/**
 * The JSON-RPC dispatcher shared by HTTP and WebSocket: reads the command, refuses it while the
 * service restarts, checks authorization, validates the parameters (through @glowkit/protocol)
 * and runs it. Every path ends in a reply; nothing a client sends can make it throw.
 */
export function createDispatcher(
  deps: DispatcherDeps,
): (request: unknown, session: Session) => Outcome | Promise<Outcome> {
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
    switch (envelope.command) {
      case 'authorize':
        return authorize(request, envelope.subcommand, name, tan, session, deps);
      case 'config':
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
    }
    const invalid = invalidParams(name, tan, validateControlRequest(envelope, request));
    if (invalid) return invalid;
    switch (envelope.command) {
      case 'effect':
        return runEffect(request, name, tan, session, deps);
      case 'color':
        return setColor(request, name, tan, session, deps);
      case 'image':
        return setImage(request, name, tan, session, deps);
      case 'clear':
        return clear(request, name, tan, session, deps, false);
      case 'clearall':
        return clear(request, name, tan, session, deps, true);
      case 'componentstate':
        return componentState(request, name, tan, session, deps);
      case 'adjustment':
        return adjustment(request, name, tan, session, deps);
      case 'create-effect':
        return createEffect(request, name, tan, deps);
      case 'delete-effect':
        return deleteEffect(request, name, tan, deps);
      case 'instance':
        return instanceCommand(request, envelope.subcommand, name, tan, session, deps);
      case 'serverinfo':
        return serverinfoCommand(request, envelope.subcommand, name, tan, session, deps);
      case 'ledcolors':
        return ledcolorsCommand(envelope.subcommand, name, tan, session, deps);
    }
  };
}
