/**
 * The shape of a complete configuration: the `info` of Hyperion.ng's `config getconfig` and the
 * `config` of `config restoreconfig`. Setting groups are kept as parsed JSON; `validateGroup`
 * (group-schemas.ts) checks the groups this server interprets.
 */

/** One LED instance with its settings groups. */
export interface StoredInstance {
  /** Instance number, kept as given (Hyperion: 0..254). Unique within a configuration. */
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
  /** The instances' ids, in the order of `instances`. Derived on read, ignored on write. */
  instanceIds: number[];
  /** The instances, in the order they were created. */
  instances: StoredInstance[];
}
