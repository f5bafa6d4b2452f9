/** `glowkit-schema types`: TypeScript types for an effect's args. */
import { resolve } from 'node:path';
import { isJsonObject } from '@glowkit/json';
import { parseJsonFile } from '../../json/parse-json.js';
import { lintEffectSchema } from '../../lint/lint-effect-schema.js';
import { generateArgsTypes } from '../../types/generate-types.js';
import { writeFileAtomic } from '../add-phrases.js';
import { readText } from '../files.js';
import { type CommandIo, exitCodes } from '../io.js';
import { formatStylish } from '../report.js';
import { palette, useColor } from '../terminal.js';
import { loadPhraseFile, resolveSourcePhraseFile } from '../translations.js';
import { InputError, UsageError } from '../usage-error.js';

/** Arguments of the types command. */
export interface TypesArgs {
  schema?: string;
  output?: string;
  translations?: string;
  name?: string;
  complete: boolean;
}

/** Runs the types command; returns the exit code. */
export async function typesCommand(args: TypesArgs, io: CommandIo): Promise<number> {
  if (!args.schema) throw new UsageError('types needs one schema file (see --help)');
  const text = await readText(resolve(io.cwd, args.schema));
  const diagnostics = lintEffectSchema(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    io.stderr.write(
      formatStylish(
        [{ file: args.schema, diagnostics: errors }],
        palette(useColor(io.stderr)),
        'schema',
      ),
    );
    io.stderr.write('glowkit-schema: fix these errors first; no types were generated\n');
    return exitCodes.problems;
  }
  const parsed = parseJsonFile(text);
  if (!parsed.ok || !isJsonObject(parsed.value))
    throw new InputError(`${args.schema}: not a JSON object`);
  const translations = args.translations
    ? (await loadPhraseFile(await resolveSourcePhraseFile(args.translations, io.cwd), io.cwd))
        .phrases
    : undefined;
  const code = await generateArgsTypes(parsed.value, {
    ...(args.name ? { typeName: args.name } : {}),
    ...(translations ? { translations } : {}),
    complete: args.complete,
  });
  if (args.output) {
    await writeFileAtomic(resolve(io.cwd, args.output), code);
    io.stderr.write(`Wrote ${args.output}\n`);
  } else {
    io.stdout.write(code);
  }
  return exitCodes.ok;
}
