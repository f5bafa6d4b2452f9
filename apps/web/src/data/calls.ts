/**
 * Every request the web UI sends, once each: its shape (protocol's request types) and what its
 * reply's `info` is (protocol's reply types). Pages and the store call these rather than writing
 * requests and reading replies themselves; the server's refusal rejects as a `ServerError`.
 */
import type {
  AdjustmentRequest,
  ClearRequest,
  ColorRequest,
  ComponentName,
  ComponentStateRequest,
  Configuration,
  CreatedToken,
  CreateEffectRequest,
  DeleteEffectRequest,
  DeniedTokenRequests,
  DiagnosticsBundle,
  DiagnosticsInfo,
  EffectRequest,
  GetSchemaInfo,
  InputSourceDiscovery,
  InputSourceRequest,
  InstanceRequest,
  LedDeviceDiscovery,
  LedDeviceRequest,
  PasswordSignIn,
  PendingTokenRequest,
  ServerInfo,
  SetConfigInfo,
  SetConfigRequest,
  SnapshotInfo,
  SourceSelectRequest,
  SubscriptionTopic,
  TokenInfo,
} from '@glowkit/protocol';
import type { Answer, SendOptions, ServerConnection } from '../api/connection.js';

/** Who sets colours and effects, as the server lists it among the priorities (4 to 20 characters). */
export const ORIGIN = 'Glowkit web';

/** Where a colour or an effect goes, and for how long. */
export interface Target {
  instance: number;
  /** 1 to 253; lower wins. */
  priority: number;
  /** Milliseconds; absent: until cleared. */
  durationMs?: number;
}

// ---- the state of the server

/**
 * Reads `serverinfo`: of instance `instance` (the session then hears that instance's pushes
 * too), else of the session's. `subscribe` subscribes to those topics at once.
 */
export function readServerInfo(
  connection: ServerConnection,
  instance?: number,
  subscribe?: readonly SubscriptionTopic[],
): Promise<ServerInfo> {
  return connection.call<ServerInfo>({
    command: 'serverinfo',
    ...(instance === undefined ? {} : { instance }),
    ...(subscribe === undefined ? {} : { subscribe: [...subscribe] }),
  });
}

/** Subscribes the session to `topics` (it keeps them until the socket closes). */
export async function subscribeTo(
  connection: ServerConnection,
  topics: readonly SubscriptionTopic[],
): Promise<void> {
  await connection.call({
    command: 'serverinfo',
    subcommand: 'subscribe',
    data: { subscriptions: [...topics] },
  });
}

// ---- what the LEDs show

/** The `effect` request that runs `name` with `args` at `target`. */
export function effectRequest(
  name: string,
  args: Record<string, unknown>,
  target: Target,
): EffectRequest {
  return {
    command: 'effect',
    instance: [target.instance],
    effect: { name, args },
    priority: target.priority,
    ...(target.durationMs === undefined ? {} : { duration: target.durationMs }),
    origin: ORIGIN,
  };
}

/** The `clear` request that clears `priority` on `instance`. */
export function clearRequest(instance: number, priority: number): ClearRequest {
  return { command: 'clear', instance: [instance], priority };
}

/** Runs effect `name` with `args` at `target`. */
export async function runEffect(
  connection: ServerConnection,
  name: string,
  args: Record<string, unknown>,
  target: Target,
): Promise<void> {
  await connection.call(effectRequest(name, args, target));
}

/** Sets one colour on every LED of `target.instance`. */
export async function setColour(
  connection: ServerConnection,
  color: readonly number[],
  target: Target,
): Promise<void> {
  const request: ColorRequest = {
    command: 'color',
    instance: [target.instance],
    color: [...color],
    priority: target.priority,
    ...(target.durationMs === undefined ? {} : { duration: target.durationMs }),
    origin: ORIGIN,
  };
  await connection.call(request);
}

/** Clears what shows at `priority` on `instance`. */
export async function clearPriority(
  connection: ServerConnection,
  instance: number,
  priority: number,
): Promise<void> {
  await connection.call(clearRequest(instance, priority));
}

/** Switches a component of `instance` on or off. */
export async function switchComponent(
  connection: ServerConnection,
  instance: number,
  component: ComponentName,
  state: boolean,
): Promise<void> {
  const request: ComponentStateRequest = {
    command: 'componentstate',
    instance: [instance],
    componentstate: { component, state },
  };
  await connection.call(request);
}

