/** The help texts, assembled from the commands and the shared options. */
import type { Command, UsageLine } from './command.js';
import { OPTIONS, type OptionName } from './options.js';

const TITLE = 'glowkit — the Glowkit reference LED server';
/** Where the text of a usage entry starts. */
const USAGE_COLUMN = 41;
/** Where the variable, then the text, of an option starts. */
const VARIABLE_COLUMN = 23;
const OPTION_TEXT_COLUMN = 44;

/** `glowkit --help`: every command's entries, then every shared option. */
export function mainHelp(commands: readonly Command[]): string {
  const options = Object.keys(OPTIONS) as OptionName[];
  return page(
    TITLE,
    commands.flatMap((c) => c.usage),
    options,
    ['-v, --version', 'the version'],
  );
}

/** `glowkit <command> --help`: its entries, and the shared options it reads. */
export function commandHelp(command: Command): string {
  return page(`glowkit ${command.name} — ${command.summary}`, command.usage, command.options);
}

function page(
  title: string,
  usage: readonly UsageLine[],
  options: readonly OptionName[],
  ...more: [flag: string, text: string][]
): string {
  const lines = [title, '', 'Usage:', ...usage.flatMap(usageLines), ''];
  lines.push('Options (each also an environment variable):');
  for (const name of options) {
    const { value, variable, help } = OPTIONS[name];
    const flag = `  --${name} ${value}`.padEnd(VARIABLE_COLUMN);
    lines.push(...columns(`${flag}${variable}`, OPTION_TEXT_COLUMN, help));
  }
  for (const [flag, text] of [['-h, --help', 'this help'], ...more] as const) {
    lines.push(...columns(`  ${flag}`, OPTION_TEXT_COLUMN, [text]));
  }
  return `${lines.join('\n')}\n`;
}

function usageLines({ synopsis, text }: UsageLine): string[] {
  return columns(`  ${synopsis}`, USAGE_COLUMN, text);
}

/** `head` padded to `column`, then the first line of `text`; the others below it, aligned. */
function columns(head: string, column: number, text: readonly string[]): string[] {
  return text.map((line, i) => `${(i === 0 ? head : '').padEnd(column)}${line}`);
}
