import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import './effect-form.js';

/** The bundled effects' option schemas, by file name. */
const effects = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('../../../../effects/schema/*.schema.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, schema]) => [
    (path.split('/').pop() as string).replace('.schema.json', ''),
    schema,
  ]),
);

interface FormArgs {
  effect: string;
  schema?: Record<string, unknown>;
  value?: Record<string, unknown>;
  disabled: boolean;
  heading: boolean;
}

const meta = {
  title: 'Forms/Effect form',
  component: 'gk-effect-form',
  tags: ['autodocs'],
  args: { effect: 'comet', disabled: false, heading: true },
  argTypes: {
    effect: {
      control: 'select',
      options: Object.keys(effects).sort(),
      description: 'Which bundled effect to show (ignored when a story gives its own schema)',
    },
    disabled: { control: 'boolean' },
    heading: { control: 'boolean', description: "Show the effect's translated title" },
    schema: { control: false },
    value: { control: 'object', description: "Initial args (merged over the schema's defaults)" },
  },
  render: (args, { loaded: { translator } }) =>
    html`<gk-effect-form
      .schema=${args.schema ?? effects[args.effect]}
      .value=${args.value}
      .translator=${translator}
      ?disabled=${args.disabled}
      ?heading=${args.heading}
      @change=${(e: CustomEvent) => console.info('change', e.detail.value)}
    ></gk-effect-form>`,
} satisfies Meta<FormArgs>;

export default meta;
type Story = StoryObj<FormArgs>;

/** Comet: colours, a list of colours, a dependency chain (sparkle → sparkle mode → sparkle colour) and smoothing. */
export const Comet: Story = { args: { effect: 'comet' } };
export const Chase: Story = { args: { effect: 'chase' } };
export const Clock: Story = { args: { effect: 'clock' } };
export const Fire: Story = { args: { effect: 'fire' } };
export const Morse: Story = { args: { effect: 'morse' } };
/** Palettes: a multiselect without a default. */
export const Palettes: Story = { args: { effect: 'palettes' } };
export const Pulse: Story = { args: { effect: 'pulse' } };
export const Rainbow: Story = { args: { effect: 'rainbow' } };
export const Scanner: Story = { args: { effect: 'scanner' } };
export const Strobe: Story = { args: { effect: 'strobe' } };
/** Twinkle: an RGBA colour shown only while random colours are off. */
export const Twinkle: Story = { args: { effect: 'twinkle' } };

/** Toggle the checkboxes to show and hide the options that depend on them, chains included. */
export const Dependencies: Story = {
  args: {
    schema: {
      type: 'object',
      script: 'demo.py',
      title: 'edt_eff_comet_header',
      properties: {
        sparkle: { type: 'boolean', title: 'edt_eff_sparkle', default: true, propertyOrder: 1 },
        'sparkle-mode': {
          type: 'string',
          title: 'edt_eff_sparkleMode',
          enum: ['random', 'custom'],
          default: 'custom',
          options: {
            dependencies: { sparkle: true },
            enum_titles: ['edt_eff_enum_random', 'edt_eff_enum_custom'],
          },
          propertyOrder: 2,
        },
        'sparkle-color': {
          type: 'array',
          title: 'edt_eff_sparkleColor',
          format: 'colorpicker',
          default: [180, 220, 255],
          items: { type: 'integer', minimum: 0, maximum: 255 },
          minItems: 3,
          maxItems: 3,
          options: { dependencies: { 'sparkle-mode': 'custom' } },
          propertyOrder: 3,
        },
      },
    },
  },
};

/** Values that break the schema: every message shows beside its field, in the chosen language. */
export const ErrorState: Story = {
  name: 'Error',
  args: {
    effect: 'comet',
    value: { 'trail-length': 500, 'head-color': [300, 0, 0], 'trail-colors': [] },
  },
};

/** The dark theme: the elements follow the inherited color-scheme. */
export const Dark: Story = { args: { effect: 'twinkle' }, globals: { theme: 'dark' } };

/** Disabled: nothing can be changed. */
export const Disabled: Story = { args: { effect: 'pulse', disabled: true } };