/** Sets the brightness (0 to 100) of `instance`'s colour adjustment. */
export async function setBrightness(
  connection: ServerConnection,
  instance: number,
  brightness: number,
): Promise<void> {
  const request: AdjustmentRequest = {
    command: 'adjustment',
    instance: [instance],
    adjustment: { brightness },
  };
  await connection.call(request);
}

/** Starts a stopped instance (the server answers once it runs: its device may take a while). */
export async function startInstance(
  connection: ServerConnection,
  instance: number,
  options?: SendOptions,
): Promise<void> {
  const request: InstanceRequest = { command: 'instance', subcommand: 'startInstance', instance };
  await connection.call(request, options);
}

/** Stops a running instance; it stays configured, and stays stopped at the next start. */
export async function stopInstance(connection: ServerConnection, instance: number): Promise<void> {
  const request: InstanceRequest = { command: 'instance', subcommand: 'stopInstance', instance };
  await connection.call(request);
}

/** Creates a stopped instance named `name` with default settings; resolves with its number. */
export async function createInstance(connection: ServerConnection, name: string): Promise<number> {
  const request: InstanceRequest = { command: 'instance', subcommand: 'createInstance', name };
  const info = await connection.call<{ instance: number }>(request);
  return info.instance;
}

/** Renames an instance (`saveName`). */
export async function renameInstance(
  connection: ServerConnection,
  instance: number,
  name: string,
): Promise<void> {
  const request: InstanceRequest = { command: 'instance', subcommand: 'saveName', instance, name };
  await connection.call(request);
}

/** Deletes an instance and its settings (the server keeps a snapshot first). */
export async function deleteInstance(
  connection: ServerConnection,
  instance: number,
): Promise<void> {
  const request: InstanceRequest = { command: 'instance', subcommand: 'deleteInstance', instance };
  await connection.call(request);
}

/** Starts the live colours of `instance` (`ledcolors-ledstream-update` pushes). */
export async function startLedStream(
  connection: ServerConnection,
  instance: number,
): Promise<void> {
  await connection.call({ command: 'ledcolors', subcommand: 'ledstream-start', instance });
}

/** Stops the live colours of `instance`. */
export async function stopLedStream(connection: ServerConnection, instance: number): Promise<void> {
  await connection.call({ command: 'ledcolors', subcommand: 'ledstream-stop', instance });
}

/**
 * Starts the picture of `instance`'s visible picture source (`ledcolors-imagestream-update`
 * pushes, while one is visible).
 */
export async function startImageStream(
  connection: ServerConnection,
  instance: number,
): Promise<void> {
  await connection.call({ command: 'ledcolors', subcommand: 'imagestream-start', instance });
}

/** Stops the picture of `instance`. */
export async function stopImageStream(
  connection: ServerConnection,
  instance: number,
): Promise<void> {
  await connection.call({ command: 'ledcolors', subcommand: 'imagestream-stop', instance });
}

/** Pins the source at `priority` on `instance` (it shows whatever lies below it). */
export async function pinSource(
  connection: ServerConnection,
  instance: number,
  priority: number,
): Promise<void> {
  const request: SourceSelectRequest = { command: 'sourceselect', instance: [instance], priority };
  await connection.call(request);
}

/** Returns `instance` to automatic selection: the lowest priority with data shows. */
export async function selectAutomatically(
  connection: ServerConnection,
  instance: number,
): Promise<void> {
  const request: SourceSelectRequest = {
    command: 'sourceselect',
    instance: [instance],
    auto: true,
  };
  await connection.call(request);
}

// ---- effects

/** Saves `args` for `script` as the custom effect `name`. */
export async function createEffect(
  connection: ServerConnection,
  name: string,
  script: string,
  args: Record<string, unknown>,
): Promise<void> {
  const request: CreateEffectRequest = { command: 'create-effect', name, script, args };
  await connection.call(request);
}

/** Deletes the custom effect `name`. */
export async function deleteEffect(connection: ServerConnection, name: string): Promise<void> {
  const request: DeleteEffectRequest = { command: 'delete-effect', name };
  await connection.call(request);
}

// ---- configuration

/** The stored configuration (`config getconfig`). */
export function fetchConfig(connection: ServerConnection): Promise<Configuration> {
  return connection.call<Configuration>({ command: 'config', subcommand: 'getconfig' });
}

/** The configurations the server kept before each change, newest first (`config getsnapshots`). */
export function fetchSnapshots(connection: ServerConnection): Promise<SnapshotInfo[]> {
  return connection.call<SnapshotInfo[]>({ command: 'config', subcommand: 'getsnapshots' });
}

