/** The `glowkit` command line: parses the flags, then hands over to one command. */
import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Command, type CommandIo, UsageError, type Values } from './command.js';
import { configCommand } from './commands/config.js';
import { passwordCommand } from './commands/password.js';
import { serviceCommand } from './commands/service.js';
import { startCommand } from './commands/start.js';
import { tokenCommand } from './commands/token.js';
import { OPTIONS } from './options.js';
import { commandHelp, mainHelp } from './usage.js';

/** Every command, in the order the help lists them; the first runs when none is named. */
export const COMMANDS: readonly Command[] = [
  startCommand,
  tokenCommand,
  passwordCommand,
  configCommand,
  serviceCommand,
];

/** Every flag any command takes: each command reads its own, and ignores the others. */
function flags(): NonNullable<ParseArgsConfig['options']> {
  const shared = Object.fromEntries(
    Object.keys(OPTIONS).map((name) => [name, { type: 'string' } as const]),
  );
  return Object.assign(shared, ...COMMANDS.map((c) => c.flags ?? {}), {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
}

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

/**
 * Runs the command line (`argv` without node and the script); resolves to the exit code: 0, 1
 * when the command failed, 2 for a mistake in how it was called, -1 while the server runs.
 * Never throws: every error is one line on standard error.
 */
export async function main(
  argv: readonly string[],
  io: CommandIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: flags(),
    });
    const [named, ...rest] = positionals;
    const command = named === undefined ? COMMANDS[0] : COMMANDS.find((c) => c.name === named);
    if (values.help) {
      // A command's own help when one is named, else all of it.
      io.stdout.write(named !== undefined && command ? commandHelp(command) : mainHelp(COMMANDS));
      return 0;
    }
    if (values.version) {
      io.stdout.write(`${version()}\n`);
      return 0;
    }
    if (!command) throw new UsageError(`unknown command "${named}" (see glowkit --help)`);
    // Only one of each flag is declared (no `multiple`): each value is a string or a boolean.
    return await command.run(rest, values as Values, io);
  } catch (error) {
    // parseArgs words some mistakes on several lines (a value starting with a dash).
    const message = (error instanceof Error ? error.message : String(error))
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    io.stderr.write(`glowkit: ${message}\n`);
    return error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? 2
      : 1;
  }
}
