/**
 * The settings groups' validators: ajv standalone code generated from the schemas at build time
 * (generated/validators.ts), so that no schema is compiled at run time (the web UI's CSP forbids
 * it) and Node and the browser run the same checks.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import { type Violation, violation } from '../violations.js';
import type { SettingsGroupName } from './defaults.js';
import { violationsOf } from './format.js';
import {
  DEVICE_TYPES,
  type DeviceType,
  deviceTypeSchemas,
  settingsGroupSchemas,
} from './generated/schemas.js';
import * as generated from './generated/validators.js';
import { relationIssues } from './relations.js';

/** One reason a value does not satisfy its schema, as ajv reports it. */
export interface SettingsValidationError {
  /** JSON pointer of the offending value inside the group ("" for the group itself). */
  instancePath: string;
  /** The schema keyword that failed (`type`, `minimum`, `enum`…; `if` only repeats a branch's). */
  keyword: string;
  /** The keyword's values, e.g. `{ limit: 2048 }` or `{ allowedValues: [...] }`. */
  params: Record<string, unknown>;
  /**
   * ajv's English text; the generated validators leave it out (the one formatter words every
   * error from the schema: see `validateGroup`).
   */
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

/** Whether `type` is a device type Glowkit has a schema of. */
export function isDeviceType(type: unknown): type is DeviceType {
  return (DEVICE_TYPES as readonly unknown[]).includes(type);
}

/**
 * The schema a value of group `name` is checked against: the group's, or for a `device` of a
 * known type that type's (its own keys and those every device has).
 */
export function groupSchemaOf(name: SettingsGroupName, value: unknown): JsonObject {
  const type = name === 'device' && isJsonObject(value) ? value.type : undefined;
  return (isDeviceType(type) ? deviceTypeSchemas[type] : settingsGroupSchemas[name]) as JsonObject;
}

/** The numeric first token of a pointer (an item of a list group), or -1. */
function itemOf(pointer: string, at: string): number {
  const token = pointer.slice(at.length + 1).split('/')[0] ?? '';
  return /^\d+$/.test(token) ? Number(token) : -1;
}

/**
 * Every violation of a value of settings group `name`, as restore, setconfig, the store and the
 * web UI's backup check report it: one line each, at its JSON pointer from the request's root
 * (`at` is the group's own, e.g. `/config/instances/0/settings/smoothing`), in the words of the
 * one formatter (`must be an integer from 0 to 2048`); `[]` when the value is valid. The value
 * is a group as stored (a string holding JSON already parsed). Unknown keys are kept, missing
 * keys are fine; the rules between keys (an LED's four edges, the LEDs a device's protocol
 * carries: relations.ts) come with the schema's, item by item.
 */
export function validateGroup(name: SettingsGroupName, value: unknown, at = ''): Violation[] {
  const validate = settingsValidators[name];
  const found = validate(value)
    ? []
    : violationsOf(validate.errors ?? [], groupSchemaOf(name, value), at);
  // A key the schema refuses already is named once, by the schema's rule.
  const related = relationIssues(name, value)
    .map((issue) => violation(`${at}${issue.pointer}`, issue.rule))
    .filter((r) => !found.some((f) => f.pointer === r.pointer));
  if (related.length === 0) return found;
  // A list group's violations item by item, as a reader goes through it.
  const all = [...found, ...related];
  return all
    .map((v, index) => ({ v, index, item: itemOf(v.pointer, at) }))
    .sort((a, b) => a.item - b.item || a.index - b.index)
    .map(({ v }) => v);
}
