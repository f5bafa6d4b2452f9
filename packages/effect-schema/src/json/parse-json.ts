import { type ParsedJson, parseJson as parseJsonText } from '@glowkit/json';

/**
 * How deep a schema, definition or phrase file may nest. Far beyond any real file, and low enough
 * that the rules, which walk values recursively, never exhaust the stack.
 */
export const FILE_MAX_DEPTH = 512;

/**
 * Parses the text of a file with @glowkit/json: the value, its document (positions, pointers,
 * duplicate keys) or the syntax error in the wording every Glowkit tool uses. A leading
 * byte-order mark is ignored, as editors on some systems write one.
 *
 * @param text - the file's text.
 */
export function parseJson(text: string): ParsedJson {
  return parseJsonText(text, { maxDepth: FILE_MAX_DEPTH, ignoreByteOrderMark: true });
}
