/**
 * The effect catalogue as the server lists it in `serverinfo` (protocol's `EffectInfo`): which
 * effects are the user's own, searching them, and their URLs; nothing here renders.
 */
import type { EffectInfo, InstanceInfo } from '@glowkit/protocol';

/** How the server names its bundled files (Hyperion.ng's resource paths). */
const BUNDLED_PREFIX = ':/';

/** Whether an effect is the user's own (it can be deleted) rather than bundled with Glowkit. */
export function isCustom(effect: Pick<EffectInfo, 'file'>): boolean {
  return !effect.file.startsWith(BUNDLED_PREFIX);
}

/** Text folded for searching: case and accents do not matter ("Flamme" finds "flämme"). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The effects whose name holds every word of `query` (in any order, case and accents ignored),
 * split into the user's own and the bundled ones, each in the server's order.
 */
export function searchEffects(
  effects: readonly EffectInfo[],
  query: string,
): { custom: EffectInfo[]; bundled: EffectInfo[] } {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found = effects.filter((effect) => {
    const name = fold(effect.name);
    return words.every((word) => name.includes(word));
  });
  return { custom: found.filter(isCustom), bundled: found.filter((e) => !isCustom(e)) };
}

/** The name an instance is shown by: its own, else its number. */
export function instanceLabel(instance: InstanceInfo): string {
  return instance.friendly_name || `#${instance.instance}`;
}

/** The page URL of an effect: `/effects/<name>`, the name URL-encoded. */
export function effectPath(name: string): string {
  return `/effects/${encodeURIComponent(name)}`;
}
