/**
 * The one place where the engine's coded failures become replies: Hyperion.ng's `error` texts
 * (its clients match on some of them) and Glowkit's `errorData` lines, each naming the JSON
 * pointer of what was wrong in the request.
 */
import type { EngineError } from '@glowkit/engine';
import { ERRORS, type ErrorParams, type ErrorReply, errorReply } from '@glowkit/protocol';

/** The `error` and `errorData` lines of a reply. */
export interface FailureText {
  error: string;
  details: string[];
}

/** Where each command's effect args sit in its request. */
const ARGS_POINTER: Readonly<Record<string, string>> = {
  effect: '/effect/args',
  'create-effect': '/args',
};

/**
 * What a reply to `command` says of an engine failure.
 *
 * @param command - the request's command name (`effect`, `create-effect`, …): Hyperion.ng words some failures differently per command
 *   (an unknown effect is "Effect 'X' not found" to `effect`, "Effect X not found" to
 *   `delete-effect`).
 */
export function describeEngineError(command: string, failure: EngineError): FailureText {
  const text = (error: string, ...details: string[]): FailureText => ({ error, details });
  switch (failure.code) {
    case 'instance-closing':
      return text('Effect not started', 'the instance is stopping');
    case 'instance-off':
      return text(
        'Component ALL is disabled',
        'the instance is switched off; switch it on with componentstate ALL true first',
      );
    case 'effect-not-found': {
      const { name } = failure.details;
      if (command === 'delete-effect') return text(`Effect ${name} not found`);
      return text(
        `Effect '${name}' not found`,
        `/effect/name: no effect is called "${name}"; serverinfo lists the effects (names are case-sensitive)`,
      );
    }
    case 'effect-script-unknown': {
      const { script, known } = failure.details;
      if (command === 'create-effect') {
        return text(
          `Missing schema file for Python script ${script}`,
          `scripts with a schema: ${known.join(', ') || 'none'}`,
        );
      }
      return text(
        'Effect not started',
        `/pythonScript: no effect script "${script}" is known; use the "script" of an entry of serverinfo's effects`,
      );
    }
    case 'effect-args-invalid': {
      const at = ARGS_POINTER[command] ?? '';
      return {
        error:
          command === 'create-effect'
            ? 'Error during arg validation against schema'
            : ERRORS.invalidParams,
        details: failure.details.violations.map((v) => `${at}${v.pointer}: ${v.rule}`),
      };
    }
    case 'effect-args-missing':
      return text("Missing or empty Object 'args'");
    case 'effect-start-failed':
      return text('Effect failed to start', failure.details.exit.message);
    case 'effect-superseded':
      return text(
        'Effect not started',
        `priority ${failure.details.priority} was taken by a newer request while this effect started`,
      );
    case 'effect-name-empty':
      return text("Can't save new effect. Effect name is empty or begins with ':' or '.'");
    case 'effect-name-unsafe':
      return text(
        `Can't save new effect. The name '${failure.details.name}' must not contain '/', '\\', '..' or control characters`,
      );
    case 'effect-name-internal':
      return text(
        `The effect name '${failure.details.name}' is assigned to an internal effect. Please rename your effect.`,
      );
    case 'effect-name-disabled':
      return text(
        `The effect name '${failure.details.name}' is listed in effects.disable, so it would never load. Please rename your effect or enable the name.`,
      );
    case 'custom-folder-missing':
      return text(
        "Can't save new effect: effects.paths names no folder for custom effects; add one",
      );
    case 'custom-folder-failed':
      return text(
        `Can't save effect: the folder ${failure.details.dir} can't be created`,
        failure.details.reason,
      );
    case 'image-data-invalid':
      return text("Can't save effect: imageData is not base64");
    case 'image-name-invalid':
      return text(`Can't save effect: args.file "${failure.details.file}" is not a file name`);
    case 'image-write-failed':
      return text(
        `Error while saving image file ${failure.details.file}. Please check permissions`,
        failure.details.reason,
      );
    case 'definition-write-failed':
      return text(
        `Error while saving effect file ${failure.details.file}. Please check permissions`,
        failure.details.reason,
      );
    case 'effect-internal':
      return text(`Can't delete internal effect: ${failure.details.name}`);
    case 'definition-missing':
      return text(`Can't find effect configuration file: ${failure.details.file}`);
    case 'definition-delete-failed':
      return text(
        `Can't delete effect configuration file: ${failure.details.file}. Please check permissions`,
        failure.details.reason,
      );
    case 'component-unavailable': {
      const { name, known } = failure.details;
      return text(
        `Component ${name} is not available`,
        `/componentstate/component: this server has no ${name}; it switches ${known.join(', ')}`,
      );
    }
    case 'component-unknown': {
      const { name, known } = failure.details;
      return text(
        `Unknown component name: ${name}`,
        `/componentstate/component: one of ${known.join(', ')}`,
      );
    }
    case 'adjustment-none':
      return text('No adjustment data available');
    case 'adjustment-not-found': {
      const { id, known } = failure.details;
      return text(
        `adjustment.id: no adjustment ${JSON.stringify(id)}; use one of ${known.map((k) => `"${k}"`).join(', ')}, or leave id out for the first`,
      );
    }
    case 'priority-not-found': {
      const { priority } = failure.details;
      return text(
        `No source at priority ${priority}`,
        `/priority: no source holds priority ${priority}; serverinfo lists the priorities, or send "auto": true`,
      );
    }
  }
}

/**
 * The values of a failure's details a phrase can name: texts and numbers as they are, lists of
 * them joined by commas; the rest (a child's exit, a list of violations) stays in `errorData`.
 */
function paramsOf(failure: EngineError): ErrorParams {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(failure.details as object)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v !== 'object'))
      params[key] = value.join(', ');
  }
  return params;
}

/**
 * The error reply to `command` for an engine failure (see {@link describeEngineError}); its
 * `errorCode` is the engine's code (`effect-not-found`, `instance-off`…).
 */
export function engineErrorReply(command: string, tan: number, failure: EngineError): ErrorReply {
  const { error, details } = describeEngineError(command, failure);
  return errorReply(command, tan, error, details, {
    code: failure.code,
    params: paramsOf(failure),
  });
}
