/** What a command of `glowkit` is: its word, its lines of the help, and how it runs. */
import type { ParseArgsConfig } from 'node:util';
import type { OptionName } from './options.js';

/** The streams a command writes to (the process's own when run as `glowkit`). */
export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** The flags given, by name without the dashes. */
export type Values = Record<string, string | boolean | undefined>;

/** One entry of the help: what to type, and what it does (further lines continue the text). */
export interface UsageLine {
  synopsis: string;
  text: readonly string[];
}

/** One command, or a group of commands under one word (`glowkit token …`). */
export interface Command {
  /** The first word: `glowkit <name> …`. */
  readonly name: string;
  /** One line, the title of its own help. */
  readonly summary: string;
  /** Its entries of the help, in order. */
  readonly usage: readonly UsageLine[];
  /** The shared options it reads, listed in its own help. */
  readonly options: readonly OptionName[];
  /** Flags of its own (its usage lines name them). */
  readonly flags?: NonNullable<ParseArgsConfig['options']>;
  /**
   * Runs it with the words after its name. Resolves to the exit code, or to
   * {@link KEEPS_RUNNING} for a server that goes on after the call.
   */
  run(args: readonly string[], values: Values, io: CommandIo): Promise<number>;
}

/** What {@link Command.run} resolves to when the process must not end: the server runs. */
export const KEEPS_RUNNING = -1;

/** A mistake in how glowkit was called: one line, exit code 2. */
export class UsageError extends Error {}
