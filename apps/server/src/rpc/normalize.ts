import {
  defaultInstanceName,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  own,
  validateRestoreRequest,
} from '@glowkit/protocol';
import { listedInstanceIds } from '../config/configuration.js';
import { defaultGroup } from '../config/defaults.js';
import type { Configuration, StoredInstance } from '../store/config-store.js';
import { someViolations, type Violations } from './params.js';

type Json = Record<string, unknown>;

/** The configuration to store, or why it cannot be stored. */
export type ConfigurationResult =
  | { ok: true; configuration: Configuration }
  | { ok: false; violations: Violations };

/**
 * The groups of a settings object as they are stored: a group given as a JSON string is its
 * value, a null group is reset to its default, a group not given gets its default (the whole
 * configuration is replaced). Unknown fields inside a group are kept as they are.
 */
function settingsOf(given: unknown, groups: readonly string[]): Json {
  const settings: Json = {};
  for (const group of groups) {
    const raw = own(given, group);
    const value = raw === undefined || raw === null ? defaultGroup(group) : groupValue(raw);
    // Own data properties only: a group named like an Object.prototype member stays a plain key.
    Object.defineProperty(settings, group, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return settings;
}

/**
 * The configuration a valid restore request stores. Call it only with the `config` of a request
 * that `validateRestoreRequest` found nothing wrong with.
 */
export function configurationOf(config: unknown): Configuration {
  const settings = settingsOf(own(own(config, 'global'), 'settings'), GLOBAL_GROUPS);
  const instances: StoredInstance[] = [];
  const given = own(config, 'instances');
  for (const item of Array.isArray(given) ? given : []) {
    const id = own(item, 'id') as number;
    const name = own(item, 'name');
    const enabled = own(item, 'enabled');
    instances.push({
      id,
      name: typeof name === 'string' ? name : defaultInstanceName(id),
      enabled: typeof enabled === 'boolean' ? enabled : true,
      settings: settingsOf(own(item, 'settings'), INSTANCE_GROUPS),
    });
  }
  return { global: { settings }, instanceIds: listedInstanceIds(instances), instances };
}

/**
 * The configuration a `config restoreconfig` request carrying `config` would store (e.g. a backup
 * file's content), or every violation of that request.
 */
export function restoreConfigurationOf(config: unknown): ConfigurationResult {
  const request = { command: 'config', subcommand: 'restoreconfig', config };
  const violations = someViolations(validateRestoreRequest(request));
  return violations
    ? { ok: false, violations }
    : { ok: true, configuration: configurationOf(config) };
}
