/**
 * Building blocks of the settings forms `config getschema` returns: group schemas written in the
 * effect option schema dialect, so that the web UI's `<gk-effect-form>` renders them as it
 * renders an effect's options. Titles, units and enum labels are phrase keys of
 * `translations/*.json` (Hyperion.ng's `edt_conf_…`/`edt_dev_…` names, so its phrases fit).
 */
import type { GroupFormSchema } from '@glowkit/protocol';

/** One option of a form, in the dialect (`type`, `title`, `default`, bounds, `options`…). */
export type FormOption = Record<string, unknown>;

/**
 * A form: its options in display order, each given the `propertyOrder` of its place (so that no
 * two share one, as the linter wants).
 */
export function form(title: string, options: Record<string, FormOption>): GroupFormSchema {
  const properties: Record<string, FormOption> = {};
  Object.entries(options).forEach(([name, option], index) => {
    properties[name] = { ...option, propertyOrder: index + 1 };
  });
  return { type: 'object', title, properties };
}

/** Shown only while option `name` has `value` (`options.dependencies`). */
export function shownWhen(name: string, value: string | boolean, option: FormOption): FormOption {
  const options = (option.options ?? {}) as Record<string, unknown>;
  return { ...option, options: { ...options, dependencies: { [name]: value } } };
}

/** A whole number from `minimum` to `maximum`; `append` is a unit phrase. */
export function integer(
  title: string,
  minimum: number,
  maximum: number,
  defaultValue: number,
  more: FormOption = {},
): FormOption {
  return { type: 'integer', title, minimum, maximum, default: defaultValue, ...more };
}

/** A number from `minimum` to `maximum`. */
export function number(
  title: string,
  minimum: number,
  maximum: number,
  defaultValue: number,
  more: FormOption = {},
): FormOption {
  return { type: 'number', title, minimum, maximum, default: defaultValue, ...more };
}

/** A checkbox. */
export function boolean(title: string, defaultValue: boolean): FormOption {
  return { type: 'boolean', title, default: defaultValue };
}

/** A text input. */
export function text(title: string, defaultValue: string, more: FormOption = {}): FormOption {
  return { type: 'string', title, default: defaultValue, ...more };
}

/** A select of `values`, labelled by the phrases `titles` (one per value) when given. */
export function select(
  title: string,
  values: readonly string[],
  defaultValue: string,
  titles?: readonly string[],
): FormOption {
  return {
    type: 'string',
    title,
    enum: [...values],
    default: defaultValue,
    ...(titles ? { options: { enum_titles: [...titles] } } : {}),
  };
}

/** An RGB colour picker: `[r, g, b]`, 0 to 255 each. */
export function rgb(title: string, defaultValue: readonly [number, number, number]): FormOption {
  return {
    type: 'array',
    title,
    format: 'colorpicker',
    items: { type: 'integer', minimum: 0, maximum: 255 },
    minItems: 3,
    maxItems: 3,
    default: [...defaultValue],
  };
}
