/** The translation placeholders an effect option schema (or a settings group schema) uses. */

import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { enumTitlesOf, isObjectElement } from './elements.js';
import type { SchemaProfile } from './lint/profile.js';

/** One use of a placeholder in a schema. */
export interface Placeholder {
  key: string;
  /** `description` only in settings group schemas. */
  kind: 'title' | 'append' | 'enum_title' | 'description';
  /** JSON pointer of the use. */
  pointer: string;
}

/** Options of {@link collectPlaceholders}. */
export interface CollectPlaceholdersOptions {
  /** `'settings'`: also the keys of nested objects, a list group's items and descriptions. */
  profile?: SchemaProfile;
}

// Nesting deeper than this is not followed: hostile input stays finite.
const MAX_DEPTH = 64;

/**
 * Every placeholder of a schema (the schema title, option and item titles, units, enum labels;
 * for a settings group also descriptions and the keys of nested objects), in document order.
 */
export function collectPlaceholders(
  schema: unknown,
  options: CollectPlaceholdersOptions = {},
): Placeholder[] {
  const found: Placeholder[] = [];
  if (!isJsonObject(schema)) return found;
  const settings = options.profile === 'settings';
  const add = (key: unknown, kind: Placeholder['kind'], pointer: string) => {
    if (typeof key === 'string' && key) found.push({ key, kind, pointer });
  };
  const visit = (element: Record<string, unknown>, pointer: string, depth: number): void => {
    if (depth >= MAX_DEPTH) return;
    add(element.title, 'title', `${pointer}/title`);
    add(element.append, 'append', `${pointer}/append`);
    if (settings) add(element.description, 'description', `${pointer}/description`);
    enumTitlesOf(element)?.forEach((label, i) => {
      add(label, 'enum_title', `${pointer}/options/enum_titles/${i}`);
    });
    if (settings && isObjectElement(element)) visitKeys(element.properties, pointer, depth + 1);
    if (isJsonObject(element.items)) visit(element.items, `${pointer}/items`, depth + 1);
  };
  const visitKeys = (properties: unknown, pointer: string, depth: number) => {
    if (!isJsonObject(properties)) return;
    for (const [name, option] of Object.entries(properties)) {
      if (isJsonObject(option))
        visit(option, `${pointer}/properties/${escapePointerToken(name)}`, depth);
    }
  };
  add(schema.title, 'title', '/title');
  if (settings) add(schema.description, 'description', '/description');
  if (settings && schema.type === 'array' && isJsonObject(schema.items)) {
    visit(schema.items, '/items', 1);
  } else {
    visitKeys(schema.properties, '', 0);
  }
  return found;
}
