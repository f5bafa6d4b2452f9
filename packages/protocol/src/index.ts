/**
 * `@glowkit/protocol`: Glowkit's JSON-RPC messages and settings groups, one source of truth for the
 * server, the web UI and tests. Safe JSON parsing, request envelope reading, request validation
 * that reports every violation with its JSON pointer, reply builders in Hyperion.ng's format, and
 * the schema of every settings group with its defaults, types and validator.
 *
 * @packageDocumentation
 */
// Requests are parsed with @glowkit/json's parser, as every Glowkit tool parses JSON: its result
// (`{ ok, value, document } | { ok: false, error }`) and its wording, re-exported here.
export {
  DEFAULT_MAX_DEPTH,
  describeJsonSyntaxError,
  type JsonSyntaxError,
  type ParsedJson,
  type ParseJsonOptions,
  parseJson,
} from '@glowkit/json';
export { ADDRESS_RANGE_RULE, type AddressRange, parseAddressRange } from './address-range.js';
export {
  type AdjustmentRequest,
  type AdjustmentSettings,
  parseAdjustmentRequest,
  type RgbTriple,
  validateAdjustmentRequest,
} from './adjustment.js';
export {
  type AuthorizeEvent,
  type AuthorizeRequest,
  type CreatedToken,
  type DeniedTokenRequest,
  type DeniedTokenRequests,
  PASSWORD_LENGTH,
  type PasswordSignIn,
  type PendingTokenRequest,
  parseAuthorizeRequest,
  TOKEN_COMMENT_LENGTH,
  TOKEN_REQUEST_ID_LENGTH,
  type TokenInfo,
  type TokenRequestInfo,
  type TokenRequestPush,
  validateAuthorizeRequest,
} from './authorize.js';
export { type BackupContent, type BackupForm, configurationInBackup } from './backup.js';
export { type Base64Scan, MAX_IMAGE_BYTES, scanBase64 } from './base64.js';
export { isJsonObject, type JsonObject, jsonEqual, own } from './checks.js';
export {
  type ClearAllRequest,
  type ClearRequest,
  parseClearAllRequest,
  parseClearRequest,
  validateClearAllRequest,
  validateClearRequest,
} from './clear.js';
export { type ColorRequest, parseColorRequest, validateColorRequest } from './color.js';
export {
  COMPONENT_NAMES,
  type ComponentName,
  type ComponentStateRequest,
  parseComponentStateRequest,
  validateComponentStateRequest,
} from './componentstate.js';
export type { Configuration, StoredInstance } from './configuration.js';
export {
  type ControlRequest,
  parseRequest,
  REQUEST_KEYS,
  type RequestKey,
  type RpcRequest,
  requestKeyOf,
  validateControlRequest,
} from './control.js';
export {
  MAX_DURATION_MS,
  MAX_INSTANCE_INDEX,
  ORIGIN_LENGTH,
  UNNAMED_INSTANCE_ID,
} from './control-checks.js';
export {
  type DeviceFigures,
  type DiagnosticsBundle,
  type DiagnosticsInfo,
  type DiagnosticsRequest,
  type EffectChildFigures,
  type EventLoopDelay,
  type InstanceFigures,
  type ProcessFigures,
  parseDiagnosticsRequest,
  type ServerProcessFigures,
  validateDiagnosticsRequest,
} from './diagnostics.js';
export { type EffectRequest, parseEffectRequest, validateEffectRequest } from './effect.js';
export {
  type CreateEffectRequest,
  type DeleteEffectRequest,
  parseCreateEffectRequest,
  parseDeleteEffectRequest,
  validateCreateEffectRequest,
  validateDeleteEffectRequest,
} from './effect-files.js';
export {
  COMMANDS,
  type CommandName,
  type CommandWithoutSubcommand,
  commandName,
  type Envelope,
  type EnvelopeSubcommand,
  OPTIONAL_SUBCOMMAND,
  type ResolvedEnvelope,
  readEnvelope,
  type SubcommandOf,
  tanOf,
} from './envelope.js';
export {
  type ConfigFilter,
  type GetConfigRequest,
  parseGetConfigRequest,
  validateGetConfigRequest,
} from './getconfig.js';
export {
  type EffectSchemaEntry,
  type GetSchemaInfo,
  type GetSchemaRequest,
  type GroupFormSchema,
  type ListFormSchema,
  parseGetSchemaRequest,
  type SettingsSchemasInfo,
  validateGetSchemaRequest,
} from './getschema.js';
export {
  GLOBAL_GROUPS,
  type GlobalGroup,
  groupValue,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
} from './groups.js';
export {
  IMAGE_FORMATS,
  IMAGE_OWNER_LENGTH,
  type ImageFormat,
  type ImageRequest,
  imageEncodingOf,
  MAX_IMAGE_NAME_LENGTH,
  MAX_IMAGE_SIDE,
  parseImageRequest,
  validateImageRequest,
} from './image.js';
export {
  type DiscoveredAudioSource,
  type DiscoveredControl,
  type DiscoveredFormat,
  type DiscoveredResolution,
  type DiscoveredVideoInput,
  type DiscoveredVideoSource,
  INPUT_SOURCE_TEXT_LENGTH,
  INPUT_SOURCE_TYPES,
  type InputSourceDiscovery,
  type InputSourceRequest,
  parseInputSourceRequest,
  validateInputSourceRequest,
} from './inputsource.js';
export { type InstanceRequest, parseInstanceRequest, validateInstanceRequest } from './instance.js';
export {
  defaultInstanceName,
  isInstanceName,
  MIN_INSTANCE_NAME_LENGTH,
} from './instance-name.js';
export {
  type LedColorsRequest,
  parseLedColorsRequest,
  validateLedColorsRequest,
} from './ledcolors.js';
export {
  type DiscoveredSerialPort,
  LED_DEVICE_TYPE_LENGTH,
  type LedDeviceDiscovery,
  type LedDeviceRequest,
  type NetworkDeviceDiscovery,
  parseLedDeviceRequest,
  validateLedDeviceRequest,
} from './leddevice.js';
export {
  type LoggingRequest,
  type LogLevelString,
  type LogMessage,
  type LogMessagesData,
  parseLoggingRequest,
  validateLoggingRequest,
} from './logging.js';
export { errorFirstLine, errorOnOneLine, escapeControlCharacters } from './one-line.js';
export { type Parsed, type Parser, parserOf } from './parse.js';
export { MAX_PRIORITY, MIN_PRIORITY, PRIORITY } from './priorities.js';
export {
  ERRORS,
  type ErrorCoded,
  type ErrorDetail,
  type ErrorParams,
  type ErrorReply,
  errorCodeOf,
  errorReply,
  RESTORE_INFO,
  type Reply,
  type SuccessReply,
  successReply,
  successReplyText,
} from './replies.js';
export {
  MAX_INSTANCE_ID,
  MAX_LISTED_INSTANCE_ID,
  parseRestoreRequest,
  type RestoreConfig,
  type RestoreInstance,
  type RestoreRequest,
  type RestoreSettings,
  validateRestoreRequest,
} from './restore.js';
export type {
  ActiveEffectInfo,
  ActiveLedColorInfo,
  AdjustmentInfo,
  CaptureGrabberList,
  ComponentInfo,
  DataPush,
  DeviceState,
  DeviceStatus,
  EffectErrorInfo,
  EffectFileProblem,
  EffectInfo,
  ForwarderInfo,
  ForwarderTargetInfo,
  ForwarderTargetState,
  GrabberList,
  GrabberState,
  GrabberStatus,
  InputSourceInfo,
  InstanceInfo,
  InstanceLatencyInfo,
  LatencyFigures,
  LatencyStage,
  PictureBorder,
  PowerStateName,
  PriorityInfo,
  PrioritySource,
  PushCommand,
  PushData,
  ServerInfo,
} from './server-info.js';
export {
  DEFAULT_SUBSCRIPTION_TOPICS,
  GLOWKIT_SUBSCRIPTION_TOPICS,
  HYPERION_SUBSCRIPTION_TOPICS,
  isSubscriptionTopic,
  parseServerInfoRequest,
  type ServerInfoRequest,
  SUBSCRIPTION_TOPICS,
  type SubscriptionData,
  type SubscriptionTopic,
  splitTopics,
  validateServerInfoRequest,
} from './serverinfo.js';
export {
  type DiscoveredService,
  parseServiceRequest,
  SERVICE_TYPE_LENGTH,
  type ServiceDiscovery,
  type ServiceRequest,
  validateServiceRequest,
} from './service.js';
export {
  parseSetConfigRequest,
  SETCONFIG_RESTARTS,
  type SetConfigInfo,
  type SetConfigRequest,
  type SetConfigRestart,
  validateSetConfigRequest,
} from './setconfig.js';
export {
  type BoundaryCase,
  boundaryCases,
  keepingRelations,
} from './settings/boundaries.js';
export {
  CONFIG_VERSION,
  defaultDevice,
  defaultGlobalSettings,
  defaultGroup,
  defaultInstanceSettings,
  fillDefaults,
  isSettingsGroupName,
  type SettingsGroupName,
  schemaDefault,
} from './settings/defaults.js';
export { type SettingsFormChoices, settingsForms } from './settings/forms.js';
export {
  DEVICE_TYPES,
  type DeviceType,
  deviceTypeSchemas,
  type SettingsGroupSchema,
  settingsGroupSchemas,
} from './settings/generated/schemas.js';
export type * from './settings/generated/types.js';
export {
  type MigratedGroup,
  migrateGroup,
  type SettingChange,
  settingChangeLine,
} from './settings/migrate.js';
export {
  type Filled,
  type InstanceRunSettings,
  instanceRunSettings,
  RUN_GROUPS,
  type RunDevice,
  type RunLed,
  withDefaults,
} from './settings/run-settings.js';
export {
  deviceValidators,
  groupSchemaOf,
  isDeviceType,
  type SettingsValidationError,
  type SettingsValidator,
  settingsValidators,
  validateGroup,
} from './settings/validate.js';
export {
  type GetSnapshotsRequest,
  parseGetSnapshotsRequest,
  parseRestoreSnapshotRequest,
  parseSnapshotRequest,
  type RestoreSnapshotRequest,
  type SnapshotInfo,
  type SnapshotReason,
  type SnapshotRequest,
  snapshotReasonOf,
  validateSnapshotRequest,
} from './snapshots.js';
export {
  MAPPING_TYPE_NAMES,
  type MappingTypeName,
  type ProcessingRequest,
  parseProcessingRequest,
  parseSourceSelectRequest,
  parseVideoModeRequest,
  type SourceSelectRequest,
  VIDEO_MODES,
  type VideoMode,
  type VideoModeRequest,
  validateProcessingRequest,
  validateSourceSelectRequest,
  validateVideoModeRequest,
} from './source-commands.js';
export { parseSysinfoRequest, type SysinfoRequest, validateSysinfoRequest } from './sysinfo.js';
export { parseSystemRequest, type SystemRequest, validateSystemRequest } from './system.js';
export { childPointer, type Violation, violation } from './violations.js';