/** The forms of every settings group and device type, and the effects' option schemas. */
export function fetchSchemas(connection: ServerConnection): Promise<GetSchemaInfo> {
  return connection.call<GetSchemaInfo>({ command: 'config', subcommand: 'getschema' });
}

/** Saves groups of `instance` in one `config setconfig`; with the server's warnings. */
export function saveGroups(
  connection: ServerConnection,
  instance: number,
  groups: Record<string, unknown>,
  options?: SendOptions,
): Promise<Answer<SetConfigInfo>> {
  const request: SetConfigRequest = {
    command: 'config',
    subcommand: 'setconfig',
    instance,
    config: groups,
  };
  return connection.answer<SetConfigInfo>(request, options);
}

/**
 * Saves global groups in one `config setconfig` (no `instance`); with the server's warnings. A
 * group read at start (`flatbufServer`, `webConfig`…) restarts the service after the reply
 * (`info.restarted` is `"service"`), closing this connection, which reopens by itself.
 */
export function saveGlobalGroups(
  connection: ServerConnection,
  groups: Record<string, unknown>,
  options?: SendOptions,
): Promise<Answer<SetConfigInfo>> {
  const request: SetConfigRequest = { command: 'config', subcommand: 'setconfig', config: groups };
  return connection.answer<SetConfigInfo>(request, options);
}

/** The serial ports the server sees for a device type (`leddevice discover`). */
export function discoverDevices(
  connection: ServerConnection,
  ledDeviceType: string,
): Promise<LedDeviceDiscovery> {
  const request: LedDeviceRequest = { command: 'leddevice', subcommand: 'discover', ledDeviceType };
  return connection.call<LedDeviceDiscovery>(request);
}

/**
 * The capture sources of one type on the server's machine (`inputsource discover`): screens
 * (X displays, framebuffers) or USB video devices, with what each offers. A server without
 * capture refuses it as an unknown command.
 */
export function discoverInputSources(
  connection: ServerConnection,
  sourceType: 'screen' | 'video',
): Promise<InputSourceDiscovery> {
  const request: InputSourceRequest = {
    command: 'inputsource',
    subcommand: 'discover',
    sourceType,
  };
  return connection.call<InputSourceDiscovery>(request, { timeoutMs: 30_000 });
}

// ---- signing in, tokens and token requests

/** Logs the session in with `token` now (for the connection's open hook, before it counts as open). */
export async function logInNow(connection: ServerConnection, token: string): Promise<void> {
  await connection.callNow({ command: 'authorize', subcommand: 'login', token });
}

/** Logs the session in with `token`. */
export async function logIn(connection: ServerConnection, token: string): Promise<void> {
  await connection.call({ command: 'authorize', subcommand: 'login', token });
}

/** Whether the admin password is still to be created (the sign-in page then offers to). */
export async function isNewPasswordRequired(connection: ServerConnection): Promise<boolean> {
  const info = await connection.call<{ newPasswordRequired: boolean }>({
    command: 'authorize',
    subcommand: 'newPasswordRequired',
  });
  return info.newPasswordRequired === true;
}

/** Logs the session in with the admin password; resolves with the token it was given. */
export function logInWithPassword(
  connection: ServerConnection,
  password: string,
): Promise<PasswordSignIn> {
  return connection.call<PasswordSignIn>({ command: 'authorize', subcommand: 'login', password });
}

/**
 * Creates the admin password while none exists; a session not signed in is signed in by it, and
 * resolves with its token (a signed-in one with nothing).
 */
export function createPassword(
  connection: ServerConnection,
  newPassword: string,
): Promise<PasswordSignIn | undefined> {
  return connection.call<PasswordSignIn | undefined>({
    command: 'authorize',
    subcommand: 'newPassword',
    newPassword,
  });
}

/** Changes the admin password; `password` is the current one. */
export async function changePassword(
  connection: ServerConnection,
  password: string,
  newPassword: string,
): Promise<void> {
  await connection.call({ command: 'authorize', subcommand: 'newPassword', password, newPassword });
}

/** Logs the session out. */
export async function logOut(connection: ServerConnection): Promise<void> {
  await connection.call({ command: 'authorize', subcommand: 'logout' });
}

/**
 * Asks an admin for a token under the name `comment` (`id`: 5 characters the request is told
 * apart by); resolves with the token once an admin approved, which may take minutes.
 */
export function requestToken(
  connection: ServerConnection,
  comment: string,
  id: string,
  options: SendOptions,
): Promise<CreatedToken> {
  return connection.call<CreatedToken>(
    { command: 'authorize', subcommand: 'requestToken', comment, id },
    options,
  );
}

