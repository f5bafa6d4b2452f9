import type { ArgTypes, Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './color-picker-rgba.js';
import { fieldArgTypes, keyword, keywordsOf } from '../stories-support/args.js';

interface ColorPickerRgbaArgs {
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
  title: 'Elements/Color picker RGBA',
  component: 'gk-color-picker-rgba',
  args: {
    name: 'star-color',
    value: [255, 200, 80, 1],
    disabled: false,
    title: 'edt_eff_starColor',
    default: [255, 255, 255, 1],
  },
  argTypes: {
    ...fieldArgTypes,
    ...noUnit,
    value: { control: 'object', description: '`[r, g, b, a]`: integers 0..255, alpha 0..1' },
    default: keyword('object', 'The colour a new configuration starts with, `[r, g, b, a]`'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-color-picker-rgba
      name=${args.name}
      .schema=${{
        type: 'array',
        format: 'colorpickerRGBA',
        minItems: 4,
        maxItems: 4,
        ...keywordsOf(args, keywords),
      }}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-color-picker-rgba>`,
} satisfies Meta<ColorPickerRgbaArgs>;

export default meta;
type Story = StoryObj<ColorPickerRgbaArgs>;

/** An opaque warm white: the slider at the right end, alpha 1. */
export const Default: Story = {};

/** Half transparent: the swatch shows the colour over its checkerboard. */
export const HalfTransparent: Story = {
  args: { value: [0, 128, 255, 0.5] },
};

/** An alpha above 1: the alpha slider and input are marked invalid, with the message. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: [0, 128, 255, 1.5] },
};

/** Switched off: no control can be changed. */
export const Disabled: Story = {
  args: { disabled: true, value: [0, 128, 255, 0.5] },
};

/** The dark theme: the checkerboard uses darker squares. */
export const Dark: Story = {
  args: { value: [0, 128, 255, 0.5] },
  globals: { theme: 'dark' },
};
