/** Traversal helpers for rules. */
import { isJsonObject } from '@glowkit/json';
import { type ValueIssue, validateValue } from '../values/validate-value.js';
import type { OptionEntry } from './types.js';

/** An element schema found in the document: an option or an (arbitrarily nested) item schema. */
export interface ElementVisit {
  element: Record<string, unknown>;
  pointer: string;
  /** The top-level option this element belongs to. */
  option: OptionEntry;
  /** 0 for the option itself, 1 for its items, 2 for items of items… */
  depth: number;
  /** Why the element's default is invalid; filled by {@link defaultIssuesOf} on first use. */
  defaultIssues?: readonly ValueIssue[];
}

/** The issues of an element's default (none without one), computed once for all rules. */
export function defaultIssuesOf(visit: ElementVisit): readonly ValueIssue[] {
  visit.defaultIssues ??=
    'default' in visit.element ? validateValue(visit.element, visit.element.default) : [];
  return visit.defaultIssues;
}

/** Every option and every nested `items` schema, outermost first. */
export function collectElements(options: readonly OptionEntry[]): ElementVisit[] {
  const list: ElementVisit[] = [];
  for (const option of options) {
    let element: unknown = option.option;
    let pointer = option.pointer;
    let depth = 0;
    // Item schemas nest through `items` only; a depth guard keeps hostile input finite.
    while (isJsonObject(element) && depth < 64) {
      list.push({ element, pointer, option, depth });
      element = element.items;
      pointer = `${pointer}/items`;
      depth++;
    }
  }
  return list;
}

/** Calls `visit` for every element of the schema being linted (see {@link collectElements}). */
export function forEachElement(
  ctx: { readonly elements: readonly ElementVisit[] },
  visit: (v: ElementVisit) => void,
): void {
  for (const v of ctx.elements) visit(v);
}

/** Formats a JSON value for a message, shortened when long. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
