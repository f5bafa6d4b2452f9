import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './checkbox.js';
import { fieldArgTypes, keyword, keywordsOf } from '../stories-support/args.js';

interface CheckboxArgs {
  name: string;
  value: boolean | undefined;
  disabled: boolean;
  title: string;
  default: boolean | undefined;
}

const keywords = ['title', 'default'] as const;

const meta = {
  title: 'Elements/Checkbox',
  component: 'gk-checkbox',
  args: {
    name: 'reverse',
    value: false,
    disabled: false,
    title: 'edt_eff_reverse',
    default: false,
  },
  argTypes: {
    ...fieldArgTypes,
    value: { control: 'boolean' },
    default: keyword('boolean', 'The value a new configuration starts with'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-checkbox
      name=${args.name}
      .schema=${{ type: 'boolean', ...keywordsOf(args, keywords) }}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-checkbox>`,
} satisfies Meta<CheckboxArgs>;

export default meta;
type Story = StoryObj<CheckboxArgs>;

/** An unchecked option with its translated label after the box. */
export const Default: Story = {};

/** Checked. */
export const Checked: Story = {
  args: { name: 'show-seconds', title: 'edt_eff_showSeconds', value: true, default: true },
};

/** No value at all (e.g. a configuration missing the option): marked invalid. */
export const ErrorState: Story = {
  name: 'Error',
  args: { value: undefined },
};

/** Switched off: the box cannot be changed. */
export const Disabled: Story = {
  args: { disabled: true },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  args: { value: true },
  globals: { theme: 'dark' },
};
