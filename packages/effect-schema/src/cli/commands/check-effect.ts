/** `glowkit-schema check-effect`: check effect definitions against their scripts' schemas. */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkEffectDefinition } from '../../definition/check-effect-definition.js';
import { expandInputs, readText } from '../files.js';
import { type CommandIo, exitCodes } from '../io.js';
import { type FileResult, type Format, formatResults, totals } from '../report.js';
import { Progress, palette, useColor } from '../terminal.js';
import { InputError, UsageError } from '../usage-error.js';

/** Arguments of the check-effect command. */
export interface CheckEffectArgs {
  inputs: string[];
  /** Directory holding `<script>.schema.json` files; by default `schema/` beside each definition. */
  schemas?: string;
  format: Format;
}

/** The schema file names tried for a script, in order. */
export function schemaCandidates(
  definitionPath: string,
  script: string,
  schemasDir?: string,
): string[] {
  // Hyperion's UI sends resource paths like ":/effects/knight-rider.py"; only the base name counts.
  const base = basename(script.replace(/^:/, '')).replace(/\.py$/, '');
  const dir = dirname(definitionPath);
  const dirs = schemasDir ? [schemasDir] : [join(dir, 'schema'), dir];
  return dirs.map((d) => join(d, `${base}.schema.json`));
}

/** Runs the check-effect command; returns the exit code. */
export async function checkEffectCommand(args: CheckEffectArgs, io: CommandIo): Promise<number> {
  if (args.inputs.length === 0) {
    throw new UsageError(
      'check-effect needs at least one definition file, directory or glob (see --help)',
    );
  }
  const schemasDir = args.schemas ? resolve(io.cwd, args.schemas) : undefined;
  if (schemasDir && !existsSync(schemasDir)) {
    throw new InputError(`--schemas ${args.schemas}: no such directory`);
  }
  const expanded = await expandInputs(
    args.inputs,
    {
      patterns: ['*.json'],
      // Never take a package manifest or a tsconfig lying beside the definitions for one.
      ignore: ['*.schema.json', 'package.json', 'package-lock.json', 'tsconfig*.json'],
      describe: 'effect definition (*.json) files',
    },
    io.cwd,
  );
  const problems: string[] = [];
  const files: string[] = [];
  for (const e of expanded) {
    if ('problem' in e) problems.push(e.problem);
    else files.push(e.path);
  }
  const progress = new Progress(io.stderr, files.length, 'Checking');
  const results: FileResult[] = [];
  const schemaTexts = new Map<string, string>();
  for (const [i, file] of files.entries()) {
    progress.tick(i + 1, file);
    let text: string;
    try {
      text = await readText(resolve(io.cwd, file));
    } catch (error) {
      if (error instanceof InputError) {
        problems.push(error.message);
        continue;
      }
      throw error;
    }
    const absolute = resolve(io.cwd, file);
    const dirs = [...new Set(schemaCandidates(absolute, '', schemasDir).map((p) => dirname(p)))];
    const diagnostics = checkEffectDefinition(text, {
      resolveSchema: (script) => {
        const found = schemaCandidates(absolute, script, schemasDir).find((p) => existsSync(p));
        if (found === undefined) return undefined;
        // Many definitions share one schema: read each file once.
        let schema = schemaTexts.get(found);
        if (schema === undefined) {
          schema = readFileSync(found, 'utf8');
          schemaTexts.set(found, schema);
        }
        return schema;
      },
      schemaSearch: `looked in ${dirs.map((d) => d.replace(`${io.cwd}/`, '')).join(' and ')}; use --schemas <dir>`,
    });
    results.push({ file, diagnostics });
  }
  progress.done();
  if (results.length > 0)
    io.stdout.write(
      formatResults(args.format, results, palette(useColor(io.stdout)), 'definition'),
    );
  for (const p of problems) io.stderr.write(`glowkit-schema: ${p}\n`);
  if (problems.length > 0) return exitCodes.usage;
  return totals(results).errors > 0 ? exitCodes.problems : exitCodes.ok;
}
