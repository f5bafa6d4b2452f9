/** Traversal helpers for rules. */
import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { isObjectElement } from '../elements.js';
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

/** The options of one `properties` map, whose owner is at `pointer`. */
export function entriesOf(properties: unknown, pointer: string): OptionEntry[] {
  if (!isJsonObject(properties)) return [];
  const entries: OptionEntry[] = [];
  for (const [name, option] of Object.entries(properties)) {
    if (isJsonObject(option)) {
      entries.push({
        name,
        option,
        pointer: `${pointer}/properties/${escapePointerToken(name)}`,
      });
    }
  }
  return entries;
}

/** Nesting deeper than this is not followed: hostile input stays finite. */
const MAX_DEPTH = 64;

/**
 * The scopes and elements of a settings group schema: the top level's keys (or, for a list group,
 * its `items`), and inside them every `object`'s keys and every array's items, outermost first.
 * A list group's top level is an element of its own (pointer "", an option named ""), so that its
 * default is checked against its items.
 */
export function collectSettingsStructure(schema: Record<string, unknown>): {
  scopes: { pointer: string; owner: Record<string, unknown>; options: OptionEntry[] }[];
  elements: ElementVisit[];
} {
  const scopes: { pointer: string; owner: Record<string, unknown>; options: OptionEntry[] }[] = [];
  const elements: ElementVisit[] = [];
  const visitScope = (owner: Record<string, unknown>, pointer: string, level: number) => {
    const options = entriesOf(owner.properties, pointer);
    scopes.push({ pointer, owner, options });
    for (const option of options) visitElement(option.option, option.pointer, option, 0, level);
  };
  const visitElement = (
    element: Record<string, unknown>,
    pointer: string,
    option: OptionEntry,
    depth: number,
    level: number,
  ) => {
    if (level >= MAX_DEPTH) return;
    elements.push({ element, pointer, option, depth });
    if (isObjectElement(element)) visitScope(element, pointer, level + 1);
    if (isJsonObject(element.items)) {
      visitElement(element.items, `${pointer}/items`, option, depth + 1, level + 1);
    }
  };
  if (schema.type === 'array') {
    visitElement(schema, '', { name: '', option: schema, pointer: '' }, 0, 0);
  } else {
    visitScope(schema, '', 0);
  }
  return { scopes, elements };
}

/** An option for messages: `option "speed"`; a list group's top level (settings) is `the list`. */
export function optionLabel(option: OptionEntry): string {
  return option.pointer === '' ? 'the list' : `option "${option.name}"`;
}

/** Whose element a visit is, for messages: `option "speed"`, `items of option "speed"`. */
export function ownerOf(visit: ElementVisit): string {
  const option = optionLabel(visit.option);
  return visit.depth === 0 ? option : `items of ${option}`;
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
