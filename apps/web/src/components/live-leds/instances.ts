/** An entry of serverinfo's `instance` list (and of the `instance-update` push's `data`). */
export interface InstanceInfo {
  instance: number;
  friendly_name: string;
  running: boolean;
}

/** The instance list of a serverinfo reply or an `instance-update` push; `[]` when absent. */
export function instancesOf(value: unknown): InstanceInfo[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is InstanceInfo =>
      entry !== null &&
      typeof entry === 'object' &&
      typeof (entry as InstanceInfo).instance === 'number',
  );
}

/** The name to show for an instance: its friendly name, else "Instance N" from the caller. */
export function instanceName(
  instances: readonly InstanceInfo[],
  id: number,
  fallback: string,
): string {
  const name = instances.find((i) => i.instance === id)?.friendly_name;
  return typeof name === 'string' && name.trim() !== '' ? name : fallback;
}

/**
 * The request that subscribes the session to `*-update` topics. Subscriptions add up and belong
 * to the session, which every page shares: pages subscribe to what they need and never
 * unsubscribe (another page may need the same topic).
 */
export function subscribeRequest(topics: readonly string[]): Record<string, unknown> {
  return { command: 'serverinfo', subcommand: 'subscribe', data: { subscriptions: [...topics] } };
}
