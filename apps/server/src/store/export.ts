/**
 * The offline counterparts of `config getconfig` and `config restoreconfig`, for the CLI
 * (`glowkit config export|import`): each opens the database, does its work and closes it.
 */
import type { Configuration } from '../config/configuration.js';
import { ConfigStore } from './config-store.js';

/** The configuration stored in database `file`. Throws a StoreError when there is no such file. */
export function exportConfiguration(file: string): Configuration {
  // Opening would create a database with the defaults; exporting must not.
  const store = ConfigStore.open(file, { create: false });
  try {
    return store.read();
  } finally {
    store.close();
  }
}

/**
 * Replaces the configuration in database `file` (created if missing) with `config`, keeping the
 * previous one as a snapshot; see `ConfigStore.replace`. `config` is stored as given: validate it
 * first.
 */
export function importConfiguration(
  file: string,
  config: Configuration,
  reason: string,
): { snapshot: number } {
  const store = ConfigStore.open(file);
  try {
    return store.replace(config, reason);
  } finally {
    store.close();
  }
}
