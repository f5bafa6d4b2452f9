import type { OptionSchema } from '@glowkit/effect-schema/values';
import type { ArgTypes, Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './array.js';
import '../checkbox/checkbox.js';
import '../color-picker/color-picker.js';
import '../integer/integer.js';
import '../number/number.js';
import '../select/select.js';
import '../string/string.js';
import { keyword } from '../stories-support/args.js';

/** The kinds of item the `items` control offers, with the item schema of each. */
const itemSchemas = {
  'integer (hour 0–11)': { type: 'integer', title: 'edt_eff_hour', minimum: 0, maximum: 11 },
  'number (seconds)': {
    type: 'number',
    minimum: 0,
    maximum: 10,
    step: 0.5,
    append: 'edt_append_s',
  },
  string: { type: 'string', minLength: 1 },
  'select (waveform)': {
    type: 'string',
    enum: ['sine', 'triangle', 'sawtooth'],
    options: {
      enum_titles: ['edt_eff_enum_sine', 'edt_eff_enum_triangle', 'edt_eff_enum_sawtooth'],
    },
  },
  checkbox: { type: 'boolean' },
  'RGB colour': {
    type: 'array',
    title: 'edt_eff_color',
    format: 'colorpicker',
    default: [255, 255, 255],
    items: { type: 'integer', minimum: 0, maximum: 255 },
    minItems: 3,
    maxItems: 3,
  },
  'list of strings': { type: 'array', maxItems: 3, items: { type: 'string' } },
} satisfies Record<string, OptionSchema>;

type ItemKind = keyof typeof itemSchemas;

interface ArrayArgs {
  name: string;
  value: unknown[] | undefined;
  disabled: boolean;
  title: string;
  items: ItemKind;
  minItems: number | undefined;
  maxItems: number | undefined;
  uniqueItems: boolean;
  default: unknown[] | undefined;
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

/** The option schema the args describe. */
function schemaOf(args: ArrayArgs): OptionSchema {
  const schema: OptionSchema = { type: 'array', items: itemSchemas[args.items] };
  if (args.title) schema.title = args.title;
  if (typeof args.minItems === 'number') schema.minItems = args.minItems;
  if (typeof args.maxItems === 'number') schema.maxItems = args.maxItems;
  if (args.uniqueItems) schema.uniqueItems = true;
  if (args.default !== undefined) schema.default = args.default;
  return schema;
}

const meta = {
  title: 'Elements/Array',
  component: 'gk-array',
  args: {
    name: 'marker-hours',
    value: [0, 3, 6, 9],
    disabled: false,
    title: 'edt_eff_markerHours',
    items: 'integer (hour 0–11)',
    minItems: 0,
    maxItems: 12,
    uniqueItems: true,
    default: [0, 3, 6, 9],
  },
  argTypes: {
    name: { control: 'text' },
    value: { control: 'object' },
    disabled: { control: 'boolean' },
    ...setByRender,
    title: { ...schemaKeyword, control: 'text', description: 'Placeholder of the label' },
    items: {
      ...schemaKeyword,
      control: 'select',
      options: Object.keys(itemSchemas),
      description: 'The item schema: any element kind, lists included',
    },
    minItems: { ...schemaKeyword, control: 'number', description: 'Fewest items' },
    maxItems: {
      ...schemaKeyword,
      control: 'number',
      description: 'Most items: the add button is disabled there',
    },
    uniqueItems: {
      ...schemaKeyword,
      control: 'boolean',
      description: 'Whether an item may not repeat another',
    },
    default: keyword('object', 'The list a new configuration starts with (required for lists)'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-array
      name=${args.name}
      .schema=${schemaOf(args)}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-array>`,
} satisfies Meta<ArrayArgs>;

export default meta;
type Story = StoryObj<ArrayArgs>;

/** The ring clock's marked hours: whole numbers 0–11, each at most once. */
export const Default: Story = {};

/** The comet's trail colours: a list whose items are RGB colour pickers. */
export const ListOfColours: Story = {
  args: {
    name: 'trail-colors',
    title: 'edt_eff_trailColors',
    items: 'RGB colour',
    value: [
      [255, 170, 0],
      [200, 0, 80],
      [40, 0, 90],
    ],
    minItems: 1,
    maxItems: 8,
    uniqueItems: false,
    default: [
      [255, 170, 0],
      [200, 0, 80],
      [40, 0, 90],
    ],
  },
};

/** At `maxItems`: the add button is disabled; removing below `minItems` shows a message. */
export const WithLimits: Story = {
  args: { value: [0, 3, 6, 9], minItems: 2, maxItems: 4 },
};

/** A repeated hour with `uniqueItems` and an item out of range: the list and the item explain. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: [3, 6, 3, 14] },
};

/** No items: the list says so, and the add button starts it. */
export const Empty: Story = {
  args: { value: [] },
};

/** Lists in a list: each item is itself a list of strings with its own buttons. */
export const Nested: Story = {
  args: {
    name: 'groups',
    title: 'edt_eff_colors',
    items: 'list of strings',
    value: [['red', 'green'], ['blue']],
    minItems: undefined,
    maxItems: undefined,
    uniqueItems: false,
    default: [['red', 'green'], ['blue']],
  },
};

/** Switched off: no item can be edited, added, moved or removed. */
export const Disabled: Story = {
  args: { disabled: true },
};

/** The dark theme, with an error, whose colours must stay readable. */
export const DarkError: Story = {
  args: { value: [3, 3] },
  globals: { theme: 'dark' },
};
