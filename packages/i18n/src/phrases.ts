import {
  describeJsonSyntaxError,
  escapePointerToken,
  isJsonObject,
  parseJson,
} from '@glowkit/json';

/**
 * A phrase file: one language, flat `key → text` (the Hyperion.ng translation format).
 * Texts may use i18next interpolation, e.g. `"Every {{count}} s"`.
 */
export type Phrases = Readonly<Record<string, string>>;

/**
 * Where a language's phrases come from.
 *
 * - `{ phrases }`: an object already in memory (works everywhere);
 * - `{ file }`: a path or `file:` URL of a JSON phrase file (Node only);
 * - `{ url }`: an `http(s):` URL fetched with `fetch` (Node ≥ 20 and browsers; in a browser a
 *   relative URL is resolved against the document). `init` is passed to `fetch`, and `fetch` may
 *   replace the global one (for tests or authenticated requests).
 */
export type PhraseSource =
  | { readonly phrases: Phrases }
  | { readonly file: string | URL }
  | {
      readonly url: string | URL;
      readonly init?: RequestInit;
      readonly fetch?: typeof globalThis.fetch;
    };

/**
 * Reads a phrase source and checks that it is a flat JSON object whose values are all strings.
 *
 * @param source - where to read the phrases from.
 * @returns the phrases, as a new object (the input is never kept or changed).
 * @throws Error with one line saying what was wrong and where (file, URL or JSON pointer).
 */
export async function loadPhrases(source: PhraseSource): Promise<Phrases> {
  if ('phrases' in source) return checkPhrases(source.phrases, 'phrases object');
  if ('file' in source) {
    const where = source.file instanceof URL ? source.file.href : source.file;
    const text = await readTextFile(source.file);
    return checkPhrases(parsePhraseFile(text, where), where);
  }
  const where = source.url instanceof URL ? source.url.href : source.url;
  const fetchFn = source.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchFn(source.url, source.init);
  } catch (error) {
    throw new Error(`${where}: could not fetch the phrase file (${messageOf(error)})`);
  }
  if (!response.ok) {
    throw new Error(
      `${where}: could not fetch the phrase file (HTTP ${response.status} ${response.statusText})`.trimEnd(),
    );
  }
  return checkPhrases(parsePhraseFile(await response.text(), where), where);
}

/**
 * Dynamic import under a computed name, so bundlers for the browser neither include nor try to
 * resolve `node:fs/promises`; it is only evaluated when a file source is actually read.
 */
async function readTextFile(file: string | URL): Promise<string> {
  const specifier = 'node:fs/promises';
  let fs: typeof import('node:fs/promises');
  try {
    fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as typeof fs;
  } catch {
    throw new Error(
      `${String(file)}: reading a phrase file from a path needs Node; in a browser use { url } or { phrases }`,
    );
  }
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`${String(file)}: could not read the phrase file (${messageOf(error)})`);
  }
}

function parsePhraseFile(text: string, where: string): unknown {
  // A UTF-8 BOM is legal in files saved by some editors and is not part of the JSON.
  const parsed = parseJson(text, { ignoreByteOrderMark: true });
  if (parsed.ok) return parsed.value;
  throw new Error(
    `${where}: not valid JSON (${describeJsonSyntaxError(parsed.error)}); fix the file's syntax`,
  );
}

function checkPhrases(value: unknown, where: string): Phrases {
  if (!isJsonObject(value)) {
    throw new Error(
      `${where}: a phrase file must be one JSON object of key → text, found ${describe(value)}`,
    );
  }
  const phrases: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string') {
      throw new Error(
        `${where} at /${escapePointerToken(key)}: a phrase must be a string, found ${describe(text)}`,
      );
    }
    phrases[key] = text;
  }
  return phrases;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Escapes one reference token of a JSON pointer (RFC 6901), as every Glowkit package does. */
export { escapePointerToken };
