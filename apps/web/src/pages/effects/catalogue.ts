/**
 * The effect catalogue as the server lists it in `serverinfo`: the effects that can run, the
 * effect files it left out (with their diagnostics), and the instances to run them on. Reading
 * it and searching it; nothing here renders.
 */
import { isJsonObject } from '@glowkit/protocol';

/** An entry of `serverinfo.effects`. */
export interface EffectEntry {
  name: string;
  /** The definition file: `:/effects/x.json` when bundled, an absolute path when custom. */
  file: string;
  /** The script, shown the same way: what `create-effect` takes back. */
  script: string;
  /** The definition's options. */
  args: Record<string, unknown>;
}

/** An entry of `serverinfo.effectProblems`: a file left out of the list, and why. */
export interface EffectProblem {
  file: string;
  /** One line each, as the server phrased it: `file:line:column message (rule)`. */
  messages: string[];
}

/** An entry of `serverinfo.instance`. */
export interface InstanceEntry {
  instance: number;
  friendly_name: string;
  running: boolean;
}

/** What the effects page shows of `serverinfo`. */
export interface Catalogue {
  effects: EffectEntry[];
  problems: EffectProblem[];
  instances: InstanceEntry[];
}

/** How the server names its bundled files (Hyperion.ng's resource paths). */
const BUNDLED_PREFIX = ':/';

/** Whether an effect is the user's own (it can be deleted) rather than bundled with Glowkit. */
export function isCustom(effect: Pick<EffectEntry, 'file'>): boolean {
  return !effect.file.startsWith(BUNDLED_PREFIX);
}

/** The effects of a `serverinfo` reply or an `effects-update` push (which carries the list). */
export function effectsOf(list: unknown): EffectEntry[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).flatMap((e) =>
    typeof e.name === 'string' && typeof e.file === 'string' && typeof e.script === 'string'
      ? [
          {
            name: e.name,
            file: e.file,
            script: e.script,
            args: isJsonObject(e.args) ? e.args : {},
          },
        ]
      : [],
  );
}

/** The instances of a `serverinfo` reply or an `instance-update` push. */
export function instancesOf(list: unknown): InstanceEntry[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).flatMap((i) =>
    typeof i.instance === 'number'
      ? [
          {
            instance: i.instance,
            friendly_name: typeof i.friendly_name === 'string' ? i.friendly_name : '',
            running: i.running === true,
          },
        ]
      : [],
  );
}

/** The catalogue in a `serverinfo` reply's `info`. */
export function catalogueOf(info: unknown): Catalogue {
  const record = isJsonObject(info) ? info : {};
  const problems = Array.isArray(record.effectProblems) ? record.effectProblems : [];
  return {
    effects: effectsOf(record.effects),
    problems: problems.filter(isJsonObject).map((p) => ({
      file: String(p.file ?? ''),
      messages: Array.isArray(p.messages) ? p.messages.map(String) : [],
    })),
    instances: instancesOf(record.instance),
  };
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
  effects: readonly EffectEntry[],
  query: string,
): { custom: EffectEntry[]; bundled: EffectEntry[] } {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found = effects.filter((effect) => {
    const name = fold(effect.name);
    return words.every((word) => name.includes(word));
  });
  return { custom: found.filter(isCustom), bundled: found.filter((e) => !isCustom(e)) };
}

/** The name an instance is shown by: its own, else its number. */
export function instanceLabel(instance: InstanceEntry): string {
  return instance.friendly_name || `#${instance.instance}`;
}

/** The page URL of an effect: `/effects/<name>`, the name URL-encoded. */
export function effectPath(name: string): string {
  return `/effects/${encodeURIComponent(name)}`;
}
