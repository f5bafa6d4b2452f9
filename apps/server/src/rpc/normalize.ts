import {
  defaultInstanceName,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  parseRestoreRequest,
  type RestoreConfig,
  type RestoreSettings,
} from '@glowkit/protocol';
import { listedInstanceIds } from '../config/configuration.js';
import { defaultGroup } from '../config/defaults.js';
import type { Configuration, StoredInstance } from '../store/config-store.js';
import type { Violations } from './params.js';

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
function settingsOf(given: RestoreSettings | undefined, groups: readonly string[]): Json {
  const settings: Json = {};
  for (const group of groups) {
    // Own properties only: a group named like an Object.prototype member is not inherited.
    const raw = given !== undefined && Object.hasOwn(given, group) ? given[group] : undefined;
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

/** The configuration a valid restore request stores (its `config`, as `parseRestoreRequest` gives it). */
export function configurationOf(config: RestoreConfig): Configuration {
  const settings = settingsOf(config.global?.settings, GLOBAL_GROUPS);
  const instances: StoredInstance[] = (config.instances ?? []).map((item) => ({
    id: item.id,
    name: item.name ?? defaultInstanceName(item.id),
    enabled: item.enabled ?? true,
    settings: settingsOf(item.settings, INSTANCE_GROUPS),
  }));
  return { global: { settings }, instanceIds: listedInstanceIds(instances), instances };
}

/**
 * The configuration a `config restoreconfig` request carrying `config` would store (e.g. a backup
 * file's content), or every violation of that request.
 */
export function restoreConfigurationOf(config: unknown): ConfigurationResult {
  const parsed = parseRestoreRequest({ command: 'config', subcommand: 'restoreconfig', config });
  if (parsed.ok) return { ok: true, configuration: configurationOf(parsed.value.config) };
  return { ok: false, violations: parsed.violations };
}
