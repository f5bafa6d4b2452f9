/**
 * What a restore would change: the configuration a backup file would make (as the server stores a
 * restore) compared with the current one, group by group and instance by instance. Pure: no DOM,
 * no server; the backup page renders the result.
 */
import {
  defaultInstanceName,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  isJsonObject,
  jsonEqual,
  own,
} from '@glowkit/protocol';

/** How one settings group changes. */
export interface GroupChange {
  /** The group's name (`device`, `general`, …). */
  group: string;
  /**
   * `added`: the group was not stored before; `reset`: the file leaves it out or sets it to null,
   * so the server resets it to its default; `changed`: the file gives another value.
   */
  kind: 'added' | 'reset' | 'changed';
  /** For an object group that changed: its keys whose values differ, added or removed. */
  keys: string[];
  /** For an array group that changed (`leds`): its length before and after, and items that differ. */
  items?: { before: number; after: number; changed: number };
}

/** How one instance changes; instances are matched by id. */
export interface InstanceChange {
  id: number;
  /** `added`: new; `removed`: not in the file, so deleted; `changed`: kept, with changes. */
  kind: 'added' | 'removed' | 'changed';
  /** Its name after the restore (before it, for a removed instance). */
  name: string;
  /** Its name before, when the restore renames it. */
  previousName?: string;
  /** Whether it runs at start, before and after, when that changes. */
  enabled?: { before: boolean; after: boolean };
  /** Its groups that change (for a changed instance). */
  groups: GroupChange[];
}

/** Everything a restore would change. */
export interface ConfigDiff {
  global: GroupChange[];
  instances: InstanceChange[];
  /** True when nothing at all would change. */
  unchanged: boolean;
}

/** One instance as the server stores it. */
interface NormalizedInstance {
  id: number;
  name: string;
  enabled: boolean;
  /** Every known group: its value, or `undefined` when it would be reset to its default. */
  settings: Map<string, unknown>;
}

/** A configuration as the server would store it, minus the defaults only the server knows. */
interface NormalizedConfiguration {
  global: Map<string, unknown>;
  instances: Map<number, NormalizedInstance>;
}

/**
 * A group's value as the server stores it: a string holding JSON is its value; null or absent
 * means the default (`undefined` here, since only the server knows defaults).
 */
function storedGroup(raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  try {
    return groupValue(raw);
  } catch {
    // Not a valid group (the validator says so): compared as it is.
    return raw;
  }
}

/** The known groups of a settings object, as the server would store them. */
function settingsOf(settings: unknown, groups: readonly string[]): Map<string, unknown> {
  return new Map(groups.map((group) => [group, storedGroup(own(settings, group))]));
}

/**
 * A configuration (getconfig's `info`, or a restore's `config`) as the server stores it: only the
 * known groups, names and `enabled` filled in as the server fills them. A missing `instances`
 * means no instances at all, since a restore replaces the whole configuration.
 */
export function normalizeConfiguration(config: unknown): NormalizedConfiguration {
  const global = settingsOf(own(own(config, 'global'), 'settings'), GLOBAL_GROUPS);
  const instances = new Map<number, NormalizedInstance>();
  const given = own(config, 'instances');
  for (const item of Array.isArray(given) ? given : []) {
    const id = own(item, 'id');
    if (typeof id !== 'number' || !Number.isInteger(id)) continue;
    const name = own(item, 'name');
    const enabled = own(item, 'enabled');
    instances.set(id, {
      id,
      // The server's name for a nameless instance, so that a file without names does not read
      // as "renamed to nothing".
      name: typeof name === 'string' ? name : defaultInstanceName(id),
      enabled: typeof enabled === 'boolean' ? enabled : true,
      settings: settingsOf(own(item, 'settings'), INSTANCE_GROUPS),
    });
  }
  return { global, instances };
}

/** The keys of two objects whose values differ (present in one only, or different), in order. */
export function changedKeys(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const keys = [
    ...Object.keys(before),
    ...Object.keys(after).filter((k) => !Object.hasOwn(before, k)),
  ];
  return keys.filter(
    (key) =>
      Object.hasOwn(before, key) !== Object.hasOwn(after, key) ||
      !jsonEqual(before[key], after[key]),
  );
}

/**
 * How one group changes from `before` to `after` (stored values; `undefined`: reset to the
 * default), or undefined when it does not change.
 */
export function groupChange(
  group: string,
  before: unknown,
  after: unknown,
): GroupChange | undefined {
  if (after === undefined) {
    // Left out or null: reset to the default, which only the server knows. A group that was
    // not stored either stays at its default.
    return before === undefined ? undefined : { group, kind: 'reset', keys: [] };
  }
  if (before === undefined) return { group, kind: 'added', keys: [] };
  if (jsonEqual(before, after)) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length);
    let changed = Math.abs(before.length - after.length);
    for (let i = 0; i < common; i += 1) if (!jsonEqual(before[i], after[i])) changed += 1;
    return {
      group,
      kind: 'changed',
      keys: [],
      items: { before: before.length, after: after.length, changed },
    };
  }
  if (isJsonObject(before) && isJsonObject(after)) {
    return { group, kind: 'changed', keys: changedKeys(before, after) };
  }
  // An object became an array or the reverse: the whole group is replaced.
  return { group, kind: 'changed', keys: [] };
}

/** The changes of every group in `groups`, in that order. */
function groupChanges(
  groups: readonly string[],
  before: Map<string, unknown>,
  after: Map<string, unknown>,
): GroupChange[] {
  return groups.flatMap((group) => groupChange(group, before.get(group), after.get(group)) ?? []);
}

/** How one kept instance changes, or undefined when it does not. */
function instanceChange(
  before: NormalizedInstance,
  after: NormalizedInstance,
): InstanceChange | undefined {
  const groups = groupChanges(INSTANCE_GROUPS, before.settings, after.settings);
  const renamed = before.name !== after.name;
  const toggled = before.enabled !== after.enabled;
  if (groups.length === 0 && !renamed && !toggled) return undefined;
  return {
    id: after.id,
    kind: 'changed',
    name: after.name,
    ...(renamed ? { previousName: before.name } : {}),
    ...(toggled ? { enabled: { before: before.enabled, after: after.enabled } } : {}),
    groups,
  };
}

/**
 * What restoring `incoming` (a restore's `config`, checked valid) would change in `current`
 * (getconfig's `info`): global groups added, reset or changed (with the changed keys), and
 * instances added, removed, renamed or changed (with their groups and keys), by instance id.
 */
export function diffConfigurations(current: unknown, incoming: unknown): ConfigDiff {
  const before = normalizeConfiguration(current);
  const after = normalizeConfiguration(incoming);
  const global = groupChanges(GLOBAL_GROUPS, before.global, after.global);
  const instances: InstanceChange[] = [];
  for (const [id, instance] of after.instances) {
    const old = before.instances.get(id);
    if (!old) {
      instances.push({ id, kind: 'added', name: instance.name, groups: [] });
      continue;
    }
    const change = instanceChange(old, instance);
    if (change) instances.push(change);
  }
  for (const [id, instance] of before.instances) {
    if (!after.instances.has(id)) {
      instances.push({ id, kind: 'removed', name: instance.name, groups: [] });
    }
  }
  instances.sort((a, b) => a.id - b.id);
  return { global, instances, unchanged: global.length === 0 && instances.length === 0 };
}
