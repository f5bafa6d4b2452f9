/** Loading translation (phrase) files for the CLI. */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { isJsonObject } from '@glowkit/json';
import { parseJsonFile } from '../json/parse-json.js';
import { readText } from './files.js';
import { describeFsError, InputError } from './usage-error.js';

/** A loaded phrase file. */
export interface PhraseFile {
  /** The path as the user gave it (for messages). */
  path: string;
  /** The absolute path (for reading and writing). */
  absolutePath: string;
  /** Language code from the file name, e.g. `en` for `en.json`. */
  language: string;
  phrases: Record<string, string>;
  /** The source text, kept so that `--fix` can edit it without reformatting. */
  text: string;
}

/** Loads one phrase file: a flat JSON object of strings. */
export async function loadPhraseFile(path: string, cwd = process.cwd()): Promise<PhraseFile> {
  const absolutePath = resolve(cwd, path);
  let text: string;
  try {
    text = await readText(absolutePath);
  } catch {
    throw new InputError(`${path}: cannot read the translation file`);
  }
  const parsed = parseJsonFile(text);
  if (!parsed.ok) {
    throw new InputError(
      `${path}:${parsed.error.position.line}:${parsed.error.position.column}: translation file is not valid JSON: ${parsed.error.message}`,
    );
  }
  if (!isJsonObject(parsed.value)) {
    throw new InputError(`${path}: a translation file must be a JSON object of key → text`);
  }
  const phrases: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed.value)) {
    if (typeof value === 'string') phrases[key] = value;
  }
  return { path, absolutePath, language: basename(path).replace(/\.json$/i, ''), phrases, text };
}

/**
 * Resolves `--translations` for lint and fix: a file is used as is; a directory means its
 * `en.json`, the source language that new phrases are written to.
 */
export async function resolveSourcePhraseFile(
  pathOrDir: string,
  cwd = process.cwd(),
): Promise<string> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(resolve(cwd, pathOrDir));
  } catch (error) {
    throw new InputError(`--translations ${pathOrDir}: ${describeFsError(error)}`);
  }
  if (!info.isDirectory()) return pathOrDir;
  const en = join(pathOrDir, 'en.json');
  try {
    await stat(resolve(cwd, en));
  } catch {
    throw new InputError(
      `--translations ${pathOrDir}: the directory has no en.json; name the translation file instead`,
    );
  }
  return en;
}

/** Every `*.json` phrase file of a directory (or the one file given), sorted by language. */
export async function loadPhraseDirectory(
  pathOrDir: string,
  cwd = process.cwd(),
): Promise<PhraseFile[]> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(resolve(cwd, pathOrDir));
  } catch (error) {
    throw new InputError(`--translations ${pathOrDir}: ${describeFsError(error)}`);
  }
  if (!info.isDirectory()) return [await loadPhraseFile(pathOrDir, cwd)];
  const names = (await readdir(resolve(cwd, pathOrDir))).filter((n) => n.endsWith('.json')).sort();
  if (names.length === 0) {
    throw new InputError(
      `--translations ${pathOrDir}: no *.json translation files in this directory`,
    );
  }
  return Promise.all(names.map((n) => loadPhraseFile(join(pathOrDir, n), cwd)));
}
