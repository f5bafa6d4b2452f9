import {
  boolean,
  checkObject,
  type Field,
  integer,
  isJsonObject,
  number,
  string,
  tanField,
} from './checks.js';
import { commandField, instancesField, rgbTriple } from './control-checks.js';
import { type Parser, parserOf } from './parse.js';
import { type Violation, violation } from './violations.js';

/** An `[r, g, b]` triple, each an integer from 0 to 255. */
export type RgbTriple = [number, number, number];

/**
 * The settings an `adjustment` request may change, at runtime only, with Hyperion.ng's ranges
 * (`schema-adjustment.json`).
 */
export type AdjustmentSettings = {
  /** Which adjustment to change; the first one when absent. */
  id?: string;
  white?: RgbTriple;
  red?: RgbTriple;
  green?: RgbTriple;
  blue?: RgbTriple;
  cyan?: RgbTriple;
  magenta?: RgbTriple;
  yellow?: RgbTriple;
  /** 0.1 to 5. */
  gammaRed?: number;
  /** 0.1 to 5. */
  gammaGreen?: number;
  /** 0.1 to 5. */
  gammaBlue?: number;
  /** Minimum brightness in percent, integer 0 to 100. */
  backlightThreshold?: number;
  /** Whether the backlight keeps the colour (else white). */
  backlightColored?: boolean;
  /** Integer 0 to 100. */
  brightness?: number;
  /** Integer 0 to 100. */
  brightnessCompensation?: number;
  /** Colour temperature in kelvin, integer 1000 to 40000 (6600 leaves colours unchanged). */
  temperature?: number;
  /** 0 to 10. */
  saturationGain?: number;
  /** 0.1 to 10. */
  brightnessGain?: number;
};

/** A valid `adjustment` request: change colour adjustment settings until the next restart. */
export interface AdjustmentRequest {
  command: 'adjustment';
  tan?: number;
  adjustment: AdjustmentSettings;
  /** The instances to adjust; the session's instance when absent. */
  instance?: number[];
}

const TRIPLES = ['white', 'red', 'green', 'blue', 'cyan', 'magenta', 'yellow'] as const;

const SETTING_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['id', { check: string(1, 255) }],
  ...TRIPLES.map((name): [string, Field] => [name, { check: rgbTriple }]),
  ['gammaRed', { check: number(0.1, 5) }],
  ['gammaGreen', { check: number(0.1, 5) }],
  ['gammaBlue', { check: number(0.1, 5) }],
  ['backlightThreshold', { check: integer(0, 100) }],
  ['backlightColored', { check: boolean }],
  ['brightness', { check: integer(0, 100) }],
  ['brightnessCompensation', { check: integer(0, 100) }],
  ['temperature', { check: integer(1000, 40000) }],
  ['saturationGain', { check: number(0, 10) }],
  ['brightnessGain', { check: number(0.1, 10) }],
]);

const SETTINGS_WORDS = 'an object of adjustment settings (e.g. {"brightness": 80})';

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', commandField('adjustment')],
  ['tan', tanField],
  [
    'adjustment',
    {
      required: SETTINGS_WORDS,
      check: (value, pointer, out) => {
        // A request that changes nothing is a client's mistake; Hyperion.ng answers success.
        if (isJsonObject(value) && Object.keys(value).every((key) => key === 'id')) {
          out.push(violation(pointer, 'must change at least one setting besides id'));
        }
        checkObject(out, pointer, value, SETTINGS_WORDS, SETTING_FIELDS, 'reject');
      },
    },
  ],
  ['instance', instancesField],
]);

/**
 * Every violation of an `adjustment` request, in document order; `[]` when it is valid (see
 * {@link AdjustmentRequest}).
 *
 * `adjustment` (required) holds at least one setting besides its optional `id` (1 to 255
 * characters), and nothing Hyperion.ng's schema does not name: the colour triples `white`,
 * `red`, `green`, `blue`, `cyan`, `magenta`, `yellow` (3 integers from 0 to 255 each);
 * `gammaRed`/`gammaGreen`/`gammaBlue` (0.1 to 5); `backlightThreshold`, `brightness`,
 * `brightnessCompensation` (integers 0 to 100); `backlightColored` (true or false);
 * `temperature` (integer 1000 to 40000); `saturationGain` (0 to 10); `brightnessGain` (0.1 to
 * 10). `instance` as for `effect`. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateAdjustmentRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `adjustment` request (see {@link AdjustmentRequest}), or its violations. */
export const parseAdjustmentRequest: Parser<AdjustmentRequest> =
  parserOf(validateAdjustmentRequest);
