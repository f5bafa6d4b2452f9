/**
 * The failures the engine reports from its public methods, as codes with parameters: what went
 * wrong, in data, so that each caller words it for its own people (the server answers
 * Hyperion.ng's reply texts with JSON pointers into the request; a script could log `message`).
 * The engine never words a failure for a wire protocol.
 */
import type { Violation } from '@glowkit/protocol';
import type { EffectExit } from './effects/effect-process.js';

/** A rule that effect args break, at a JSON pointer relative to the args object (`""`: the args). */
export type ArgViolation = Pick<Violation, 'pointer' | 'rule'>;

/** Every engine error code with its parameters (`details`). */
export interface EngineErrorDetails {
  /** The instance is closing: it starts nothing new. */
  'instance-closing': Record<string, never>;
  /** The instance is switched off (component `ALL`): it shows nothing until switched on. */
  'instance-off': Record<string, never>;
  /** No effect definition has this name (names are case-sensitive). */
  'effect-not-found': { name: string };
  /** No option schema is known for this script, so it cannot run or be saved. */
  'effect-script-unknown': { script: string; known: string[] };
  /** Args that break the effect's option schema, each violation once. */
  'effect-args-invalid': { violations: ArgViolation[] };
  /** `args` is missing or empty where a custom effect needs them. */
  'effect-args-missing': Record<string, never>;
  /** The effect's process ended before it counted as started. */
  'effect-start-failed': { exit: EffectExit };
  /** A newer request at the same priority took over while this effect started. */
  'effect-superseded': { priority: number };
  /** A custom effect's name is empty or begins with `:` or `.`. */
  'effect-name-empty': { name: string };
  /** A custom effect's name holds `/`, `\`, `..` or control characters. */
  'effect-name-unsafe': { name: string };
  /** A custom effect's name is a bundled (internal) effect's. */
  'effect-name-internal': { name: string };
  /** A custom effect's name is in `effects.disable`, so it would never load. */
  'effect-name-disabled': { name: string };
  /** `effects.paths` names no folder for custom effects. */
  'custom-folder-missing': Record<string, never>;
  /** The custom effect's folder cannot be created. */
  'custom-folder-failed': { dir: string; reason: string };
  /** A custom effect's `imageData` is not base64. */
  'image-data-invalid': Record<string, never>;
  /** A custom effect's `args.file` is no file name. */
  'image-name-invalid': { file: string };
  /** A custom effect's image cannot be written. */
  'image-write-failed': { file: string; reason: string };
  /** A custom effect's definition file cannot be written. */
  'definition-write-failed': { file: string; reason: string };
  /** A bundled (internal) effect cannot be deleted. */
  'effect-internal': { name: string };
  /** A custom effect's definition file is gone. */
  'definition-missing': { file: string };
  /** A custom effect's definition file cannot be deleted. */
  'definition-delete-failed': { file: string; reason: string };
  /** A component Hyperion.ng has and this engine does not (a grabber, a server). */
  'component-unavailable': { name: string; known: string[] };
  /** A name that is no component at all. */
  'component-unknown': { name: string; known: string[] };
  /** The instance has no colour adjustment to change. */
  'adjustment-none': Record<string, never>;
  /** No colour adjustment has this id. */
  'adjustment-not-found': { id: string; known: string[] };
  /** No source holds this priority, so it cannot be pinned (`sourceselect`). */
  'priority-not-found': { priority: number };
}

/** A code of {@link EngineErrorDetails}. */
export type EngineErrorCode = keyof EngineErrorDetails;

/**
 * A failure reported by the engine: its `code`, one plain line for logs (`message`), and the
 * parameters of the code (`details`) for callers that word it themselves.
 */
export type EngineError = {
  [C in EngineErrorCode]: { code: C; message: string; details: EngineErrorDetails[C] };
}[EngineErrorCode];

/** What a public method that can fail answers: `{ ok: true, …value }` or the failure. */
export type EngineResult<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: EngineError };

const quoted = (value: unknown): string => JSON.stringify(value) ?? String(value);

const MESSAGES: { [C in EngineErrorCode]: (details: EngineErrorDetails[C]) => string } = {
  'instance-closing': () => 'the instance is closing',
  'instance-off': () => 'the instance is switched off',
  'effect-not-found': (d) => `no effect is called ${quoted(d.name)}`,
  'effect-script-unknown': (d) => `no option schema is known for the script ${quoted(d.script)}`,
  'effect-args-invalid': (d) =>
    `the args break the option schema: ${d.violations.map((v) => `${v.pointer || '/'}: ${v.rule}`).join('; ')}`,
  'effect-args-missing': () => 'a custom effect needs args',
  'effect-start-failed': (d) => d.exit.message,
  'effect-superseded': (d) => `priority ${d.priority} was taken by a newer request`,
  'effect-name-empty': () => "an effect name must not be empty nor begin with ':' or '.'",
  'effect-name-unsafe': (d) =>
    `the effect name ${quoted(d.name)} holds '/', '\\', '..' or control characters`,
  'effect-name-internal': (d) => `the effect name ${quoted(d.name)} is a bundled effect's`,
  'effect-name-disabled': (d) => `the effect name ${quoted(d.name)} is in effects.disable`,
  'custom-folder-missing': () => 'effects.paths names no folder for custom effects',
  'custom-folder-failed': (d) => `the folder ${d.dir} cannot be created: ${d.reason}`,
  'image-data-invalid': () => 'imageData is not base64',
  'image-name-invalid': (d) => `args.file ${quoted(d.file)} is not a file name`,
  'image-write-failed': (d) => `the image ${d.file} cannot be written: ${d.reason}`,
  'definition-write-failed': (d) => `the effect file ${d.file} cannot be written: ${d.reason}`,
  'effect-internal': (d) => `${quoted(d.name)} is a bundled effect`,
  'definition-missing': (d) => `the effect file ${d.file} is gone`,
  'definition-delete-failed': (d) => `the effect file ${d.file} cannot be deleted: ${d.reason}`,
  'component-unavailable': (d) => `this engine has no component ${d.name}`,
  'component-unknown': (d) => `no component is called ${quoted(d.name)}`,
  'adjustment-none': () => 'the instance has no colour adjustment',
  'adjustment-not-found': (d) => `no colour adjustment has the id ${quoted(d.id)}`,
  'priority-not-found': (d) => `no source holds priority ${d.priority}`,
};

/**
 * An {@link EngineError} of `code`, its `message` made from `details`.
 *
 * @example engineError('effect-not-found', { name: 'Fire' }) // message: 'no effect is called "Fire"'
 */
export function engineError<C extends EngineErrorCode>(
  code: C,
  details: EngineErrorDetails[C],
): EngineError {
  return { code, message: MESSAGES[code](details), details } as EngineError;
}

/** `{ ok: false, error }` of {@link engineError}, for a method's failed result. */
export function failed<C extends EngineErrorCode>(
  code: C,
  details: EngineErrorDetails[C],
): { ok: false; error: EngineError } {
  return { ok: false, error: engineError(code, details) };
}
