import { base64, MAX_IMAGE_BYTES } from './base64.js';
import {
  type Check,
  checkObject,
  type Field,
  isJsonObject,
  type JsonObject,
  string,
  stringWords,
  tanField,
} from './checks.js';
import { commandField, EFFECT_NAME_WORDS, effectName } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { type Violation, violation } from './violations.js';

/** A valid `create-effect` request: save a custom effect (its definition file). */
export interface CreateEffectRequest {
  command: 'create-effect';
  tan?: number;
  /** 1 to 100 characters, no `/`, `\` or `..`, not starting with `:`. */
  name: string;
  /** The effect script, as listed in the effect schemas, e.g. `":/effects/knight-rider.py"`. */
  script: string;
  /** The options, to be valid for the script's option schema; never empty. */
  args: JsonObject;
  /** Base64 image data to store with the effect (a gif effect's picture); may be empty. */
  imageData?: string;
}

/** A valid `delete-effect` request: delete a custom effect by name. */
export interface DeleteEffectRequest {
  command: 'delete-effect';
  tan?: number;
  /** The custom effect's name, 1 to 100 characters. */
  name: string;
}

const ARGS_WORDS = 'a non-empty object of effect options';

// Hyperion.ng answers "Missing or empty Object 'args'" only after authorization; an empty args
// would save an effect that runs with nothing but the script's own defaults.
const checkArgs: Check = (value, pointer, out) => {
  if (!isJsonObject(value) || Object.keys(value).length === 0) {
    out.push(violation(pointer, `must be ${ARGS_WORDS}`));
  }
};

const CREATE_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('create-effect')],
  ['tan', tanField],
  ['name', { required: EFFECT_NAME_WORDS, check: effectName }],
  ['script', { required: stringWords(1, 4096), check: string(1, 4096) }],
  ['args', { required: ARGS_WORDS, check: checkArgs }],
  ['imageData', { check: base64(MAX_IMAGE_BYTES) }],
]);

/**
 * Every violation of a `create-effect` request, in document order; `[]` when it is valid (see
 * {@link CreateEffectRequest}).
 *
 * `name` (required): 1 to 100 characters without `/`, `\` or `..` and not starting with `:`;
 * `script` (required): 1 to 4096 characters (whether it names a known script, and whether `args`
 * fit its option schema, is for the server to check); `args` (required): a non-empty object;
 * `imageData`: base64 of at most 16 MiB, empty allowed. Hyperion.ng finds most of these only
 * while saving and answers with one message at a time. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateCreateEffectRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', CREATE_FIELDS, 'allow');
  return out;
}

const DELETE_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('delete-effect')],
  ['tan', tanField],
  ['name', { required: stringWords(1, 100), check: string(1, 100) }],
]);

/**
 * Every violation of a `delete-effect` request; `[]` when it is valid (see
 * {@link DeleteEffectRequest}). `name` (required) is 1 to 100 characters, the longest name
 * `create-effect` takes. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateDeleteEffectRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', DELETE_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `create-effect` request (see {@link CreateEffectRequest}), or its violations. */
export const parseCreateEffectRequest: Parser<CreateEffectRequest> = parserOf(
  validateCreateEffectRequest,
);

/** The typed value of a valid `delete-effect` request (see {@link DeleteEffectRequest}), or its violations. */
export const parseDeleteEffectRequest: Parser<DeleteEffectRequest> = parserOf(
  validateDeleteEffectRequest,
);
