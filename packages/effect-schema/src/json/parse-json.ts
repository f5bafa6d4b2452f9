import { type ParsedJson, parseJson } from '@glowkit/json';

/**
 * How deep a schema, definition or phrase file may nest. Far beyond any real file, and low enough
 * that the rules, which walk values recursively, never exhaust the stack.
 */
export const FILE_MAX_DEPTH = 512;

/**
 * @glowkit/json's `parseJson` with the limits of a file: nesting up to {@link FILE_MAX_DEPTH}, and
 * a leading byte-order mark ignored, as editors on some systems write one. The result is
 * @glowkit/json's: the value, its document (positions, pointers, duplicate keys) or the syntax
 * error in the wording every Glowkit tool uses.
 *
 * @param text - the file's text.
 */
export function parseJsonFile(text: string): ParsedJson {
  return parseJson(text, { maxDepth: FILE_MAX_DEPTH, ignoreByteOrderMark: true });
}
