/**
 * The shape of a complete configuration: the `info` of Hyperion.ng's `config getconfig` and the
 * `config` of `config restoreconfig`. Setting groups are kept as parsed JSON, each valid by its
 * schema (`validateGroup` of @glowkit/protocol).
 */

import { UNNAMED_INSTANCE_ID } from '@glowkit/protocol';

/** One LED instance with its settings groups. */
export interface StoredInstance {
  /**
   * Instance number, kept as given: 0 to 255 (the specification's range), unique within a
   * configuration. 255 runs as any other, but `instanceIds` and the commands cannot name it.
   */
  id: number;
  /** Human-readable name (Hyperion's `friendly_name`). */
  name: string;
  /** Whether the instance runs when the service starts. */
  enabled: boolean;
  /** One key per instance group (`device`, `leds`, …): an object, or an array for `leds`. */
  settings: Record<string, unknown>;
}

/** A complete configuration: the global groups and every instance. */
export interface Configuration {
  global: {
    /** One key per global group (`general`, `webConfig`, …). */
    settings: Record<string, unknown>;
    /** The database's UUID (table `meta`). Reported on read, ignored on write. */
    uuid?: string;
  };
  /**
   * The instances' ids, in the order of `instances`, but 255 (the specification's `instanceIds`
   * lists 0 to 254: see {@link listedInstanceIds}). Derived on read, ignored on write.
   */
  instanceIds: number[];
  /** The instances, in the order they were created. */
  instances: StoredInstance[];
}

/**
 * The ids `instanceIds` lists: every instance's, in order, but 255, which it cannot list (its
 * items are 0 to 254), so that a backup holding instance 255 still restores.
 */
export function listedInstanceIds(instances: readonly { id: number }[]): number[] {
  return instances.map((i) => i.id).filter((id) => id !== UNNAMED_INSTANCE_ID);
}

/**
 * What a reply (restore, getconfig) says when a configuration holds instance 255, which
 * `instanceIds` leaves out; undefined when it holds none.
 */
export function unlistedInstanceNote(instances: readonly { id: number }[]): string | undefined {
  if (!instances.some((i) => i.id === UNNAMED_INSTANCE_ID)) return undefined;
  return `instance ${UNNAMED_INSTANCE_ID} is in instances but not in instanceIds, which lists 0 to 254 only: it is stored, runs and restores as any other, but instanceIds and the commands naming an instance cannot name it; to name it, restore the configuration with another id for it`;
}
