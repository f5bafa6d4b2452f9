/**
 * A complete configuration: the `info` of `config getconfig` (Hyperion.ng's shape) and the
 * `config` of `config restoreconfig`. Settings groups are kept as parsed JSON; the schemas of
 * `settings/` describe each one.
 */

import type { GlobalSettings, InstanceSettings } from './settings/generated/types.js';

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
  /**
   * One key per instance group (`device`, `leds`, …), each valid against its schema: a stored
   * configuration passed the one validator, and the migration at open brought older ones in.
   */
  settings: InstanceSettings;
}

/** A complete configuration: the global groups and every instance. */
export interface Configuration {
  global: {
    /** One key per global group (`general`, `webConfig`, …), each valid against its schema. */
    settings: GlobalSettings;
    /** The database's UUID (table `meta`). Reported on read, ignored on write. */
    uuid?: string;
  };
  /**
   * The instances' ids, in the order of `instances`, but 255 (the specification's `instanceIds`
   * lists 0 to 254). Derived on read, ignored on write.
   */
  instanceIds: number[];
  /** The instances, in the order they were created. */
  instances: StoredInstance[];
}
