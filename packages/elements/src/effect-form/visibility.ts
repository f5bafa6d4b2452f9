/**
 * Which options of an effect schema are shown: an option is shown only while every option it
 * depends on has the required value and is itself shown (so chains hide together).
 */
import { dependenciesOf, jsonEqual } from '@glowkit/effect-schema/values';

/** One option of a schema, as the form orders and shows it. */
export interface FormOption {
  name: string;
  schema: Record<string, unknown>;
}

/**
 * The names of the visible options for a set of values. Runs in O(options × dependencies):
 * each option's visibility is computed once and memoised, cycles count as hidden.
 */
export function visibleOptions(
  options: readonly FormOption[],
  values: Readonly<Record<string, unknown>>,
): Set<string> {
  const byName = new Map(options.map((o) => [o.name, o]));
  const state = new Map<string, 'visiting' | boolean>();
  const isVisible = (name: string): boolean => {
    const known = state.get(name);
    if (known === 'visiting') return false; // a dependency cycle: never shown
    if (known !== undefined) return known;
    state.set(name, 'visiting');
    const option = byName.get(name);
    let visible = option !== undefined;
    if (option) {
      for (const [target, required] of Object.entries(dependenciesOf(option.schema))) {
        if (!byName.has(target) || !isVisible(target) || !jsonEqual(values[target], required)) {
          visible = false;
          break;
        }
      }
    }
    state.set(name, visible);
    return visible;
  };
  const shown = new Set<string>();
  for (const o of options) if (isVisible(o.name)) shown.add(o.name);
  return shown;
}

/** Options in display order: by propertyOrder, ties in schema order, options without one last. */
export function orderedOptions(properties: Readonly<Record<string, unknown>>): FormOption[] {
  const entries = Object.entries(properties)
    .filter(
      (e): e is [string, Record<string, unknown>] => typeof e[1] === 'object' && e[1] !== null,
    )
    .map(([name, schema], index) => ({ name, schema, index }));
  const orderOf = (s: Record<string, unknown>) =>
    typeof s.propertyOrder === 'number' ? s.propertyOrder : Number.POSITIVE_INFINITY;
  entries.sort((a, b) => orderOf(a.schema) - orderOf(b.schema) || a.index - b.index);
  return entries.map(({ name, schema }) => ({ name, schema }));
}
