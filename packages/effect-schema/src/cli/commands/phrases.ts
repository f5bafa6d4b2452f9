import { isJsonObject } from '@glowkit/json';
import { parseJsonFile } from '../../json/parse-json.js';
import { collectPlaceholders } from '../../placeholders.js';
import { readInputs, schemaFilePattern } from '../files.js';
import { type CommandIo, exitCodes } from '../io.js';
import { palette, useColor } from '../terminal.js';
import { loadPhraseDirectory } from '../translations.js';
import { UsageError } from '../usage-error.js';

/** Arguments of the phrases command. */
export interface PhrasesArgs {
  inputs: string[];
  translations?: string;
  format: 'stylish' | 'json';
}

/** One missing phrase and where it is used. */
export interface MissingPhrase {
  key: string;
  kind: string;
  uses: Array<{ file: string; pointer: string }>;
}

/** Runs the phrases command; returns the exit code (1 when any phrase is missing). */
export async function phrasesCommand(args: PhrasesArgs, io: CommandIo): Promise<number> {
  if (args.inputs.length === 0)
    throw new UsageError('phrases needs at least one schema file or directory (see --help)');
  if (!args.translations)
    throw new UsageError(
      'phrases needs --translations <dir> with one <language>.json per language',
    );
  const languages = await loadPhraseDirectory(args.translations, io.cwd);
  const { sources, problems } = await readInputs(args.inputs, schemaFilePattern, io.cwd);
  const used = new Map<string, MissingPhrase>();
  let schemaCount = 0;
  for (const { file, text } of sources) {
    const parsed = parseJsonFile(text);
    if (!parsed.ok || !isJsonObject(parsed.value)) {
      problems.push(`${file}: not a valid schema (run glowkit-schema lint on it)`);
      continue;
    }
    schemaCount++;
    for (const p of collectPlaceholders(parsed.value)) {
      const entry = used.get(p.key) ?? { key: p.key, kind: p.kind, uses: [] };
      entry.uses.push({ file, pointer: p.pointer });
      used.set(p.key, entry);
    }
  }
  const report = languages.map((lang) => ({
    language: lang.language,
    file: lang.path,
    missing: [...used.values()].filter((u) => !Object.hasOwn(lang.phrases, u.key)),
  }));
  if (args.format === 'json') {
    io.stdout.write(
      `${JSON.stringify({ placeholders: used.size, schemas: schemaCount, languages: report }, null, 2)}\n`,
    );
  } else {
    const c = palette(useColor(io.stdout));
    const lines: string[] = [];
    for (const r of report) {
      if (r.missing.length === 0) {
        lines.push(`${c.green('✔')} ${r.language}: all ${used.size} placeholders translated`);
        continue;
      }
      lines.push(
        `${c.red('✖')} ${r.language}: ${r.missing.length} of ${used.size} placeholders missing ${c.dim(`(${r.file})`)}`,
      );
      for (const m of r.missing) {
        const first = m.uses[0];
        const more = m.uses.length > 1 ? ` and ${m.uses.length - 1} more` : '';
        lines.push(
          `    ${m.key}  ${c.dim(`${m.kind} in ${first?.file} at ${first?.pointer}${more}`)}`,
        );
      }
    }
    io.stdout.write(`${lines.join('\n')}\n`);
  }
  for (const p of problems) io.stderr.write(`glowkit-schema: ${p}\n`);
  if (problems.length > 0) return exitCodes.usage;
  return report.some((r) => r.missing.length > 0) ? exitCodes.problems : exitCodes.ok;
}
