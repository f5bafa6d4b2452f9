import { defaultGroup } from '@glowkit/protocol';
import { normalizeConfiguration } from './config-diff.js';

/** A boot or background effect a backup names that this server does not have. */
export interface MissingBootEffect {
  /** The instance's id and name in the backup. */
  instance: number;
  name: string;
  /** Which of its effects: the boot effect (`foregroundEffect`) or the background effect. */
  group: 'foregroundEffect' | 'backgroundEffect';
  /** The effect's name as the backup has it. */
  effect: string;
}

const GROUPS = ['foregroundEffect', 'backgroundEffect'] as const;

/**
 * The boot and background effects of a backup's instances that name an effect not among
 * `effects` (this server's effect names): such an instance starts without it, and the server
 * says so only in its log, so the restore's summary says it first. A group the backup leaves out
 * is the server's default (enabled, the default effect); a disabled one, or a colour, is skipped.
 */
export function missingBootEffects(
  config: unknown,
  effects: readonly string[],
): MissingBootEffect[] {
  const known = new Set(effects);
  const missing: MissingBootEffect[] = [];
  for (const instance of normalizeConfiguration(config).instances.values()) {
    for (const group of GROUPS) {
      const value = {
        ...(defaultGroup(group) as object),
        ...((instance.settings.get(group) as object | undefined) ?? {}),
      } as { enable?: boolean; type?: string; effect?: unknown };
      if (value.enable === false || value.type === 'color') continue;
      if (typeof value.effect !== 'string' || known.has(value.effect)) continue;
      missing.push({ instance: instance.id, name: instance.name, group, effect: value.effect });
    }
  }
  return missing;
}
