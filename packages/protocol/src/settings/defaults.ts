/**
 * The defaults of the settings groups, read from their schemas (schema/settings): a key's
 * `default`, an object's keys' defaults (only the keys its `defaultProperties` names, when it names
 * some), a list group's `default`. Every function returns a fresh copy that the caller may change.
 */
import { isJsonObject, type JsonObject } from '@glowkit/json';
import {
  GLOBAL_GROUPS,
  type GlobalGroup,
  INSTANCE_GROUPS,
  type InstanceGroup,
  isGlobalGroup,
  isInstanceGroup,
} from '../groups.js';
import { type DeviceType, deviceTypeSchemas, settingsGroupSchemas } from './generated/schemas.js';
import type { DeviceTypeSettings, SettingsGroups } from './generated/types.js';

/** The name of any settings group, global or of an instance. */
export type SettingsGroupName = GlobalGroup | InstanceGroup;

/**
 * The default value a schema (or one of its elements) gives: its `default`; for an object without
 * one, an object of its keys' defaults (those of `defaultProperties` when it lists them, without a
 * `required` key's empty default); else undefined. The result shares nothing with the schema.
 */
export function schemaDefault(schema: unknown): unknown {
  if (!isJsonObject(schema)) return undefined;
  if (Object.hasOwn(schema, 'default')) return structuredClone(schema.default);
  if (schema.type !== 'object' || !isJsonObject(schema.properties)) return undefined;
  const listed = Array.isArray(schema.defaultProperties)
    ? new Set(schema.defaultProperties)
    : undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const value: JsonObject = {};
  for (const [key, element] of Object.entries(schema.properties)) {
    if (listed && !listed.has(key)) continue;
    const given = schemaDefault(element);
    // A required key's empty default is where a form starts, not a value: a new group has none.
    if (given === '' && required.has(key)) continue;
    if (given !== undefined) value[key] = given;
  }
  return value;
}

// Computed once: a default is asked for often (a new instance, every null group of a restore).
const groupDefaults = new Map<string, unknown>(
  Object.entries(settingsGroupSchemas).map(([name, schema]) => [name, schemaDefault(schema)]),
);
const deviceDefaults = new Map<string, unknown>(
  Object.entries(deviceTypeSchemas).map(([name, schema]) => [name, schemaDefault(schema)]),
);

/** Whether `name` is any settings group, global or of an instance. */
export function isSettingsGroupName(name: unknown): name is SettingsGroupName {
  return isGlobalGroup(name) || isInstanceGroup(name);
}

/**
 * A fresh copy of the default value of group `name`, as a new configuration holds it.
 *
 * @throws RangeError for a name that is no settings group.
 */
export function defaultGroup<G extends SettingsGroupName>(name: G): SettingsGroups[G];
export function defaultGroup(name: string): SettingsGroups[SettingsGroupName];
export function defaultGroup(name: string): unknown {
  if (!isSettingsGroupName(name)) throw new RangeError(`unknown settings group "${name}"`);
  return structuredClone(groupDefaults.get(name));
}

/**
 * A fresh copy of the `device` group a device of type `type` starts with: its type, its own keys
 * and the keys every device has.
 *
 * @throws RangeError for a type Glowkit has no schema of.
 */
export function defaultDevice<T extends DeviceType>(type: T): DeviceTypeSettings[T] {
  if (!deviceDefaults.has(type)) throw new RangeError(`unknown device type "${type}"`);
  return structuredClone(deviceDefaults.get(type)) as DeviceTypeSettings[T];
}

/** Fresh copies of the 15 global groups' defaults, one key per group, in GLOBAL_GROUPS order. */
export function defaultGlobalSettings(): { [G in GlobalGroup]: SettingsGroups[G] } {
  return Object.fromEntries(GLOBAL_GROUPS.map((name) => [name, defaultGroup(name)])) as {
    [G in GlobalGroup]: SettingsGroups[G];
  };
}

/** Fresh copies of the 10 instance groups' defaults, one key per group, in INSTANCE_GROUPS order. */
export function defaultInstanceSettings(): { [G in InstanceGroup]: SettingsGroups[G] } {
  return Object.fromEntries(INSTANCE_GROUPS.map((name) => [name, defaultGroup(name)])) as {
    [G in InstanceGroup]: SettingsGroups[G];
  };
}

/**
 * The settings layout version a new configuration writes to `general.configVersion` (the
 * schema's default; see its `$comment`).
 */
export const CONFIG_VERSION: string = String(defaultGroup('general').configVersion);

/**
 * `value` (a valid value of `schema`) with every key it leaves out that has a default in the
 * schema filled in, at every depth: an object's keys, each item of a list. Keys the schema does
 * not list are kept as they are; a key without a default stays out (its absence means something,
 * e.g. an LED without its own colorOrder takes the device's). A missing value is the schema's
 * default. The result shares nothing with `value`.
 */
export function fillDefaults(schema: unknown, value: unknown): unknown {
  if (value === undefined) {
    // A default object names only some keys (`defaultProperties`): the others are filled too.
    const given = schemaDefault(schema);
    return given === undefined ? undefined : fillDefaults(schema, given);
  }
  if (!isJsonObject(schema)) return structuredClone(value);
  if (Array.isArray(value)) {
    const items = schema.items;
    return value.map((item) => fillDefaults(items, item));
  }
  if (!isJsonObject(value) || !isJsonObject(schema.properties)) return structuredClone(value);
  const properties = schema.properties;
  const filled: JsonObject = {};
  // Each key copied once: through its element when the schema lists it, as it is otherwise.
  for (const [key, given] of Object.entries(value)) {
    filled[key] = Object.hasOwn(properties, key)
      ? fillDefaults(properties[key], given)
      : structuredClone(given);
  }
  for (const [key, element] of Object.entries(properties)) {
    if (Object.hasOwn(value, key)) continue;
    const given = fillDefaults(element, undefined);
    if (given !== undefined) filled[key] = given;
  }
  return filled;
}
