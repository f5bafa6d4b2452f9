/**
 * Controls shared by the element stories. A story's args are the option's schema keywords
 * (`title`, `append`, `minimum`, …) plus the element's `name`, `value` and `disabled`; its render
 * builds the schema from them, so the controls edit the schema keyword by keyword.
 */
import type { ArgTypes } from '@storybook/web-components-vite';
import en from '../../../../translations/en.json' with { type: 'json' };

const keys = Object.keys(en);

/** Every unit placeholder (`append`) that has a phrase. */
export const appendPlaceholders: readonly string[] = keys.filter((k) =>
  k.startsWith('edt_append_'),
);

/** Every option title placeholder that has a phrase (no headers, no enum titles). */
export const titlePlaceholders: readonly string[] = keys.filter(
  (k) => k.startsWith('edt_eff_') && !k.startsWith('edt_eff_enum_') && !k.endsWith('_header'),
);

/** `enum_titles` placeholders that have a phrase. */
export const enumTitlePlaceholders: readonly string[] = keys.filter((k) =>
  k.startsWith('edt_eff_enum_'),
);

const schemaKeyword = { table: { category: 'schema keywords' } } as const;

/**
 * argTypes of every field: its own properties and the `title` placeholder. The
 * `schema` and `translator` properties are set by the render (from the keyword args and from
 * the toolbar's locale), and the read-only validation state is shown in the docs only.
 */
export const fieldArgTypes: ArgTypes = {
  name: { control: 'text' },
  disabled: { control: 'boolean' },
  schema: { control: false },
  translator: { control: false },
  labelText: { control: false },
  issues: { control: false },
  valid: { control: false },
  validationMessage: { control: false },
  title: {
    ...schemaKeyword,
    control: 'select',
    options: titlePlaceholders,
    description: 'Placeholder of the label, translated with the toolbar’s locale',
  },
};

/** argTypes of a schema keyword, in the "schema keywords" group of the controls. */
export function keyword(
  control: 'number' | 'text' | 'object' | 'boolean',
  description: string,
): ArgTypes[string] {
  return { ...schemaKeyword, control, description };
}

/** The schema keywords in `args` that are set (empty strings and undefined are left out). */
export function keywordsOf<A extends object>(
  args: A,
  names: readonly (keyof A & string)[],
): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  for (const name of names) {
    const value: unknown = args[name];
    if (value !== undefined && value !== '' && value !== null) schema[name] = value;
  }
  return schema;
}

/** argType of the `append` placeholder: the unit after the input. */
export const appendArgType: ArgTypes[string] = {
  ...schemaKeyword,
  control: 'select',
  options: ['', ...appendPlaceholders],
  description: 'Placeholder of the unit after the input (shown only when its phrase exists)',
};
