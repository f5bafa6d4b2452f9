/** Argument parsing and dispatch of the `glowkit-schema` command. */
import { parseArgs } from 'node:util';
import { checkEffectCommand } from './commands/check-effect.js';
import { lintCommand } from './commands/lint.js';
import { phrasesCommand } from './commands/phrases.js';
import { typesCommand } from './commands/types.js';
import { type CommandIo, exitCodes } from './io.js';
import { type Format, formats } from './report.js';
import { InputError, UsageError } from './usage-error.js';

const help: Record<string, string> = {
  main: `glowkit-schema: lint and use effect option schemas

Usage: glowkit-schema <command> [options]

Commands:
  lint <files|dirs|globs...>          lint effect option schemas (*.schema.json)
  check-effect <files|dirs|globs...>  check effect definitions (name, script, args)
  types <schema> [-o file]            TypeScript interface for an effect's args
  phrases <schemas...> --translations <dir>
                                      which placeholders are missing in which language

Options:
  -h, --help     help for a command: glowkit-schema lint --help
  -v, --version  print the version

Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage error or unreadable input.
Rule reference: docs/effect-schema.md`,
  lint: `Usage: glowkit-schema lint <files|dirs|globs...> [options]

Lints effect option schemas. A directory is searched for **/*.schema.json.

Options:
  --translations <file|dir>  phrase file (a directory means its en.json): every title, label and
                             unit placeholder must exist in it
  --format <stylish|json|github>
                             output format (default stylish; github prints workflow annotations)
  --fix                      add each missing phrase to the translation file, marked
                             "TODO translate" (existing phrases, key order and formatting kept)
  --profile <effect|settings>
                             what the schemas describe (default effect); settings: settings group
                             schemas (nested objects, lists, edt_conf_/edt_dev_ phrases)

Example: glowkit-schema lint effects/schema --translations translations`,
  'check-effect': `Usage: glowkit-schema check-effect <files|dirs|globs...> [options]

Checks effect definition files ({"name", "script", "args"}): their structure, and their args
against the option schema of their script, looked up as schema/<script>.schema.json beside the
definition (or in --schemas). A directory is searched for *.json (not *.schema.json).

Options:
  --schemas <dir>            directory of <script>.schema.json files
  --format <stylish|json|github>

Example: glowkit-schema check-effect effects`,
  types: `Usage: glowkit-schema types <schema> [options]

Prints a TypeScript interface for the args of an effect, with JSDoc from titles, units and bounds.

Options:
  -o, --output <file>        write to a file instead of standard output
  --translations <file|dir>  put the English text of titles and units into the JSDoc
  --name <TypeName>          name of the interface (default: from the script, e.g. RainbowArgs)
  --complete                 options with a default are required (args after defaults apply)

Example: glowkit-schema types effects/schema/rainbow.schema.json -o src/rainbow-args.ts`,
  phrases: `Usage: glowkit-schema phrases <schemas|dirs|globs...> --translations <dir> [options]

Reports, for each language file (<language>.json) in the directory, the placeholders that the
schemas use and that file lacks. Exit code 1 when any is missing.

Options:
  --translations <dir>       directory of phrase files (required)
  --format <stylish|json>

Example: glowkit-schema phrases effects/schema --translations translations`,
};

function parseFormat(value: string | undefined, allowed: readonly string[]): Format {
  const format = value ?? 'stylish';
  if (!allowed.includes(format)) {
    throw new UsageError(`--format must be one of ${allowed.join(', ')}, not "${format}"`);
  }
  return format as Format;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

function parse(argv: string[], options: OptionSpec): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    // parseArgs messages are clear but long; keep the first sentence.
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new UsageError(message ?? 'invalid arguments');
  }
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. Never throws. */
export async function main(argv: string[], io: CommandIo, version: string): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      (command === undefined ? io.stderr : io.stdout).write(`${help.main}\n`);
      return command === undefined ? exitCodes.usage : exitCodes.ok;
    }
    if (command === '-v' || command === '--version') {
      io.stdout.write(`${version}\n`);
      return exitCodes.ok;
    }
    const str = { type: 'string' } as const;
    switch (command) {
      case 'lint': {
        const { values, positionals } = parse(rest, {
          translations: str,
          format: str,
          fix: { type: 'boolean' },
          profile: str,
        });
        if (values.help) return printHelp(io, 'lint');
        const profile = values.profile as string | undefined;
        if (profile !== undefined && profile !== 'effect' && profile !== 'settings') {
          throw new UsageError(`--profile must be effect or settings, not "${profile}"`);
        }
        return await lintCommand(
          {
            inputs: positionals,
            ...(typeof values.translations === 'string'
              ? { translations: values.translations }
              : {}),
            format: parseFormat(values.format as string | undefined, formats),
            fix: values.fix === true,
            ...(profile ? { profile } : {}),
          },
          io,
        );
      }
      case 'check-effect': {
        const { values, positionals } = parse(rest, { schemas: str, format: str });
        if (values.help) return printHelp(io, 'check-effect');
        return await checkEffectCommand(
          {
            inputs: positionals,
            ...(typeof values.schemas === 'string' ? { schemas: values.schemas } : {}),
            format: parseFormat(values.format as string | undefined, formats),
          },
          io,
        );
      }
      case 'types': {
        const { values, positionals } = parse(rest, {
          output: { type: 'string', short: 'o' },
          translations: str,
          name: str,
          complete: { type: 'boolean' },
        });
        if (values.help) return printHelp(io, 'types');
        if (positionals.length > 1) throw new UsageError('types takes one schema file');
        const name = values.name as string | undefined;
        if (name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(name)) {
          throw new UsageError(`--name must be a TypeScript identifier, not "${name}"`);
        }
        return await typesCommand(
          {
            ...(positionals[0] ? { schema: positionals[0] } : {}),
            ...(typeof values.output === 'string' ? { output: values.output } : {}),
            ...(typeof values.translations === 'string'
              ? { translations: values.translations }
              : {}),
            ...(name ? { name } : {}),
            complete: values.complete === true,
          },
          io,
        );
      }
      case 'phrases': {
        const { values, positionals } = parse(rest, { translations: str, format: str });
        if (values.help) return printHelp(io, 'phrases');
        return await phrasesCommand(
          {
            inputs: positionals,
            ...(typeof values.translations === 'string'
              ? { translations: values.translations }
              : {}),
            format: parseFormat(values.format as string | undefined, ['stylish', 'json']) as
              | 'stylish'
              | 'json',
          },
          io,
        );
      }
      default:
        throw new UsageError(
          `unknown command "${command}"; commands: lint, check-effect, types, phrases (see --help)`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof InputError) {
      io.stderr.write(`glowkit-schema: ${error.message}\n`);
      return exitCodes.usage;
    }
    // Anything else is a bug; still one line for the user, with a way to get details.
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `glowkit-schema: unexpected error: ${message} (set GLOWKIT_DEBUG=1 for details; please report it)\n`,
    );
    if (process.env.GLOWKIT_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return exitCodes.usage;
  }
}

function printHelp(io: CommandIo, command: string): number {
  io.stdout.write(`${help[command]}\n`);
  return exitCodes.ok;
}