/** Cancels this session's token request `id`. */
export async function cancelTokenRequest(connection: ServerConnection, id: string): Promise<void> {
  await connection.call({
    command: 'authorize',
    subcommand: 'requestToken',
    id,
    accept: false,
    comment: 'cancelled',
  });
}

/** The tokens (never the tokens themselves). */
export function fetchTokens(connection: ServerConnection): Promise<TokenInfo[]> {
  return connection.call<TokenInfo[]>({ command: 'authorize', subcommand: 'getTokenList' });
}

/** Creates an admin token for `comment`; the reply carries it, this once. */
export function createToken(connection: ServerConnection, comment: string): Promise<CreatedToken> {
  return connection.call<CreatedToken>({
    command: 'authorize',
    subcommand: 'createToken',
    comment,
  });
}

/** Revokes token `id`: every session using it is signed out. */
export async function revokeToken(connection: ServerConnection, id: string): Promise<void> {
  await connection.call({ command: 'authorize', subcommand: 'deleteToken', id });
}

/** The token requests waiting for an admin. */
export function fetchTokenRequests(connection: ServerConnection): Promise<PendingTokenRequest[]> {
  return connection.call<PendingTokenRequest[]>({
    command: 'authorize',
    subcommand: 'getPendingTokenRequests',
  });
}

/** Grants (`accept`) or denies token request `id`. */
export async function answerTokenRequest(
  connection: ServerConnection,
  id: string,
  accept: boolean,
): Promise<void> {
  await connection.call({ command: 'authorize', subcommand: 'answerRequest', id, accept });
}

/** Denies every waiting token request; resolves with those denied. */
export function denyTokenRequests(connection: ServerConnection): Promise<DeniedTokenRequests> {
  return connection.call<DeniedTokenRequests>({
    command: 'authorize',
    subcommand: 'denyPendingTokenRequests',
  });
}

// ---- the server itself

/** What the footer shows of the server (`sysinfo`'s `info.hyperion`). */
export interface ServerAbout {
  /** Glowkit's version (`glowkitVersion`). */
  version: string;
  /** Whole seconds the server's process had run when it answered. */
  uptime: number;
}

/** Reads the server's version and uptime (`sysinfo`). */
export async function fetchServerAbout(connection: ServerConnection): Promise<ServerAbout> {
  const info = await connection.call<{ hyperion: { glowkitVersion?: string; uptime?: number } }>({
    command: 'sysinfo',
  });
  return { version: info.hyperion.glowkitVersion ?? '', uptime: info.hyperion.uptime ?? 0 };
}

/**
 * `system`: suspend every instance (dark, effects kept), resume them, make them idle (captures
 * off, colours and effects still shown), end idle, or restart the service (an admin's; the
 * connection then closes and comes back by itself).
 */
export async function sendSystem(
  connection: ServerConnection,
  subcommand: 'suspend' | 'resume' | 'idle' | 'resumeIdle' | 'restart',
): Promise<void> {
  await connection.call({ command: 'system', subcommand });
}

// ---- the log

/**
 * `logging start`: the server's kept log lines, then each new one, come as `logmsg-update`
 * pushes (an admin's; the server refuses it to other tokens).
 */
export async function startLogging(connection: ServerConnection): Promise<void> {
  await connection.call({ command: 'logging', subcommand: 'start' });
}

/** Like {@link startLogging}, from an `onOpen` hook (after a reconnect). */
export async function startLoggingNow(connection: ServerConnection): Promise<void> {
  await connection.callNow({ command: 'logging', subcommand: 'start' });
}

/** `logging stop`: no more log lines. */
export async function stopLogging(connection: ServerConnection): Promise<void> {
  await connection.call({ command: 'logging', subcommand: 'stop' });
}

// ---- diagnostics

/**
 * `diagnostics getInfo`: the server's version, uptime, CPU and memory, its effect children, the
 * event loop's delay, each instance's frames per second and device, the database (the System
 * page's figures, taken over the server's last interval).
 */
export function fetchDiagnostics(connection: ServerConnection): Promise<DiagnosticsInfo> {
  return connection.call<DiagnosticsInfo>({ command: 'diagnostics', subcommand: 'getInfo' });
}

/**
 * `diagnostics getBundle`: the figures with the configuration (secrets redacted), the host's
 * description and the recent log, one document for a bug report (an admin's).
 */
export function fetchDiagnosticsBundle(connection: ServerConnection): Promise<DiagnosticsBundle> {
  return connection.call<DiagnosticsBundle>({ command: 'diagnostics', subcommand: 'getBundle' });
}
