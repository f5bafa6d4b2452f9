import type { SerialPortLister } from '@glowkit/engine';
import {
  ERRORS,
  errorReply,
  type Parser,
  parseAdjustmentRequest,
  parseAuthorizeRequest,
  parseClearAllRequest,
  parseClearRequest,
  parseColorRequest,
  parseComponentStateRequest,
  parseCreateEffectRequest,
  parseDeleteEffectRequest,
  parseDiagnosticsRequest,
  parseEffectRequest,
  parseGetConfigRequest,
  parseGetSchemaRequest,
  parseGetSnapshotsRequest,
  parseImageRequest,
  parseInputSourceRequest,
  parseInstanceRequest,
  parseLedColorsRequest,
  parseLedDeviceRequest,
  parseLoggingRequest,
  parseProcessingRequest,
  parseRestoreRequest,
  parseRestoreSnapshotRequest,
  parseServerInfoRequest,
  parseServiceRequest,
  parseSetConfigRequest,
  parseSourceSelectRequest,
  parseSysinfoRequest,
  parseSystemRequest,
  parseVideoModeRequest,
  type RequestKey,
  readEnvelope,
  requestKeyOf,
  type TokenInfo,
} from '@glowkit/protocol';
import { type Authenticator, refusalOf } from '../auth/authenticator.js';
import { TokenRequests } from '../auth/token-requests.js';
import type { CaptureDiscoveryOptions } from '../capture/discovery.js';
import { SystemMonitor } from '../diagnostics/system-monitor.js';
import type { MdnsBrowser } from '../discovery/mdns-browser.js';
import type { Logger } from '../logger.js';
import type { PowerState } from '../runtime/power-state.js';
import type { ServiceRuntime } from '../runtime/service-runtime.js';
import type { ConfigStore } from '../store/config-store.js';
import { authorize } from './authorize-commands.js';
import type { Command, Permission } from './command.js';
import {
  type GetSchemaDeps,
  getConfig,
  getSchema,
  getSnapshots,
  restoreConfig,
  restoreSnapshot,
} from './config-commands.js';
import {
  adjustment,
  type ControlDeps,
  clear,
  clearAll,
  componentState,
  createEffect,
  deleteEffect,
  runEffect,
  setColor,
  setImage,
} from './control-commands.js';
import { diagnosticsCommand } from './diagnostics-command.js';
import { ledcolorsCommand, serverinfoCommand } from './info-commands.js';
import { inputSourceCommand } from './inputsource-command.js';
import { instanceCommand } from './instance-commands.js';
import { ledDeviceCommand } from './leddevice-command.js';
import { loggingCommand } from './logging-command.js';
import { OpenSessions } from './open-sessions.js';
import type { Outcome } from './outcome.js';
import { invalidParams } from './params.js';
import type { PushHub } from './pushes.js';
import type { InputsInfo } from './serverinfo.js';
import { serviceCommand } from './service-command.js';
import { isHttp, type Session, type SessionState } from './session.js';
import { type SetConfigDeps, setConfig } from './setconfig-command.js';
import { processing, sourceSelect, videoMode } from './source-commands.js';
import { sysinfoCommand } from './sysinfo.js';
import { systemCommand } from './system-command.js';

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
  /** The working / idle / suspended state (`system`, `serverinfo`). */
  power: PowerState;
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
  /** The mDNS browser (`service discover`, `leddevice discover` of network types); none: not browsing. */
  mdnsBrowser?: MdnsBrowser | undefined;
  /** Where `inputsource discover` looks, and with which tools (default: the machine's own). */
  captureDiscovery?: CaptureDiscoveryOptions | undefined;
  /** The picture inputs, for `serverinfo`. */
  inputs?: InputsInfo | undefined;
  /** The forwarder, which hears the JSON commands an instance took. */
  forwarder?: ControlDeps['forwarder'];
  /** The grabbers, which say what keeps a saved group from capturing (`config setconfig`). */
  capture?: SetConfigDeps['capture'];
  /** The log level `--log-level` fixed, which `logger.level` does not change (`setconfig`). */
  fixedLogLevel?: (() => string | undefined) | undefined;
  /** Why an address may not create the admin password; undefined when it may (`newPassword`). */
  claimRefused?: ((address: string) => string | undefined) | undefined;
  /**
   * The running figures of `diagnostics` (the server's own, which it stops when it stops).
   * Default: the dispatcher's own, which stops by itself a minute after the last request.
   */
  systemMonitor?: SystemMonitor | undefined;
}

