// The names under which a list exports its items' CSS parts, read from the item elements' classes
// rather than from a table of every kind's parts: a list then never needs to import (and so load)
// every element, and an element that renames a part renames it in lists too.
import { type PartsOwner, partsOwner, tagByKind } from '../shared/registry.js';

/** The parts an element renders itself: a list's own, else all of them. */
function ownPartsOf(owner: PartsOwner): readonly string[] {
  return owner.ownParts ?? owner.parts ?? [];
}

/**
 * The name an item's part has outside the list: `item-<part>`, except `control` (the row of an
 * item's control and unit), which is `item-control-row` since `item-control` is the item element.
 */
export function itemPartName(part: string): string {
  return part === 'control' ? 'item-control-row' : `item-${part}`;
}

/**
 * Every name an item's part can have outside a list, for every kind of element registered so far.
 * A list item's own parts are among them, and so, already `item-*`, are its items' at any depth.
 */
export function itemPartNames(): string[] {
  const names = new Set<string>();
  for (const tag of Object.values(tagByKind)) {
    const owner = partsOwner(tag);
    if (owner) for (const part of ownPartsOf(owner)) names.add(itemPartName(part));
  }
  return [...names];
}

/**
 * The `exportparts` of an item element, so that `gk-array::part(item-input)` (and the same on any
 * host that exports a list's parts) reaches into items: each part `p` as `item-p`, and the `item-*`
 * parts a list item passes on from its own items, unchanged, so that they reach items at any
 * depth. Undefined while the tag is not defined (the element renders nothing yet).
 */
export function exportpartsOf(tag: string): string | undefined {
  const owner = partsOwner(tag);
  if (owner === undefined) return undefined;
  const own = ownPartsOf(owner);
  const renamed = own.map((part) => `${part}:${itemPartName(part)}`);
  const passed = owner.ownParts ? (owner.parts ?? []).filter((part) => !own.includes(part)) : [];
  return [...renamed, ...passed].join(', ');
}
