import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './integer.js';
import { appendArgType, fieldArgTypes, keyword, keywordsOf } from '../stories-support/args.js';

interface IntegerArgs {
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
  title: 'Elements/Integer',
  component: 'gk-integer',
  args: {
    name: 'min-brightness',
    value: 10,
    disabled: false,
    title: 'edt_eff_minBrightness',
    append: 'edt_append_percent',
    minimum: 0,
    maximum: 100,
    step: 5,
    default: 10,
  },
  argTypes: {
    ...fieldArgTypes,
    append: appendArgType,
    value: { control: 'number' },
    minimum: keyword('number', 'Smallest valid value'),
    maximum: keyword('number', 'Largest valid value'),
    step: keyword('number', 'How far the arrow keys move (never rejects a value)'),
    default: keyword('number', 'The value a new configuration starts with'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-integer
      name=${args.name}
      .schema=${{ type: 'integer', ...keywordsOf(args, keywords) }}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-integer>`,
} satisfies Meta<IntegerArgs>;

export default meta;
type Story = StoryObj<IntegerArgs>;

/** A percentage between 0 and 100 that the arrow keys move in steps of 5. */
export const Default: Story = {};

/** A value above `maximum`: the input is marked invalid and the message says what is allowed. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: 150 },
};

/** A duration in milliseconds without a step, as in the smoothing settings. */
export const Milliseconds: Story = {
  args: {
    name: 'smoothing-time_ms',
    title: 'edt_eff_smooth_time_ms',
    append: 'edt_append_ms',
    minimum: 25,
    maximum: 600,
    step: undefined,
    default: 200,
    value: 200,
  },
};

/** Switched off: the control cannot be changed. */
export const Disabled: Story = {
  args: { disabled: true },
};

/** The dark theme, whatever the toolbar says; the element follows the inherited colour scheme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The error message in the dark theme, where its colour must stay readable. */
export const DarkError: Story = {
  args: { value: -5 },
  globals: { theme: 'dark' },
};
