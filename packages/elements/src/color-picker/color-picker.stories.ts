import type { ArgTypes, Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './color-picker.js';
import { fieldArgTypes, keyword, keywordsOf } from '../stories-support/args.js';

interface ColorPickerArgs {
  name: string;
  value: number[] | undefined;
  disabled: boolean;
  title: string;
  default: number[] | undefined;
}

const keywords = ['title', 'default'] as const;

/** A colour has no unit: the shared `append` control is hidden. */
const noUnit: ArgTypes = { append: { table: { disable: true } } };

const meta = {
  title: 'Elements/Color picker',
  component: 'gk-color-picker',
  args: {
    name: 'color',
    value: [255, 128, 0],
    disabled: false,
    title: 'edt_eff_color',
    default: [255, 0, 0],
  },
  argTypes: {
    ...fieldArgTypes,
    ...noUnit,
    value: { control: 'object', description: '`[r, g, b]`, integers 0..255' },
    default: keyword('object', 'The colour a new configuration starts with, `[r, g, b]`'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-color-picker
      name=${args.name}
      .schema=${{
        type: 'array',
        format: 'colorpicker',
        items: { type: 'integer', minimum: 0, maximum: 255 },
        minItems: 3,
        maxItems: 3,
        ...keywordsOf(args, keywords),
      }}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-color-picker>`,
} satisfies Meta<ColorPickerArgs>;

export default meta;
type Story = StoryObj<ColorPickerArgs>;

/** An orange: the swatch (click it for the browser's picker) and the R, G, B inputs agree. */
export const Default: Story = {};

/** No value: the schema's default is shown. */
export const FromDefault: Story = {
  args: { value: undefined, default: [0, 96, 255] },
};

/** A green channel above 255: that input is marked invalid and the message names it. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: [255, 300, 0] },
};

/** Switched off: no control can be changed. */
export const Disabled: Story = {
  args: { disabled: true },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** White on white and black on black: the swatch's frame keeps each in sight, in either theme. */
export const LikeThePage: Story = {
  name: 'Like the page',
  render: (args, context) =>
    html`<div style="color-scheme: light; background: #fff; color: #1d2330; padding: 0.5rem">
        ${meta.render({ ...args, value: [255, 255, 255] }, context)}
      </div>
      <div style="color-scheme: dark; background: #000; color: #e8ecf4; padding: 0.5rem">
        ${meta.render({ ...args, value: [0, 0, 0] }, context)}
      </div>`,
};
