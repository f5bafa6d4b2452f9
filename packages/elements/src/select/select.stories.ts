import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './select.js';
import {
  enumTitlePlaceholders,
  fieldArgTypes,
  keyword,
  keywordsOf,
} from '../stories-support/args.js';

interface SelectArgs {
  name: string;
  value: string | undefined;
  disabled: boolean;
  title: string;
  enum: string[];
  enumTitles: string[] | undefined;
  default: string | undefined;
}

const keywords = ['title', 'enum', 'default'] as const;

function schemaOf(args: SelectArgs): Record<string, unknown> {
  return {
    type: 'string',
    ...keywordsOf(args, keywords),
    ...(args.enumTitles ? { options: { enum_titles: args.enumTitles } } : {}),
  };
}

const meta = {
  title: 'Elements/Select',
  component: 'gk-select',
  args: {
    name: 'palette',
    value: 'ember',
    disabled: false,
    title: 'edt_eff_palette',
    enum: ['ember', 'gas', 'toxic', 'custom'],
    enumTitles: [
      'edt_eff_enum_ember',
      'edt_eff_enum_gas',
      'edt_eff_enum_toxic',
      'edt_eff_enum_custom',
    ],
    default: 'ember',
  },
  argTypes: {
    ...fieldArgTypes,
    value: { control: 'text' },
    enum: keyword('object', 'The values to choose from'),
    enumTitles: keyword(
      'object',
      `\`options.enum_titles\`: a placeholder per enum value (${enumTitlePlaceholders.length} exist, e.g. ${enumTitlePlaceholders[0]})`,
    ),
    default: keyword('text', 'The value a new configuration starts with'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-select
      name=${args.name}
      .schema=${schemaOf(args)}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-select>`,
} satisfies Meta<SelectArgs>;

export default meta;
type Story = StoryObj<SelectArgs>;

/** The fire palettes, labelled from `options.enum_titles` in the toolbar's language. */
export const Default: Story = {};

/** A value that is not in the enum (e.g. from an older configuration): marked invalid. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: 'plasma' },
};

/** Without enum_titles the values themselves are the labels. */
export const WithoutTitles: Story = {
  args: { enumTitles: undefined, value: 'gas' },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The error message in the dark theme. */
export const DarkError: Story = {
  args: { value: 'plasma' },
  globals: { theme: 'dark' },
};
