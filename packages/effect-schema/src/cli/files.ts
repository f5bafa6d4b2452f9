/** Expanding the CLI's file, directory and glob arguments, and reading files. */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describeFsError, InputError } from './usage-error.js';

/** A file to process, or why an argument yielded none. */
export type Expanded = { path: string } | { problem: string };

const globChars = /[*?[\]{}]/;

// Loaded on first use: linting the files named on the command line needs no glob engine.
async function glob(
  patterns: string[],
  options: import('tinyglobby').GlobOptions,
): Promise<string[]> {
  const { glob: run } = await import('tinyglobby');
  return run(patterns, options);
}

/**
 * Expands arguments: a file is taken as is; a directory is searched with `dirPattern`; a glob is
 * matched. Each argument that yields nothing is reported, so a typo never passes silently.
 */
export async function expandInputs(
  inputs: readonly string[],
  dirPattern: { patterns: string[]; ignore?: string[]; describe: string },
  cwd = process.cwd(),
): Promise<Expanded[]> {
  const out: Expanded[] = [];
  const seen = new Set<string>();
  const add = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path });
  };
  for (const input of inputs) {
    let info: Awaited<ReturnType<typeof stat>> | undefined;
    try {
      info = await stat(resolve(cwd, input));
    } catch {
      info = undefined;
    }
    if (info?.isDirectory()) {
      const found = await glob(dirPattern.patterns, {
        cwd: resolve(cwd, input),
        ignore: dirPattern.ignore ?? [],
        onlyFiles: true,
      });
      if (found.length === 0) {
        out.push({ problem: `${input}: no ${dirPattern.describe} in this directory` });
      }
      for (const f of found.sort()) add(join(input, f));
    } else if (info) {
      add(input);
    } else if (globChars.test(input)) {
      const found = await glob([input], { cwd, onlyFiles: true, ignore: ['**/node_modules/**'] });
      if (found.length === 0) out.push({ problem: `${input}: no files match this pattern` });
      for (const f of found.sort()) add(f);
    } else {
      out.push({ problem: `${input}: no such file or directory` });
    }
  }
  return out;
}

/** Reads a UTF-8 text file, turning failures into an {@link InputError} with a one-line reason. */
export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: cannot read: ${describeFsError(error)}`);
  }
}

/** Where to look for schemas in a directory argument. */
export const schemaFilePattern = {
  patterns: ['**/*.schema.json'],
  ignore: ['**/node_modules/**'],
  describe: '*.schema.json files',
};

/** Files read from the arguments, and one line per argument or file that could not be used. */
export interface ReadInputs {
  sources: Array<{ file: string; text: string }>;
  problems: string[];
}

/** Expands the arguments and reads every file; unreadable ones become problems, not exceptions. */
export async function readInputs(
  inputs: readonly string[],
  dirPattern: Parameters<typeof expandInputs>[1],
  cwd: string,
): Promise<ReadInputs> {
  const result: ReadInputs = { sources: [], problems: [] };
  for (const e of await expandInputs(inputs, dirPattern, cwd)) {
    if ('problem' in e) {
      result.problems.push(e.problem);
      continue;
    }
    try {
      result.sources.push({ file: e.path, text: await readText(resolve(cwd, e.path)) });
    } catch (error) {
      if (error instanceof InputError) result.problems.push(error.message);
      else throw error;
    }
  }
  return result;
}
