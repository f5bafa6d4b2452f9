/**
 * The settings groups' validators: ajv standalone code generated from the schemas at build time
 * (generated/validators.ts), so that no schema is compiled at run time (the web UI's CSP forbids
 * it) and Node and the browser run the same checks.
 */
import type { SettingsGroupName } from './defaults.js';
import type { DeviceType } from './generated/schemas.js';
import * as generated from './generated/validators.js';

/** One reason a value does not satisfy its schema, as ajv reports it. */
export interface SettingsValidationError {
  /** JSON pointer of the offending value inside the group ("" for the group itself). */
  instancePath: string;
  /** The schema keyword that failed (`type`, `minimum`, `enum`…; `if` only repeats a branch's). */
  keyword: string;
  /** The keyword's values, e.g. `{ limit: 2048 }` or `{ allowedValues: [...] }`. */
  params: Record<string, unknown>;
  /** ajv's English text. */
  message?: string;
}

/** A generated validator: true when the value is valid, else its `errors` say why (all of them). */
export interface SettingsValidator {
  (value: unknown): boolean;
  errors?: SettingsValidationError[] | null;
}

/**
 * The validator of every settings group. `device` checks a known type against that type's
 * schema and any other type (one of Hyperion.ng's that Glowkit lacks) against the keys every
 * device has. Unknown keys are kept, and no key is required: a partial group takes its defaults
 * where it is used.
 */
export const settingsValidators: { readonly [G in SettingsGroupName]: SettingsValidator } =
  generated.settingsValidators;

/** The validator of each device type's `device` group; `common`: the keys every device has. */
export const deviceValidators: {
  readonly [T in DeviceType | 'common']: SettingsValidator;
} = generated.deviceValidators;
