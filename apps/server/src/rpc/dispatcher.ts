import type { SerialPortLister } from '@glowkit/engine';
import { ERRORS, errorReply, readEnvelope, validateControlRequest } from '@glowkit/protocol';
import { type Authenticator, refusalOf } from '../auth/authenticator.js';
import { TokenRequests } from '../auth/token-requests.js';
import type { Logger } from '../logger.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore } from '../store/config-store.js';
import { authorize } from './authorize-commands.js';
import {
  getConfig,
  getSchema,
  getSnapshots,
  restoreConfig,
  restoreSnapshot,
} from './config-commands.js';
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
import { ledDeviceCommand } from './leddevice-command.js';
import { OpenSessions } from './open-sessions.js';
import type { Outcome } from './outcome.js';
import { invalidParams } from './params.js';
import type { PushHub } from './pushes.js';
import { isHttp, type Session } from './session.js';
import { setConfig } from './setconfig-command.js';
import { sysinfoCommand } from './sysinfo.js';

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
  /**
   * The pending token requests. Default: the dispatcher's own, with Hyperion.ng's 180 s timeout
   * (a server passes its own to shorten it or to end them on stop).
   */
  tokenRequests?: TokenRequests;
  /** How long the dispatcher's own token requests wait for an admin (default 180 s). */
  tokenRequestTimeoutMs?: number | undefined;
  /** The effects' Python interpreter, for `sysinfo` (default `python3`). */
  python?: string | undefined;
  /** The device types the instances can drive, sorted (`config getschema`, `leddevice`). */
  deviceTypes: readonly string[];
  /** Lists the machine's serial ports (`leddevice discover`). */
  listSerialPorts: SerialPortLister;
}

/**
 * What anyone may send without a token: Hyperion.ng's "No" authorization level (what a client
 * asks before it has a token, and how it gets one). Everything else needs a token.
 */
const OPEN = new Set([
  'authorize-tokenRequired',
  'authorize-adminRequired',
  'authorize-newPasswordRequired',
  'authorize-login',
  'authorize-logout',
  'authorize-requestToken',
  'serverinfo-getSubscriptionCommands',
]);

/**
 * What needs an admin token: Hyperion.ng's "Admin" level (the configuration, the tokens and
 * token requests, the list of instances) and Glowkit's own configuration commands. A token
 * granted through a token request is not an admin token: it drives the LEDs and reads the
 * state (Home Assistant needs no more), and cannot make itself an admin token with createToken.
 */
const ADMIN = new Set([
  'config-restoreconfig',
  'config-getconfig',
  'config-setconfig',
  'config-getsnapshots',
  'config-restoresnapshot',
  'authorize-createToken',
  'authorize-deleteToken',
  'authorize-getTokenList',
  'authorize-answerRequest',
  'authorize-getPendingTokenRequests',
  'authorize-denyPendingTokenRequests',
  'instance-createInstance',
  'instance-deleteInstance',
  'instance-saveName',
  'leddevice-discover',
]);

/** Whether a stateful session is logged in with a valid admin token (it hears of token requests). */
function isAdminSession(session: Session, authenticator: Authenticator): boolean {
  const auth = session.auth;
  return (
    session.state !== undefined &&
    auth?.ok === true &&
    auth.token.admin &&
    authenticator.stillValid(auth.token.id)
  );
}

/**
 * The JSON-RPC dispatcher shared by HTTP and WebSocket: reads the command, refuses it while the
 * service restarts, checks authorization, validates the parameters (through @glowkit/protocol)
 * and runs it. Every path ends in a reply; nothing a client sends can make it throw.
 */
export function createDispatcher(
  deps: DispatcherDeps,
): (request: unknown, session: Session) => Outcome | Promise<Outcome> {
  const tokenRequests =
    deps.tokenRequests ??
    new TokenRequests({
      tokens: deps.store.tokens,
      isAdmin: (session) => isAdminSession(session, deps.authenticator),
      logger: deps.logger,
      ...(deps.tokenRequestTimeoutMs === undefined
        ? {}
        : { timeoutMs: deps.tokenRequestTimeoutMs }),
    });
  const openSessions = new OpenSessions();
  // A closed session's token requests go (nobody could receive the token), and so does the
  // session itself.
  deps.pushes.onRemove((state) => {
    tokenRequests.sessionClosed(state);
    openSessions.forget(state);
  });
  const authorizeDeps = {
    ...deps,
    tokenRequests,
    tokensChanged: (list: unknown) => deps.pushes.toSubscribers('token-update', list),
    signOut: (id: string) => openSessions.signOut(id, deps.pushes),
  };
  const schemaDeps = {
    deviceTypes: deps.deviceTypes,
    effectNames: () => deps.runtime.catalogue.serverInfo().map((effect) => effect.name),
    effectSchemas: () => deps.runtime.catalogue.schemas,
  };
  return (request, session) => {
    // Stateful sessions are remembered so that admins among them hear of token requests, and
    // so that revoking a token signs out the sessions using it.
    if (session.state) {
      tokenRequests.track(session);
      openSessions.track(session);
    }
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
        const reason = revoked ? 'revoked' : (failed?.reason ?? 'missing');
        const refusal = refusalOf(reason, failed?.retryAfterMs);
        // A session (WebSocket, TCP) logs in with a message: browsers cannot set headers there.
        const detail =
          reason === 'missing' && !isHttp(session)
            ? 'no token: log in first with {"command":"authorize","subcommand":"login","token":"<token>"} (create one with `glowkit token create`)'
            : refusal.detail;
        return {
          reply: errorReply(name, tan, ERRORS.noAuthorization, [detail]),
          status: refusal.status,
          headers: refusal.headers,
          delayMs: failed?.delayMs ?? 0,
        };
      }
      if (ADMIN.has(name) && !auth.token.admin) {
        return {
          reply: errorReply(name, tan, ERRORS.noAuthorization, [
            `${name} needs an admin token; token ${auth.token.id} was granted through a token request and only drives the LEDs (an admin creates admin tokens with createToken or \`glowkit token create\`)`,
          ]),
          status: 403,
        };
      }
    }
    switch (envelope.command) {
      case 'authorize':
        return authorize(request, envelope.subcommand, name, tan, session, authorizeDeps);
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
          case 'setconfig':
            return setConfig(request, name, tan, session, deps);
          case 'getschema':
            return getSchema(request, name, tan, schemaDeps);
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
      case 'sysinfo':
        return sysinfoCommand(name, tan, deps);
      case 'ledcolors':
        return ledcolorsCommand(request, envelope.subcommand, name, tan, session, deps);
      case 'leddevice':
        return ledDeviceCommand(request, name, tan, deps);
    }
  };
}
