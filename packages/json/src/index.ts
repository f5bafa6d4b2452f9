/**
 * @packageDocumentation
 * JSON text with positions, limits and pointers: the one parser every Glowkit tool reports with.
 * Browser-safe (no Node built-ins).
 */
export { type DuplicateKey, JsonDocument } from './document.js';
export { hasDuplicateKeys } from './duplicate-keys.js';
export { jsonEqual } from './equal.js';
export { isJsonObject, type JsonObject, own } from './object.js';
export { DEFAULT_MAX_DEPTH, type ParsedJson, type ParseJsonOptions, parseJson } from './parse.js';
export { escapePointerToken, fromPointer, toPointer, unescapePointerToken } from './pointer.js';
export { lineStarts, positionAt, positionIn, type SourcePosition } from './position.js';
export { describeJsonSyntaxError, type JsonSyntaxError } from './syntax-error.js';
export type { LocationNode } from './tree.js';
