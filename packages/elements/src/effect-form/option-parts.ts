import { partsOwner } from '../shared/registry.js';

/** Worked out once per tag, once it is defined. */
const cache = new Map<string, string>();

/**
 * The `exportparts` of an option element in the form: every part it renders, under the same
 * name, so that `gk-effect-form::part(input)` reaches the input of every option. Read from the
 * registered class at the first render, as lists read their items' (a list's parts include those
 * of the item elements registered by then); empty while the tag is not defined.
 */
export function exportpartsOf(tag: string): string {
  const found = cache.get(tag);
  if (found !== undefined) return found;
  const owner = partsOwner(tag);
  if (owner === undefined) return '';
  const parts = (owner.parts ?? []).join(', ');
  cache.set(tag, parts);
  return parts;
}
