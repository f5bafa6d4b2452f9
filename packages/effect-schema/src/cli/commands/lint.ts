import { lintEffectSchema } from '../../lint/lint-effect-schema.js';
import type { SchemaProfile } from '../../lint/profile.js';
import { insertPhrases, placeholderText, writeFileAtomic } from '../add-phrases.js';
import { readInputs, schemaFilePattern } from '../files.js';
import { type CommandIo, exitCodes } from '../io.js';
import { type FileResult, type Format, formatResults, totals } from '../report.js';
import { Progress, palette, useColor } from '../terminal.js';
import { loadPhraseFile, type PhraseFile, resolveSourcePhraseFile } from '../translations.js';
import { UsageError } from '../usage-error.js';

/** Arguments of the lint command. */
export interface LintCommandArgs {
  inputs: string[];
  translations?: string;
  format: Format;
  fix: boolean;
  /** What the schemas describe (`effect` when not given). */
  profile?: SchemaProfile;
}

/** Runs the lint command; returns the exit code. */
export async function lintCommand(args: LintCommandArgs, io: CommandIo): Promise<number> {
  if (args.inputs.length === 0) {
    throw new UsageError('lint needs at least one schema file, directory or glob (see --help)');
  }
  if (args.fix && !args.translations) {
    throw new UsageError(
      '--fix adds missing phrases to the translation file: give it with --translations',
    );
  }
  const inputProblems: string[] = [];
  let phraseFile: PhraseFile | undefined;
  if (args.translations) {
    phraseFile = await loadPhraseFile(
      await resolveSourcePhraseFile(args.translations, io.cwd),
      io.cwd,
    );
  }
  const { sources, problems } = await readInputs(args.inputs, schemaFilePattern, io.cwd);
  inputProblems.push(...problems);
  const lintAll = (phrases: Record<string, string> | undefined): FileResult[] => {
    const progress = new Progress(io.stderr, sources.length, 'Linting');
    const results = sources.map(({ file, text }, i) => {
      progress.tick(i + 1, file);
      return {
        file,
        diagnostics: lintEffectSchema(text, {
          ...(phrases ? { translations: phrases } : {}),
          ...(args.profile ? { profile: args.profile } : {}),
        }),
      };
    });
    progress.done();
    return results;
  };
  let results = lintAll(phraseFile?.phrases);
  const c = palette(useColor(io.stdout));
  if (args.fix && phraseFile) {
    const missing = new Set<string>();
    for (const r of results)
      for (const d of r.diagnostics) if (d.missingPhrase) missing.add(d.missingPhrase);
    if (missing.size > 0) {
      const additions = [...missing].map((k): [string, string] => [k, placeholderText(k)]);
      const text = insertPhrases(phraseFile.text, additions);
      await writeFileAtomic(phraseFile.absolutePath, text);
      const updated = await loadPhraseFile(phraseFile.path, io.cwd);
      io.stderr.write(
        `Added ${missing.size} missing phrase${missing.size === 1 ? '' : 's'} to ${phraseFile.path} (marked "TODO translate"): ${[...missing].join(', ')}\n`,
      );
      results = lintAll(updated.phrases);
    }
  }
  if (sources.length > 0) io.stdout.write(formatResults(args.format, results, c, 'schema'));
  for (const p of inputProblems) io.stderr.write(`glowkit-schema: ${p}\n`);
  if (inputProblems.length > 0) return exitCodes.usage;
  return totals(results).errors > 0 ? exitCodes.problems : exitCodes.ok;
}
