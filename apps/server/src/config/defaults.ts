/**
 * Glowkit's default settings and the configuration a new store starts with. A group's default is
 * its schema's (@glowkit/protocol, schema/settings): the values follow Hyperion.ng's documented
 * defaults, so that a Glowkit database reads as an ordinary configuration in Hyperion.ng and back.
 * Every function returns a fresh copy that the caller may change.
 */
import {
  CONFIG_VERSION,
  defaultGlobalSettings,
  defaultGroup,
  defaultInstanceSettings,
  MAX_INSTANCE_ID,
  type SettingsGroupName,
  type SettingsGroups,
} from '@glowkit/protocol';
import type { Configuration } from './configuration.js';

/**
 * The settings layout version written to `general.configVersion` (its schema's default: see the
 * schema's `$comment` for why 2.1.2), and the defaults of the groups, from their schemas.
 */
export { CONFIG_VERSION, defaultGlobalSettings, defaultGroup, defaultInstanceSettings };

/** The name of the instance a new configuration starts with. */
export const FIRST_INSTANCE_NAME = 'First LED instance';

/**
 * The largest instance id a configuration may hold: 255, as the specification says (see
 * @glowkit/protocol: `instanceIds` and the commands name 0 to 254 only).
 */
export { MAX_INSTANCE_ID };

/** Whether `id` is an instance id restore takes: an integer from 0 to 255. */
export function isInstanceId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 0 && (id as number) <= MAX_INSTANCE_ID;
}

/** The value of a settings group, as its schema's generated type says: an object, an array for `leds`. */
export type GroupValue = SettingsGroups[SettingsGroupName];

/** The configuration of a new store: the global defaults and one enabled instance, id 0. */
export function defaultConfiguration(): Configuration {
  return {
    global: { settings: defaultGlobalSettings() },
    instanceIds: [0],
    instances: [
      { id: 0, name: FIRST_INSTANCE_NAME, enabled: true, settings: defaultInstanceSettings() },
    ],
  };
}