/** What the dispatcher hands every handler: its own deps, the token requests, and the effects. */
export interface CommandDeps extends DispatcherDeps, GetSchemaDeps {
  tokenRequests: TokenRequests;
  systemMonitor: SystemMonitor;
  /** Pushes `event-update` to its subscribers (`system`). */
  event(event: string): void;
  /** Tells subscribed sessions that the token list changed (`token-update`). */
  tokensChanged(list: TokenInfo[]): void;
  /** Signs out the open sessions logged in with token `id`; returns how many there were. */
  signOut(id: string): number;
  /** Ends what a session that logged out was given: its subscriptions and streams. */
  signedOut(session: SessionState): void;
}

/** A table entry whose handler takes exactly what its parser returns (checked by the compiler). */
const command = <T>(
  permission: Permission,
  parse: Parser<T>,
  handle: Command<T, CommandDeps>['handle'],
): Command<T, CommandDeps> => ({ permission, parse, handle });

const anonymous: Permission = 'anonymous';
const signedIn: Permission = 'signed-in';
const admin: Permission = 'admin';

/**
 * Every request Glowkit answers, by its key (`command-subcommand`, or the command alone): who may
 * send it, its parser (protocol's) and its handler. The mapped type makes a request kind added to
 * protocol's `COMMANDS` fail to compile until it has an entry here.
 *
 * Permissions follow Hyperion.ng's levels. `anonymous` ("No"): what a client asks before it has
 * a token, and how it gets one. `admin` ("Admin"): the configuration, the tokens and token
 * requests, the list of instances, and Glowkit's own configuration commands. A token granted
 * through a token request is not an admin token: it drives the LEDs and reads the state (Home
 * Assistant needs no more), and cannot make itself an admin token with createToken. Everything
 * else is `signed-in` (any valid token; `config-getschema` too).
 */
