import { smoothingBlock } from '@glowkit/effect-schema/values';
import type { ArgTypes, Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './smoothing.js';
import { keyword } from '../stories-support/args.js';

interface SmoothingArgs {
  disabled: boolean;
  /** Value of `smoothing-custom-settings`. */
  custom: boolean;
  /** Value of `smoothing-time_ms`. */
  time: number | undefined;
  /** Value of `smoothing-updateFrequency`. */
  frequency: number | undefined;
  timeMinimum: number;
  timeMaximum: number;
  frequencyMinimum: number;
  frequencyMaximum: number;
}

const time = smoothingBlock['smoothing-time_ms'] ?? {};
const frequency = smoothingBlock['smoothing-updateFrequency'] ?? {};

/** Properties the render sets from the args and the toolbar's locale, and read-only state. */
const setByRender: ArgTypes = {
  values: { control: false },
  schemas: { control: false },
  translator: { control: false },
  value: { control: false },
  valid: { control: false },
  invalidOptions: { control: false },
};

const meta = {
  title: 'Elements/Smoothing',
  component: 'gk-smoothing',
  args: {
    disabled: false,
    custom: false,
    time: 200,
    frequency: 25,
    timeMinimum: 25,
    timeMaximum: 600,
    frequencyMinimum: 1,
    frequencyMaximum: 100,
  },
  argTypes: {
    disabled: { control: 'boolean' },
    ...setByRender,
    custom: { control: 'boolean', description: 'Value of `smoothing-custom-settings`' },
    time: { control: 'number', description: 'Value of `smoothing-time_ms` (ms)' },
    frequency: { control: 'number', description: 'Value of `smoothing-updateFrequency` (Hz)' },
    timeMinimum: keyword('number', '`minimum` of smoothing-time_ms (spec: 25)'),
    timeMaximum: keyword('number', '`maximum` of smoothing-time_ms (spec: 600)'),
    frequencyMinimum: keyword('number', '`minimum` of smoothing-updateFrequency (spec: 1.0)'),
    frequencyMaximum: keyword('number', '`maximum` of smoothing-updateFrequency (spec: 100.0)'),
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-smoothing
      .schemas=${{
        ...smoothingBlock,
        'smoothing-time_ms': { ...time, minimum: args.timeMinimum, maximum: args.timeMaximum },
        'smoothing-updateFrequency': {
          ...frequency,
          minimum: args.frequencyMinimum,
          maximum: args.frequencyMaximum,
        },
      }}
      .values=${{
        'smoothing-custom-settings': args.custom,
        'smoothing-time_ms': args.time,
        'smoothing-updateFrequency': args.frequency,
      }}
      .translator=${translator}
      ?disabled=${args.disabled}
    ></gk-smoothing>`,
} satisfies Meta<SmoothingArgs>;

export default meta;
type Story = StoryObj<SmoothingArgs>;

/** Smoothing off, as effects start: only the checkbox is shown. */
export const Default: Story = {};

/** Custom smoothing on: the duration and the update rate appear with their units. */
export const Custom: Story = {
  args: { custom: true },
};

/** A duration above the maximum: the block is invalid while the field is shown. */
export const ErrorState: Story = {
  name: 'Error',
  args: { custom: true, time: 700 },
};

/** Switched off: no control can be changed. */
export const Disabled: Story = {
  args: { custom: true, disabled: true },
};

/** The dark theme, whatever the toolbar says. */
export const Dark: Story = {
  args: { custom: true },
  globals: { theme: 'dark' },
};
