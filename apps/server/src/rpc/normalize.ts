import {
  childPointer,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  own,
  type Violation,
  validateRestoreRequest,
  violation,
} from '@glowkit/protocol';
import { defaultGroup } from '../config/defaults.js';
import { validateGroup } from '../config/group-schemas.js';
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
 * configuration is replaced), and the groups the server interprets are checked against its own
 * schemas. Unknown fields inside a group are kept as they are.
 */
function settingsOf(
  given: unknown,
  groups: readonly string[],
  base: string,
  violations: Violation[],
): Json {
  const settings: Json = {};
  for (const group of groups) {
    const raw = own(given, group);
    const value = raw === undefined || raw === null ? defaultGroup(group) : groupValue(raw);
    for (const issue of validateGroup(group, value)) {
      violations.push(violation(`${childPointer(base, group)}${issue.pointer}`, issue.rule));
    }
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
 * The configuration a valid restore request stores (the request has passed
 * `validateRestoreRequest`), or the violations of the server's group schemas.
 */
export function configurationOf(config: unknown): ConfigurationResult {
  const violations: Violation[] = [];
  const global = own(config, 'global');
  const settings = settingsOf(
    own(global, 'settings'),
    GLOBAL_GROUPS,
    '/config/global/settings',
    violations,
  );
  const instances: StoredInstance[] = [];
  const given = own(config, 'instances');
  for (const [index, item] of (Array.isArray(given) ? given : []).entries()) {
    const id = own(item, 'id') as number;
    const name = own(item, 'name');
    const enabled = own(item, 'enabled');
    instances.push({
      id,
      name: typeof name === 'string' ? name : `Instance ${id}`,
      enabled: typeof enabled === 'boolean' ? enabled : true,
      settings: settingsOf(
        own(item, 'settings'),
        INSTANCE_GROUPS,
        `/config/instances/${index}/settings`,
        violations,
      ),
    });
  }
  const failed = someViolations(violations);
  if (failed) return { ok: false, violations: failed };
  return {
    ok: true,
    configuration: {
      global: { settings },
      instanceIds: instances.map((i) => i.id),
      instances,
    },
  };
}

/**
 * The configuration a `config restoreconfig` request carrying `config` would store (e.g. a backup
 * file's content): the request is checked with `validateRestoreRequest`, then the groups with the
 * server's schemas ({@link configurationOf}).
 */
export function restoreConfigurationOf(config: unknown): ConfigurationResult {
  const request = { command: 'config', subcommand: 'restoreconfig', config };
  const violations = someViolations(validateRestoreRequest(request));
  return violations ? { ok: false, violations } : configurationOf(config);
}
