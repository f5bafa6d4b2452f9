import { checkObject, constant, type Field, tanField } from './checks.js';
import type { Violation } from './violations.js';

/**
 * A form schema of one settings group, in the effect option schema dialect (`type: "object"`,
 * `title`, and `properties` with `type`, `title`, `default`, `minimum`/`maximum`, `step`,
 * `append`, `enum` with `options.enum_titles`, `propertyOrder`, `options.dependencies`), so
 * that `<gk-effect-form>` renders it like an effect's options. Titles are phrase keys.
 */
export interface GroupFormSchema {
  type: 'object';
  title: string;
  required?: boolean;
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
}

/**
 * The `info` of a successful `config getschema` reply: the forms of the settings groups the
 * server lets people edit, and one form of the `device` group per device type it drives.
 */
export interface SettingsSchemasInfo {
  /** Group name (or, for `channelAdjustment`, part of a group) → its form. */
  groups: Record<string, GroupFormSchema>;
  /** Device type (`adalight`, `file`, …) → the form of the `device` group for that type. */
  devices: Record<string, GroupFormSchema>;
}

const REQUEST_FIELDS: ReadonlyMap<string, Field> = new Map([
  ['command', { required: '"config"', check: constant('config') }],
  ['subcommand', { required: '"getschema"', check: constant('getschema') }],
  ['tan', tanField],
]);

/**
 * Every violation of a `config getschema` request; `[]` when it is valid. It takes nothing but
 * `tan`; other top-level properties are allowed (and ignored), as for every request.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateGetSchemaRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}
