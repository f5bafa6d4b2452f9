import type { InstanceInfo } from '@glowkit/protocol';

/** The name to show for an instance: its friendly name, else "Instance N" from the caller. */
export function instanceName(
  instances: readonly InstanceInfo[],
  id: number,
  fallback: string,
): string {
  const name = instances.find((i) => i.instance === id)?.friendly_name;
  return name !== undefined && name.trim() !== '' ? name : fallback;
}
