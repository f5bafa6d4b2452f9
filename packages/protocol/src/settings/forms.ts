/**
 * The forms `config getschema` answers: the settings groups' schemas as they are declared
 * (schema/settings), with the choices only the server knows when asked (its effects, its device
 * types) set as enums. Nothing here restates a key: a form is its group's schema.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import type { GroupFormSchema, SettingsSchemasInfo } from '../getschema.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../groups.js';
import type { SettingsGroupName } from './defaults.js';
import { deviceTypeSchemas, settingsGroupSchemas } from './generated/schemas.js';

/** What the server has when asked, for the keys whose choices are known only then. */
export interface SettingsFormChoices {
  /** The names of the effects the boot and background effects may run. */
  effects: readonly string[];
  /** The device types the instances can drive (a type without a schema gets the common keys). */
  deviceTypes: readonly string[];
}

/**
 * Every settings group's form, one form of one `color.channelAdjustment` entry, and one `device`
 * form per device type: the `info` of a `config getschema` reply (without `effectSchemas`).
 * The boot and background effects offer `effects`, the `device` group's `type` offers
 * `deviceTypes`; an empty list leaves that key a text, as declared. `devices.<type>` is that
 * type's schema (its `type` is that type only). Every call returns fresh objects.
 */
export function settingsForms(choices: SettingsFormChoices): SettingsSchemasInfo {
  const { effects, deviceTypes } = choices;
  const groups: Record<string, JsonObject> = {};
  for (const name of [...GLOBAL_GROUPS, ...INSTANCE_GROUPS] as SettingsGroupName[]) {
    groups[name] = copy(settingsGroupSchemas[name]);
  }
  for (const name of ['foregroundEffect', 'backgroundEffect']) {
    offer(groups[name] as JsonObject, 'effect', effects);
  }
  offer(groups.device as JsonObject, 'type', deviceTypes);
  const color = keysOf(groups.color).channelAdjustment;
  // One entry's form, for a UI that edits the list entry by entry (and saves `color` whole).
  groups.channelAdjustment = copy(isJsonObject(color) ? color.items : undefined);
  const devices: Record<string, GroupFormSchema> = {};
  for (const type of deviceTypes) {
    const own = Object.hasOwn(deviceTypeSchemas, type)
      ? deviceTypeSchemas[type as keyof typeof deviceTypeSchemas]
      : undefined;
    const schema = copy(own ?? settingsGroupSchemas.device);
    // A type Glowkit has no schema of (one an engine option adds): the keys every device has, of
    // that type only, as a type's own schema says it.
    if (!own) offer(schema, 'type', [type]);
    devices[type] = schema as unknown as GroupFormSchema;
  }
  // The schemas are linted in the settings profile: their groups are objects, `leds` a list.
  return { groups: groups as unknown as SettingsSchemasInfo['groups'], devices };
}

/** A copy of a schema that the reply may change and the caller may keep. */
function copy(schema: unknown): JsonObject {
  return isJsonObject(schema) ? structuredClone(schema) : {};
}

function keysOf(schema: JsonObject | undefined): JsonObject {
  return isJsonObject(schema?.properties) ? schema.properties : {};
}

/**
 * Makes key `key` of a form a choice of `values` (no labels: effect names and device types are
 * not translated), starting at its declared default when that is one of them, else at the first.
 */
function offer(schema: JsonObject, key: string, values: readonly string[]): void {
  const element = keysOf(schema)[key];
  if (!isJsonObject(element) || values.length === 0) return;
  const declared = element.default;
  element.enum = [...values];
  element.default =
    typeof declared === 'string' && values.includes(declared) ? declared : values[0];
}
