import { type AdjustmentRequest, parseAdjustmentRequest } from './adjustment.js';
import { type AuthorizeRequest, parseAuthorizeRequest } from './authorize.js';
import {
  type ClearAllRequest,
  type ClearRequest,
  parseClearAllRequest,
  parseClearRequest,
} from './clear.js';
import { type ColorRequest, parseColorRequest } from './color.js';
import { type ComponentStateRequest, parseComponentStateRequest } from './componentstate.js';
import { type DiagnosticsRequest, parseDiagnosticsRequest } from './diagnostics.js';
import { type EffectRequest, parseEffectRequest } from './effect.js';
import {
  type CreateEffectRequest,
  type DeleteEffectRequest,
  parseCreateEffectRequest,
  parseDeleteEffectRequest,
} from './effect-files.js';
import {
  COMMANDS,
  type CommandName,
  type ResolvedEnvelope,
  type SubcommandOf,
} from './envelope.js';
import { type GetConfigRequest, parseGetConfigRequest } from './getconfig.js';
import { type GetSchemaRequest, parseGetSchemaRequest } from './getschema.js';
import { type ImageRequest, parseImageRequest } from './image.js';
import { type InputSourceRequest, parseInputSourceRequest } from './inputsource.js';
import { type InstanceRequest, parseInstanceRequest } from './instance.js';
import { type LedColorsRequest, parseLedColorsRequest } from './ledcolors.js';
import { type LedDeviceRequest, parseLedDeviceRequest } from './leddevice.js';
import { type LoggingRequest, parseLoggingRequest } from './logging.js';
import type { Parsed } from './parse.js';
import { parseRestoreRequest, type RestoreRequest } from './restore.js';
import { parseServerInfoRequest, type ServerInfoRequest } from './serverinfo.js';
import { parseServiceRequest, type ServiceRequest } from './service.js';
import { parseSetConfigRequest, type SetConfigRequest } from './setconfig.js';
import { parseSnapshotRequest, type SnapshotRequest } from './snapshots.js';
import {
  type ProcessingRequest,
  parseProcessingRequest,
  parseSourceSelectRequest,
  parseVideoModeRequest,
  type SourceSelectRequest,
  type VideoModeRequest,
} from './source-commands.js';
import { parseSysinfoRequest, type SysinfoRequest } from './sysinfo.js';
import { parseSystemRequest, type SystemRequest } from './system.js';
import type { Violation } from './violations.js';

/** A valid request of one of the LED control commands, told apart by `command`. */
export type ControlRequest =
  | EffectRequest
  | ColorRequest
  | ImageRequest
  | ClearRequest
  | ClearAllRequest
  | ComponentStateRequest
  | AdjustmentRequest
  | CreateEffectRequest
  | DeleteEffectRequest
  | InstanceRequest
  | ServerInfoRequest
  | LedColorsRequest
  | LedDeviceRequest
  | InputSourceRequest
  | SourceSelectRequest
  | ProcessingRequest
  | VideoModeRequest;

/** A valid request of any command Glowkit answers, told apart by `command` (and `subcommand`). */
export type RpcRequest =
  | ControlRequest
  | AuthorizeRequest
  | RestoreRequest
  | GetConfigRequest
  | SetConfigRequest
  | SnapshotRequest
  | GetSchemaRequest
  | SysinfoRequest
  | SystemRequest
  | LoggingRequest
  | ServiceRequest
  | DiagnosticsRequest;

/**
 * The key of one request kind: `command-subcommand` (`config-setconfig`, `serverinfo-getInfo`),
 * or the command alone when it takes no subcommand (`color`, `create-effect`). A dispatcher's
 * table has one entry per key.
 */
export type RequestKey = {
  [C in CommandName]: [SubcommandOf<C>] extends [never] ? C : `${C}-${SubcommandOf<C>}`;
}[CommandName];

