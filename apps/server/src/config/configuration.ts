/**
 * The shape of a complete configuration: the `info` of Hyperion.ng's `config getconfig` and the
 * `config` of `config restoreconfig`. Setting groups are kept as parsed JSON, each valid by its
 * schema (`validateGroup` of @glowkit/protocol).
 */

import { UNNAMED_INSTANCE_ID } from '@glowkit/protocol';

// The shape itself is protocol's: the server, the CLI, the web UI and tests read one declaration.
export type { Configuration, StoredInstance } from '@glowkit/protocol';

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
