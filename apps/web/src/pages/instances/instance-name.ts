import { isInstanceName } from '@glowkit/protocol';

/** What is wrong with a name typed for an instance, as a phrase key with its values. */
export interface NameProblem {
  key: 'web_instances_name_short' | 'web_instances_name_taken';
  vars: Record<string, string>;
}

/**
 * The name an instance gets from what was typed: without spaces around it (a name that starts or
 * ends with a space is a slip, never meant).
 */
export function cleanName(typed: string): string {
  return typed.trim();
}

/**
 * Checks a name by the server's rules (`createInstance`, `saveName`): at least 5 characters,
 * counted as the server counts them, and no other instance's name. `self` is the instance being
 * renamed, whose own name is no clash.
 *
 * @returns the problem, or undefined when the server will take the name.
 */
export function nameProblem(
  name: string,
  instances: readonly { instance: number; friendly_name: string }[],
  self?: number,
): NameProblem | undefined {
  if (!isInstanceName(name)) return { key: 'web_instances_name_short', vars: {} };
  if (instances.some((i) => i.friendly_name === name && i.instance !== self)) {
    return { key: 'web_instances_name_taken', vars: { name } };
  }
  return undefined;
}
