import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './number.js';
import { appendArgType, fieldArgTypes, keyword, keywordsOf } from '../stories-support/args.js';

interface NumberArgs {
  name: string;
  value: number | undefined;
  disabled: boolean;
  title: string;
  append: string;
  minimum: number | undefined;
  maximum: number | undefined;
  step: number | undefined;
  default: number | undefined;
}

const keywords = ['title', 'append', 'minimum', 'maximum', 'step', 'default'] as const;

const meta = {
  title: 'Elements/Number',
  component: 'gk-number',
  args: {
    name: 'period',
    value: 4,
    disabled: false,
    title: 'edt_eff_period',
    append: 'edt_append_s',
    minimum: 0.5,
    maximum: 30,
    step: 0.1,
    default: 4,
  },
  argTypes: {
    ...fieldArgTypes,
    append: appendArgType,
    value: { control: { type: 'number', step: 0.1 } },
    minimum: keyword('number', 'Smallest valid value'),
    maximum: keyword('number', 'Largest valid value'),
    step: keyword('number', 'How far the arrow keys move (default 1.0; never rejects a value)'),
    default: keyword('number', 'The value a new configuration starts with'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-number
      name=${args.name}
      .schema=${{ type: 'number', ...keywordsOf(args, keywords) }}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-number>`,
} satisfies Meta<NumberArgs>;

export default meta;
type Story = StoryObj<NumberArgs>;

/** Seconds between 0.5 and 30 that the arrow keys move in tenths. */
export const Default: Story = {};

/** A value below `minimum`: the input is marked invalid and the message says what is allowed. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: 0.2 },
};

/** A frequency in hertz with the default step of 1.0 (decimals are still valid). */
export const Frequency: Story = {
  args: {
    name: 'smoothing-updateFrequency',
    title: 'edt_eff_smooth_updateFrequency',
    append: 'edt_append_hz',
    minimum: 1,
    maximum: 100,
    step: undefined,
    default: 25,
    value: 25.5,
  },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The error message in the dark theme. */
export const DarkError: Story = {
  args: { value: 31 },
  globals: { theme: 'dark' },
};
