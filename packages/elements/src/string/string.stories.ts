import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './string.js';
import {
  appendArgType,
  enumTitlePlaceholders,
  fieldArgTypes,
  keyword,
  keywordsOf,
} from '../stories-support/args.js';

interface StringArgs {
  name: string;
  value: string | undefined;
  disabled: boolean;
  title: string;
  append: string;
  minLength: number | undefined;
  maxLength: number | undefined;
  enum: string[] | undefined;
  enumTitles: string[] | undefined;
  default: string | undefined;
}

const keywords = ['title', 'append', 'minLength', 'maxLength', 'enum', 'default'] as const;

/** The option's schema from the story's keyword args; `enumTitles` become `options.enum_titles`. */
function schemaOf(args: StringArgs): Record<string, unknown> {
  return {
    type: 'string',
    ...keywordsOf(args, keywords),
    ...(args.enumTitles ? { options: { enum_titles: args.enumTitles } } : {}),
  };
}

const meta = {
  title: 'Elements/String',
  component: 'gk-string',
  args: {
    name: 'message',
    value: 'HELLO GLOWKIT',
    disabled: false,
    title: 'edt_eff_message',
    append: '',
    minLength: 1,
    maxLength: 64,
    enum: undefined,
    enumTitles: undefined,
    default: 'HELLO GLOWKIT',
  },
  argTypes: {
    ...fieldArgTypes,
    append: appendArgType,
    value: { control: 'text' },
    minLength: keyword('number', 'Fewest characters'),
    maxLength: keyword('number', 'Most characters'),
    enum: keyword('object', 'The allowed values: with one, a select box replaces the text input'),
    enumTitles: keyword(
      'object',
      `\`options.enum_titles\`: a placeholder per enum value, e.g. ${enumTitlePlaceholders.slice(0, 3).join(', ')}`,
    ),
    default: keyword('text', 'The value a new configuration starts with'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-string
      name=${args.name}
      .schema=${schemaOf(args)}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-string>`,
} satisfies Meta<StringArgs>;

export default meta;
type Story = StoryObj<StringArgs>;

/** A text of 1 to 64 characters (the Morse code message). */
export const Default: Story = {};

/** Longer than `maxLength`: the input is marked invalid and the message gives the limit. */
export const ErrorState: Story = {
  name: 'Error (too long)',
  args: { maxLength: 8 },
};

/** Shorter than `minLength`. */
export const TooShort: Story = {
  name: 'Error (too short)',
  args: { name: 'rhythm', title: 'edt_eff_rhythm', minLength: 3, value: 'x.', default: 'x..' },
};

/** With an `enum`, the string is chosen in a select box labelled with its enum_titles. */
export const WithEnum: Story = {
  name: 'With enum (select)',
  args: {
    name: 'layout',
    title: 'edt_eff_layout',
    minLength: undefined,
    maxLength: undefined,
    enum: ['gradient', 'blocks'],
    enumTitles: ['edt_eff_enum_gradient', 'edt_eff_enum_blocks'],
    default: 'gradient',
    value: 'blocks',
  },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The error message in the dark theme. */
export const DarkError: Story = {
  args: { maxLength: 8 },
  globals: { theme: 'dark' },
};
