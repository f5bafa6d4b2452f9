/**
 * The migration of a stored configuration: every group brought into line with its schema
 * (`migrateGroup` of @glowkit/protocol), each change reported for one log line. The store runs it
 * when it opens a database (a database of an earlier Glowkit, or Hyperion.ng's, may hold values
 * the schemas refuse, such as `smoothing.updateDelay` 5000) and on a snapshot it restores, so
 * that everything stored is what the one validator accepts.
 */
import { migrateGroup, type SettingChange, settingChangeLine } from '@glowkit/protocol';
import type { Configuration } from '../config/configuration.js';
import { isGroupName } from '../config/groups.js';

/** One stored value brought into line. */
export interface SettingMigration extends SettingChange {
  /** The settings group, e.g. `smoothing`. */
  group: string;
  /** The instance the group belongs to; undefined for a global group. */
  instance?: number;
}

/** A migrated group: where it is stored, its new value. */
export interface MigratedGroupRow {
  group: string;
  instance: number | undefined;
  value: unknown;
}

/** What {@link migrateConfiguration} did. */
export interface ConfigurationMigration {
  /** Each change, in the configuration's order (global groups, then each instance's). */
  migrations: SettingMigration[];
  /** The groups whose value changed, to be written back. */
  rows: MigratedGroupRow[];
}

/**
 * Brings every group of `config` into line with its schema, in place (a changed group is replaced
 * by its migrated copy; a valid one is left as it is). Groups of unknown names are not the
 * migration's: the store's reading has left them out already.
 */
export function migrateConfiguration(config: Configuration): ConfigurationMigration {
  const result: ConfigurationMigration = { migrations: [], rows: [] };
  const migrate = (settings: Record<string, unknown>, instance: number | undefined) => {
    for (const [group, value] of Object.entries(settings)) {
      if (value === null || value === undefined || !isGroupName(group)) continue;
      const { value: migrated, changes } = migrateGroup(group, value);
      if (changes.length === 0) continue;
      Object.defineProperty(settings, group, {
        value: migrated,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      result.rows.push({ group, instance, value: migrated });
      for (const change of changes) {
        result.migrations.push({
          ...change,
          group,
          ...(instance === undefined ? {} : { instance }),
        });
      }
    }
  };
  // Read from the database, the groups are not yet what their types say: that is what this
  // makes them. Each is looked at by name, as a plain record.
  migrate(config.global.settings as Record<string, unknown>, undefined);
  for (const instance of config.instances)
    migrate(instance.settings as Record<string, unknown>, instance.id);
  return result;
}

/**
 * One migration on one line, for the log: `settings group "smoothing" of instance 0 brought into
 * range: /updateDelay 5000 → 2048 (must be an integer from 0 to 2048)`.
 */
export function migrationLine(migration: SettingMigration): string {
  const owner = migration.instance === undefined ? '' : ` of instance ${migration.instance}`;
  return `settings group "${migration.group}"${owner} brought into range: ${settingChangeLine(migration)}`;
}
