/** Traversal helpers for rules. */
import { isObject } from '../elements.js';
import type { OptionEntry } from './types.js';

/** An element schema found in the document: an option or an (arbitrarily nested) item schema. */
export interface ElementVisit {
  element: Record<string, unknown>;
  pointer: string;
  /** The top-level option this element belongs to. */
  option: OptionEntry;
  /** 0 for the option itself, 1 for its items, 2 for items of items… */
  depth: number;
}

// One lint run walks the same options in a dozen rules: the list of elements is built once per
// options array and shared (the array is created per run, so the cache dies with the run).
const elementCache = new WeakMap<readonly OptionEntry[], ElementVisit[]>();

/** Every option and every nested `items` schema, outermost first. */
export function elementsOf(options: readonly OptionEntry[]): readonly ElementVisit[] {
  let list = elementCache.get(options);
  if (list) return list;
  list = [];
  for (const option of options) {
    let element: unknown = option.option;
    let pointer = option.pointer;
    let depth = 0;
    // Item schemas nest through `items` only; a depth guard keeps hostile input finite.
    while (isObject(element) && depth < 64) {
      list.push({ element, pointer, option, depth });
      element = element.items;
      pointer = `${pointer}/items`;
      depth++;
    }
  }
  elementCache.set(options, list);
  return list;
}

/** Calls `visit` for every option and every nested `items` schema, outermost first. */
export function forEachElement(
  options: readonly OptionEntry[],
  visit: (v: ElementVisit) => void,
): void {
  for (const v of elementsOf(options)) visit(v);
}

/** Formats a JSON value for a message, shortened when long. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
