/**
 * What the store holds: exactly what `config restoreconfig` takes, so that a backup (getconfig's
 * output) always restores. The store's own rules are those of its rows (instances with unique ids
 * and names, groups known at their level, each an object or an array); `ConfigStore.replace` and
 * `setGroups` refuse anything else, whoever calls them. A group's content is not checked here:
 * every writer hands the store what the one validator (`validateGroup` of @glowkit/protocol)
 * accepted — a restore, setconfig and an import through their request parsers, a snapshot through
 * the migration, a new instance from the schemas' defaults — and checking it again would repeat
 * that work on every group of every instance at each write.
 */
import { isInstanceName, isJsonObject, MIN_INSTANCE_NAME_LENGTH } from '@glowkit/protocol';
import type { Configuration } from '../config/configuration.js';
import { isInstanceId, MAX_INSTANCE_ID } from '../config/defaults.js';
import { isGlobalGroup, isInstanceGroup } from '../config/groups.js';
import { StoreError } from './errors.js';

/** Throws a StoreError for the first group of `settings` that restore would refuse. */
function checkSettings(
  settings: Record<string, unknown>,
  level: 'global' | 'instance',
  owner: string,
) {
  // A group's value is refused as it is written when it is not an object or an array (null and
  // undefined leave the group out); its content is the validator's (above).
  for (const group of Object.keys(settings)) {
    const known = level === 'global' ? isGlobalGroup(group) : isInstanceGroup(group);
    if (!known) {
      throw new StoreError(
        `${owner} hold "${group}", which is not ${level === 'global' ? 'a global' : 'an instance'} group`,
      );
    }
  }
}

/**
 * Checks that `config` is a configuration the store may hold: global settings of global groups,
 * instances with unique ids from 0 to 255, names of at least 5 characters, `enabled`, and settings
 * of instance groups. Group values are checked for being
 * objects or arrays as they are written. Throws a StoreError naming the first problem.
 */
export function checkConfiguration(config: unknown): asserts config is Configuration {
  if (!isJsonObject(config)) throw new StoreError('the configuration must be an object');
  if (!isJsonObject(config.global) || !isJsonObject(config.global.settings)) {
    throw new StoreError('global.settings must be an object');
  }
  if (!Array.isArray(config.instances)) throw new StoreError('instances must be an array');
  checkSettings(config.global.settings, 'global', 'the global settings');
  const seen = new Set<number>();
  config.instances.forEach((instance: unknown, index) => {
    const at = `instances[${index}]`;
    if (!isJsonObject(instance)) throw new StoreError(`${at} must be an object`);
    const { id, name, enabled, settings } = instance;
    if (!isInstanceId(id)) {
      throw new StoreError(`${at}.id must be an integer from 0 to ${MAX_INSTANCE_ID}`);
    }
    if (seen.has(id)) throw new StoreError(`${at}.id ${id} is used by an earlier instance`);
    seen.add(id);
    if (!isInstanceName(name)) {
      throw new StoreError(
        `${at}.name must be a string of at least ${MIN_INSTANCE_NAME_LENGTH} characters`,
      );
    }
    if (typeof enabled !== 'boolean') throw new StoreError(`${at}.enabled must be true or false`);
    if (!isJsonObject(settings)) throw new StoreError(`${at}.settings must be an object`);
    checkSettings(settings, 'instance', `the settings of instance ${id}`);
  });
}
