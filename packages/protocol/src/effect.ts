import { base64, MAX_IMAGE_BYTES } from './base64.js';
import {
  checkObject,
  type Field,
  type JsonObject,
  string,
  stringWords,
  tanField,
} from './checks.js';
import {
  commandField,
  durationField,
  instancesField,
  originField,
  priorityField,
} from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import type { Violation } from './violations.js';

/** A valid `effect` request: run an effect at a priority. */
export interface EffectRequest {
  command: 'effect';
  tan?: number;
  /** 1 to 253; lower wins. */
  priority: number;
  /** Milliseconds; negative or absent (-1) lasts until the priority is cleared. */
  duration?: number;
  /** Who runs it, 4 to 20 characters, e.g. `"Home Assistant"`. */
  origin?: string;
  effect: {
    /** The effect's name as listed in `serverinfo.effects`, 1 to 100 characters. */
    name: string;
    /** Options that replace the definition's `args`; `{}` or absent runs it with its own. */
    args?: JsonObject;
  };
  /** The script to run under `effect.name` instead of looking the name up (the web UI's "test"). */
  pythonScript?: string;
  /** Base64 image data for the script (a gif effect's picture); may be empty. */
  imageData?: string;
  /** The instances to run it on; the session's instance when absent. */
  instance?: number[];
}

const EFFECT_FIELDS: ReadonlyMap<string, Field> = new Map<string, Field>([
  ['name', { required: stringWords(1, 100), check: string(1, 100) }],
  [
    'args',
    {
      check: (value, pointer, out) => {
        checkObject(out, pointer, value, 'an object of effect options', new Map(), 'allow');
      },
    },
  ],
]);

const EFFECT_WORDS = 'an object with name and optionally args';

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('effect')],
  ['tan', tanField],
  ['priority', priorityField],
  ['duration', durationField],
  ['origin', originField],
  [
    'effect',
    {
      required: EFFECT_WORDS,
      check: (value, pointer, out) => {
        checkObject(out, pointer, value, EFFECT_WORDS, EFFECT_FIELDS, 'reject');
      },
    },
  ],
  ['pythonScript', { check: string(1, 4096) }],
  ['imageData', { check: base64(MAX_IMAGE_BYTES) }],
  ['instance', instancesField],
]);

/**
 * Every violation of an `effect` request, in document order; `[]` when it is valid (see
 * {@link EffectRequest}).
 *
 * `priority` (required) is an integer from 1 to 253; `duration` an integer of milliseconds up to
 * 2147483647; `origin` 4 to 20 characters; `effect` (required) holds `name` (1 to 100
 * characters) and optionally `args` (an object), nothing else; `pythonScript` 1 to 4096
 * characters; `imageData` base64 of at most 16 MiB (empty allowed: Hyperion.ng's web UI sends
 * `""` when no picture was chosen); `instance` a non-empty list of unique indexes from 0 to 254.
 * Stricter than Hyperion.ng, which takes an empty name (and answers "not found"), reads a
 * `duration` beyond 32 bits as endless and decodes broken base64 into a broken picture. Other
 * top-level properties are allowed (and ignored).
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateEffectRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `effect` request (see {@link EffectRequest}), or its violations. */
export const parseEffectRequest: Parser<EffectRequest> = parserOf(validateEffectRequest);
