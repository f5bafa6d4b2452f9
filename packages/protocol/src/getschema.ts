import { checkObject, constant, type Field, tanField } from './checks.js';
import { type Parser, parserOf } from './parse.js';
import type { SettingsGroupName } from './settings/defaults.js';
import type { Violation } from './violations.js';

/**
 * The form of a settings group whose value is an object: its schema in the effect option schema
 * dialect's settings profile (`type: "object"`, `title`, and `properties` with `type`, `title`,
 * `default`, `minimum`/`maximum`, `step`, `append`, `enum` with `options.enum_titles`,
 * `propertyOrder`, `options.dependencies`), so that `<gk-effect-form>` renders its keys like an
 * effect's options. A key may itself be an object or a list of objects (`color.channelAdjustment`,
 * wled's `segments`), which such a form does not show. Titles and descriptions are phrase keys;
 * `$comment`s say what Glowkit does with a key.
 */
// Type aliases, not interfaces: a form is also a plain JSON object (`Record<string, unknown>`).
export type GroupFormSchema = {
  type: 'object';
  title: string;
  description?: string;
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
  /** The keys a new value is written with (the others take their default where used). */
  defaultProperties?: string[];
};

/** The form of a settings group whose value is a list (`leds`): the schema of every item. */
export type ListFormSchema = {
  type: 'array';
  title: string;
  description?: string;
  items: Record<string, unknown>;
  default: unknown[];
  minItems?: number;
  maxItems?: number;
};

/**
 * The `info` of a successful `config getschema` reply (besides Hyperion.ng's `effectSchemas`):
 * the form of every settings group, and one form of the `device` group per device type the
 * server drives.
 */
export interface SettingsSchemasInfo {
  /**
   * Group name → its form (`device`: the keys every device has), and `channelAdjustment`: the
   * form of one entry of `color.channelAdjustment`.
   */
  groups: { [G in Exclude<SettingsGroupName, 'leds'>]: GroupFormSchema } & {
    leds: ListFormSchema;
    channelAdjustment: GroupFormSchema;
  };
  /** Device type (`adalight`, `file`, …) → the form of the `device` group for that type. */
  devices: Record<string, GroupFormSchema>;
}

/** An effect's option schema in a `config getschema` reply (Hyperion.ng's `effectSchemas`). */
export interface EffectSchemaEntry {
  /** The script as `serverinfo.effects` shows it: `:/effects/<x>.py` when bundled. */
  script: string;
  /** Where the schema comes from, shown the same way. */
  schemaLocation: string;
  /** The schema itself (the effect option schema dialect). */
  schemaContent: Record<string, unknown>;
  /** `system` (bundled) or `custom`. */
  type: string;
}

/** The whole `info` of a successful `config getschema` reply. */
export interface GetSchemaInfo extends SettingsSchemasInfo {
  effectSchemas: EffectSchemaEntry[];
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

/** A valid `config getschema` request: nothing but `tan`. */
export interface GetSchemaRequest {
  command: 'config';
  subcommand: 'getschema';
  tan?: number;
}

/** The typed value of a valid `config getschema` request, or its violations. */
export const parseGetSchemaRequest: Parser<GetSchemaRequest> = parserOf(validateGetSchemaRequest);
