import { type ElementKind, elementKind, type OptionSchema } from '@glowkit/effect-schema/values';

/** The custom element that renders each kind of option. */
export const tagByKind: Readonly<Record<Exclude<ElementKind, 'unknown'>, string>> = {
  checkbox: 'gk-checkbox',
  string: 'gk-string',
  select: 'gk-select',
  integer: 'gk-integer',
  number: 'gk-number',
  array: 'gk-array',
  multiselect: 'gk-multiselect',
  colorpicker: 'gk-color-picker',
  colorpickerRGBA: 'gk-color-picker-rgba',
};

/**
 * What hosts read of an element's class to export its parts: `parts`, the parts it renders and
 * exports, and for a list, `ownParts`, those it renders itself (the rest are its items').
 */
export interface PartsOwner {
  readonly parts?: readonly string[];
  readonly ownParts?: readonly string[];
}

/**
 * The class registered for a tag, as far as its parts go; undefined until the tag is defined. Read
 * from the registry rather than from imports: a host then follows whatever class is registered (a
 * subclass, another copy of the package) and loads no element it does not show.
 */
export function partsOwner(tag: string): PartsOwner | undefined {
  return customElements.get(tag) as PartsOwner | undefined;
}

/** The tag that renders an option, or undefined for a schema no element understands. */
export function tagFor(option: OptionSchema): string | undefined {
  const kind = elementKind(option);
  return kind === 'unknown' ? undefined : tagByKind[kind];
}

/**
 * A copy of a JSON value that shares nothing with the original. Primitives are returned as they
 * are: structuredClone would cross into the browser's serializer for them, on every keystroke.
 */
export function copyOf<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

/**
 * The value a new item or an option without a usable `default` starts with: the default when
 * there is one, else the natural empty value of its kind (first enum value, 0, black…).
 */
export function initialValue(option: OptionSchema): unknown {
  const given = option.default;
  if (given !== undefined) {
    // A copy, so that editing the value never edits the schema; primitives need none.
    return copyOf(given);
  }
  switch (elementKind(option)) {
    case 'checkbox':
      return false;
    case 'string':
      return '';
    case 'select':
      return Array.isArray(option.enum) ? option.enum[0] : '';
    case 'integer':
    case 'number':
      return typeof option.minimum === 'number' ? option.minimum : 0;
    case 'colorpicker':
      return [0, 0, 0];
    case 'colorpickerRGBA':
      return [0, 0, 0, 1];
    case 'array':
    case 'multiselect':
      return [];
    default:
      return undefined;
  }
}
