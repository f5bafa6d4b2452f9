/**
 * `@glowkit/protocol`: Glowkit's JSON-RPC messages, one source of truth for the server, the web UI
 * and tests. Safe JSON parsing, request envelope reading, request validation that reports every
 * violation with its JSON pointer, and reply builders in Hyperion.ng's format.
 *
 * @packageDocumentation
 */
export { validateAuthorizeRequest } from './authorize.js';
export { isJsonObject, type JsonObject, own } from './checks.js';
export {
  COMMANDS,
  type CommandName,
  commandName,
  type Envelope,
  readEnvelope,
  type SubcommandOf,
  tanOf,
} from './envelope.js';
export { validateGetConfigRequest } from './getconfig.js';
export {
  GLOBAL_GROUPS,
  type GlobalGroup,
  groupValue,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
} from './groups.js';
export { DEFAULT_MAX_DEPTH, type ParsedJson, type ParseJsonOptions, parseJson } from './json.js';
export {
  ERRORS,
  type ErrorDetail,
  type ErrorReply,
  errorReply,
  RESTORE_INFO,
  type Reply,
  type SuccessReply,
  successReply,
  successReplyText,
} from './replies.js';
export { validateRestoreRequest } from './restore.js';
export { validateSnapshotRequest } from './snapshots.js';
export { childPointer, type Violation, violation } from './violations.js';