export const COMMAND_TABLE: { readonly [K in RequestKey]: Command<unknown, CommandDeps> } = {
  'config-restoreconfig': command(admin, parseRestoreRequest, restoreConfig),
  'config-getconfig': command(admin, parseGetConfigRequest, getConfig),
  'config-getsnapshots': command(admin, parseGetSnapshotsRequest, getSnapshots),
  'config-restoresnapshot': command(admin, parseRestoreSnapshotRequest, restoreSnapshot),
  'config-setconfig': command(admin, parseSetConfigRequest, setConfig),
  'config-getschema': command(signedIn, parseGetSchemaRequest, getSchema),
  'authorize-login': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-logout': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-tokenRequired': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-adminRequired': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-newPasswordRequired': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-createToken': command(admin, parseAuthorizeRequest, authorize),
  'authorize-getTokenList': command(admin, parseAuthorizeRequest, authorize),
  'authorize-deleteToken': command(admin, parseAuthorizeRequest, authorize),
  'authorize-requestToken': command(anonymous, parseAuthorizeRequest, authorize),
  'authorize-answerRequest': command(admin, parseAuthorizeRequest, authorize),
  'authorize-getPendingTokenRequests': command(admin, parseAuthorizeRequest, authorize),
  'authorize-denyPendingTokenRequests': command(admin, parseAuthorizeRequest, authorize),
  // Anonymous while no admin password exists (onboarding); the handler asks an admin after.
  'authorize-newPassword': command(anonymous, parseAuthorizeRequest, authorize),
  'instance-switchTo': command(signedIn, parseInstanceRequest, instanceCommand),
  'instance-startInstance': command(signedIn, parseInstanceRequest, instanceCommand),
  'instance-stopInstance': command(signedIn, parseInstanceRequest, instanceCommand),
  'instance-createInstance': command(admin, parseInstanceRequest, instanceCommand),
  'instance-deleteInstance': command(admin, parseInstanceRequest, instanceCommand),
  'instance-saveName': command(admin, parseInstanceRequest, instanceCommand),
  'serverinfo-getInfo': command(signedIn, parseServerInfoRequest, serverinfoCommand),
  'serverinfo-subscribe': command(signedIn, parseServerInfoRequest, serverinfoCommand),
  'serverinfo-unsubscribe': command(signedIn, parseServerInfoRequest, serverinfoCommand),
  'serverinfo-getSubscriptions': command(signedIn, parseServerInfoRequest, serverinfoCommand),
  'serverinfo-getSubscriptionCommands': command(
    anonymous,
    parseServerInfoRequest,
    serverinfoCommand,
  ),
  sysinfo: command(signedIn, parseSysinfoRequest, sysinfoCommand),
  'ledcolors-ledstream-start': command(signedIn, parseLedColorsRequest, ledcolorsCommand),
  'ledcolors-ledstream-stop': command(signedIn, parseLedColorsRequest, ledcolorsCommand),
  'ledcolors-imagestream-start': command(signedIn, parseLedColorsRequest, ledcolorsCommand),
  'ledcolors-imagestream-stop': command(signedIn, parseLedColorsRequest, ledcolorsCommand),
  'leddevice-discover': command(admin, parseLedDeviceRequest, ledDeviceCommand),
  'inputsource-discover': command(admin, parseInputSourceRequest, inputSourceCommand),
  'inputsource-getProperties': command(admin, parseInputSourceRequest, inputSourceCommand),
  effect: command(signedIn, parseEffectRequest, runEffect),
  color: command(signedIn, parseColorRequest, setColor),
  image: command(signedIn, parseImageRequest, setImage),
  clear: command(signedIn, parseClearRequest, clear),
  clearall: command(signedIn, parseClearAllRequest, clearAll),
  componentstate: command(signedIn, parseComponentStateRequest, componentState),
  adjustment: command(signedIn, parseAdjustmentRequest, adjustment),
  'create-effect': command(signedIn, parseCreateEffectRequest, createEffect),
  'delete-effect': command(signedIn, parseDeleteEffectRequest, deleteEffect),
  sourceselect: command(signedIn, parseSourceSelectRequest, sourceSelect),
  processing: command(signedIn, parseProcessingRequest, processing),
  videomode: command(signedIn, parseVideoModeRequest, videoMode),
  // Hyperion.ng lets any signed-in client suspend and resume; a restart closes every session,
  // so it takes an admin token here.
  'system-suspend': command(signedIn, parseSystemRequest, systemCommand),
  'system-resume': command(signedIn, parseSystemRequest, systemCommand),
  'system-toggleSuspend': command(signedIn, parseSystemRequest, systemCommand),
  'system-idle': command(signedIn, parseSystemRequest, systemCommand),
  'system-resumeIdle': command(signedIn, parseSystemRequest, systemCommand),
  'system-toggleIdle': command(signedIn, parseSystemRequest, systemCommand),
  'system-restart': command(admin, parseSystemRequest, systemCommand),
  // The log names who signed in from where and what they changed: for admins only.
  'logging-start': command(admin, parseLoggingRequest, loggingCommand),
  'logging-stop': command(admin, parseLoggingRequest, loggingCommand),
  'service-discover': command(signedIn, parseServiceRequest, serviceCommand),
  // Glowkit's own. The figures say nothing of the configuration; the bundle holds it (secrets
  // redacted) and the log, which are an admin's.
  'diagnostics-getInfo': command(signedIn, parseDiagnosticsRequest, diagnosticsCommand),
  'diagnostics-getBundle': command(admin, parseDiagnosticsRequest, diagnosticsCommand),
};

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
  const commandDeps: CommandDeps = {
    ...deps,
    tokenRequests,
    systemMonitor: deps.systemMonitor ?? new SystemMonitor({ runtime: deps.runtime }),
    event: (event) => deps.pushes.toSubscribers('event-update', { event }),
    tokensChanged: (list) => deps.pushes.toSubscribers('token-update', list),
    signOut: (id) => openSessions.signOut(id, deps.pushes),
    signedOut: (state) => deps.pushes.signedOut(state),
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
    const entry = COMMAND_TABLE[requestKeyOf(envelope)];
    if (!deps.isAvailable()) {
      return {
        reply: errorReply(name, tan, ERRORS.unavailable, [
          'the service is restarting to apply a new configuration; try again in a moment',
        ]),
        status: 503,
        headers: { 'Retry-After': '1' },
      };
    }
    if (entry.permission !== 'anonymous') {
      const auth = session.auth;
      // An HTTP request's token was verified in this same tick; a WebSocket session's token, at
      // its login, may have been revoked since. MQTT's commands hold no token (the broker's
      // credentials are its gate).
      const revoked =
        auth?.ok === true &&
        !isHttp(session) &&
        session.transport !== 'mqtt' &&
        !deps.authenticator.stillValid(auth.token.id);
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
          reply: errorReply(name, tan, ERRORS.noAuthorization, [detail], {
            code: `sign-in-${reason}`,
          }),
          status: refusal.status,
          headers: refusal.headers,
          delayMs: failed?.delayMs ?? 0,
        };
      }
      if (entry.permission === 'admin' && !auth.token.admin) {
        return {
          reply: errorReply(
            name,
            tan,
            ERRORS.noAuthorization,
            [
              `${name} needs an admin token; token ${auth.token.id} was granted through a token request and only drives the LEDs (an admin creates admin tokens with createToken or \`glowkit token create\`)`,
            ],
            { code: 'admin-required', params: { command: name } },
          ),
          status: 403,
        };
      }
    }
    const parsed = entry.parse(request);
    if (!parsed.ok) return invalidParams(name, tan, parsed.violations);
    return entry.handle({ value: parsed.value, name, tan, session, deps: commandDeps });
  };
}