/** Every {@link RequestKey}, in the order of `COMMANDS`. */
export const REQUEST_KEYS: readonly RequestKey[] = Object.entries(COMMANDS).flatMap(
  ([command, subcommands]: [string, readonly string[]]) =>
    subcommands.length === 0
      ? [command as RequestKey]
      : subcommands.map((subcommand) => `${command}-${subcommand}` as RequestKey),
);

/**
 * The {@link RequestKey} of a resolved request; `serverinfo` without a subcommand is
 * `serverinfo-getInfo`, which it means.
 *
 * @param envelope - what `readEnvelope` returned for the request, when `ok`.
 */
export function requestKeyOf(envelope: ResolvedEnvelope): RequestKey {
  const subcommand =
    envelope.command === 'serverinfo' ? (envelope.subcommand ?? 'getInfo') : envelope.subcommand;
  return (
    subcommand === undefined ? envelope.command : `${envelope.command}-${subcommand}`
  ) as RequestKey;
}

type CommandParser = (request: unknown, envelope: ResolvedEnvelope) => Parsed<RpcRequest>;

function parseConfigRequest(request: unknown, envelope: ResolvedEnvelope): Parsed<RpcRequest> {
  switch (envelope.subcommand) {
    case 'restoreconfig':
      return parseRestoreRequest(request);
    case 'getconfig':
      return parseGetConfigRequest(request);
    case 'setconfig':
      return parseSetConfigRequest(request);
    case 'getschema':
      return parseGetSchemaRequest(request);
    default:
      return parseSnapshotRequest(request);
  }
}

// One parser per command; the mapped type makes a new command in COMMANDS fail to compile
// until it has one here.
const PARSERS: { readonly [C in CommandName]: CommandParser } = {
  config: parseConfigRequest,
  authorize: parseAuthorizeRequest,
  instance: parseInstanceRequest,
  serverinfo: parseServerInfoRequest,
  sysinfo: parseSysinfoRequest,
  ledcolors: parseLedColorsRequest,
  leddevice: parseLedDeviceRequest,
  inputsource: parseInputSourceRequest,
  effect: parseEffectRequest,
  color: parseColorRequest,
  image: parseImageRequest,
  clear: parseClearRequest,
  clearall: parseClearAllRequest,
  componentstate: parseComponentStateRequest,
  adjustment: parseAdjustmentRequest,
  'create-effect': parseCreateEffectRequest,
  'delete-effect': parseDeleteEffectRequest,
  sourceselect: parseSourceSelectRequest,
  processing: parseProcessingRequest,
  videomode: parseVideoModeRequest,
  system: parseSystemRequest,
  logging: parseLoggingRequest,
  service: parseServiceRequest,
  diagnostics: parseDiagnosticsRequest,
};

/**
 * A resolved request parsed by its command's parser (`parseColorRequest`, `parseSetConfigRequest`,
 * …): its typed value ({@link RpcRequest}), or every violation. A dispatcher that knows the
 * command calls that parser itself, for the narrower type.
 *
 * @param envelope - what `readEnvelope` returned for the request, when `ok`.
 * @param request - the same parsed request.
 */
export function parseRequest(envelope: ResolvedEnvelope, request: unknown): Parsed<RpcRequest> {
  return PARSERS[envelope.command](request, envelope);
}

/**
 * Every violation of a request whose envelope resolved, by the validator of its command: the
 * control commands (`effect`, `color`, `image`, `clear`, `clearall`, `componentstate`,
 * `adjustment`, `create-effect`, `delete-effect`, `instance`, `serverinfo`, `ledcolors`,
 * `leddevice`, `inputsource`) and also `config` (by subcommand) and `authorize` (see {@link parseRequest}).
 *
 * @param envelope - what `readEnvelope` returned for the request, when `ok`.
 * @param request - the same parsed request.
 * @returns all violations at once, `[]` when the request is valid.
 */
export function validateControlRequest(envelope: ResolvedEnvelope, request: unknown): Violation[] {
  const parsed = parseRequest(envelope, request);
  return parsed.ok ? [] : parsed.violations;
}
