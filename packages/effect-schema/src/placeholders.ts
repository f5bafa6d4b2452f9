/** The translation placeholders an effect option schema uses. */

import { escapePointerToken, isJsonObject } from '@glowkit/json';
import { enumTitlesOf } from './elements.js';

/** One use of a placeholder in a schema. */
export interface Placeholder {
  key: string;
  kind: 'title' | 'append' | 'enum_title';
  /** JSON pointer of the use. */
  pointer: string;
}

/** Every placeholder of a schema (the schema title, option and item titles, units, enum labels). */
export function collectPlaceholders(schema: unknown): Placeholder[] {
  const found: Placeholder[] = [];
  if (!isJsonObject(schema)) return found;
  if (typeof schema.title === 'string' && schema.title) {
    found.push({ key: schema.title, kind: 'title', pointer: '/title' });
  }
  if (!isJsonObject(schema.properties)) return found;
  for (const [name, option] of Object.entries(schema.properties)) {
    let element: unknown = option;
    let pointer = `/properties/${escapePointerToken(name)}`;
    for (let depth = 0; isJsonObject(element) && depth < 64; depth++) {
      if (typeof element.title === 'string' && element.title) {
        found.push({ key: element.title, kind: 'title', pointer: `${pointer}/title` });
      }
      if (typeof element.append === 'string' && element.append) {
        found.push({ key: element.append, kind: 'append', pointer: `${pointer}/append` });
      }
      enumTitlesOf(element)?.forEach((label, i) => {
        if (typeof label === 'string' && label) {
          found.push({
            key: label,
            kind: 'enum_title',
            pointer: `${pointer}/options/enum_titles/${i}`,
          });
        }
      });
      element = element.items;
      pointer = `${pointer}/items`;
    }
  }
  return found;
}
