import type { OptionSchema } from '@glowkit/effect-schema/values';
import type { ArgTypes, Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './multiselect.js';

interface MultiselectArgs {
  name: string;
  value: string[] | undefined;
  disabled: boolean;
  title: string;
  enum: string[];
  enum_titles: string[];
  minItems: number | undefined;
  maxItems: number | undefined;
}

const schemaKeyword = { table: { category: 'schema keywords' } } as const;

/** Properties the render sets (from the keyword args and the toolbar), or read-only state. */
const setByRender: ArgTypes = {
  schema: { control: false },
  translator: { control: false },
  labelText: { control: false },
  issues: { control: false },
  valid: { control: false },
  validationMessage: { control: false },
};

/** The option schema the args describe: a string enum as items, each value at most once. */
function schemaOf(args: MultiselectArgs): OptionSchema {
  const items: OptionSchema = { type: 'string', enum: args.enum };
  if (args.enum_titles.length > 0) items.options = { enum_titles: args.enum_titles };
  const schema: OptionSchema = { type: 'array', uniqueItems: true, items };
  if (args.title) schema.title = args.title;
  if (typeof args.minItems === 'number') schema.minItems = args.minItems;
  if (typeof args.maxItems === 'number') schema.maxItems = args.maxItems;
  return schema;
}

const meta = {
  title: 'Elements/Multiselect',
  component: 'gk-multiselect',
  args: {
    name: 'palettes',
    value: ['ocean', 'lava'],
    disabled: false,
    title: 'edt_eff_palettes',
    enum: ['sunset', 'ocean', 'forest', 'candy', 'ice', 'lava', 'aurora', 'pastel'],
    enum_titles: [
      'edt_eff_enum_sunset',
      'edt_eff_enum_ocean',
      'edt_eff_enum_forest',
      'edt_eff_enum_candy',
      'edt_eff_enum_ice',
      'edt_eff_enum_lava',
      'edt_eff_enum_aurora',
      'edt_eff_enum_pastel',
    ],
    minItems: undefined,
    maxItems: undefined,
  },
  argTypes: {
    name: { control: 'text' },
    value: { control: 'object' },
    disabled: { control: 'boolean' },
    ...setByRender,
    title: { ...schemaKeyword, control: 'text', description: 'Placeholder of the label' },
    enum: { ...schemaKeyword, control: 'object', description: 'items.enum: the values offered' },
    enum_titles: {
      ...schemaKeyword,
      control: 'object',
      description: 'items.options.enum_titles: placeholders of the checkbox labels',
    },
    minItems: { ...schemaKeyword, control: 'number', description: 'Fewest values to choose' },
    maxItems: { ...schemaKeyword, control: 'number', description: 'Most values to choose' },
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-multiselect
      name=${args.name}
      .schema=${schemaOf(args)}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-multiselect>`,
} satisfies Meta<MultiselectArgs>;

export default meta;
type Story = StoryObj<MultiselectArgs>;

/** The palette cycle's palettes: any number of them, in the order they are offered. */
export const Default: Story = {};

/** No value (a multiselect needs no default): nothing is chosen, and that is valid. */
export const NothingChosen: Story = {
  args: { value: undefined },
};

/** At least one and at most three palettes, with three chosen. */
export const WithLimits: Story = {
  args: { value: ['sunset', 'ocean', 'ice'], minItems: 1, maxItems: 3 },
};

/** More palettes chosen than `maxItems` allows: the group is marked invalid and says why. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: ['sunset', 'ocean', 'ice'], maxItems: 2 },
};

/** Switched off: no checkbox can be changed. */
export const Disabled: Story = {
  args: { disabled: true },
};

/** The dark theme, with the `minItems` message. */
export const DarkError: Story = {
  args: { value: [], minItems: 1 },
  globals: { theme: 'dark' },
};
