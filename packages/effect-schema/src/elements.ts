/**
 * Element kinds: what an option renders as, decided from its `type`, `format`, `items` and `enum`.
 * The linter, the definition checker and the form components share this one classification.
 */
import { isJsonObject } from '@glowkit/json';

/** The kinds of element an option schema can describe. */
export type ElementKind =
  | 'checkbox'
  | 'string'
  | 'select'
  | 'integer'
  | 'number'
  | 'array'
  | 'multiselect'
  | 'colorpicker'
  | 'colorpickerRGBA'
  | 'unknown';

/** An option entry (or an array's item schema) of an effect option schema. */
export interface OptionSchema {
  type?: unknown;
  title?: unknown;
  default?: unknown;
  propertyOrder?: unknown;
  append?: unknown;
  format?: unknown;
  enum?: unknown;
  minLength?: unknown;
  maxLength?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  step?: unknown;
  items?: unknown;
  minItems?: unknown;
  maxItems?: unknown;
  uniqueItems?: unknown;
  options?: unknown;
  [keyword: string]: unknown;
}

/**
 * Whether an element is an `object` with its own keys: a group of settings (the settings profile
 * only; an effect option is never one). Forms do not render it as one input: its keys are
 * elements of their own.
 */
export function isObjectElement(
  element: unknown,
): element is Record<string, unknown> & { properties: Record<string, unknown> } {
  return isJsonObject(element) && element.type === 'object' && isJsonObject(element.properties);
}

/** Which element an option renders as. */
export function elementKind(option: unknown): ElementKind {
  if (!isJsonObject(option)) return 'unknown';
  switch (option.type) {
    case 'boolean':
      return 'checkbox';
    case 'string':
      return Array.isArray(option.enum) ? 'select' : 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'array': {
      if (option.format === 'colorpicker') return 'colorpicker';
      if (option.format === 'colorpickerRGBA') return 'colorpickerRGBA';
      const items = option.items;
      if (
        option.uniqueItems === true &&
        isJsonObject(items) &&
        items.type === 'string' &&
        Array.isArray(items.enum)
      ) {
        return 'multiselect';
      }
      return 'array';
    }
    default:
      return 'unknown';
  }
}

/** The `options.dependencies` map of an option, or an empty object. */
export function dependenciesOf(option: unknown): Record<string, unknown> {
  if (!isJsonObject(option) || !isJsonObject(option.options)) return {};
  const deps = option.options.dependencies;
  return isJsonObject(deps) ? deps : {};
}

/** The `options.enum_titles` list of an option, when it is an array. */
export function enumTitlesOf(option: unknown): unknown[] | undefined {
  if (!isJsonObject(option) || !isJsonObject(option.options)) return undefined;
  const titles = option.options.enum_titles;
  return Array.isArray(titles) ? titles : undefined;
}
