/**
 * The forms of the settings groups besides `device`: `smoothing`, `color` (its own keys) and one
 * entry of its `channelAdjustment` list, the boot and background effects, and `general`. Bounds
 * are those the server's group checks and the engine apply (smoothing.ts, general.ts,
 * ColorProcessor, BootEffects), so that what a form accepts is saved and used as it is.
 */
import { MAPPING_TYPES } from '@glowkit/engine';
import type { GroupFormSchema } from '@glowkit/protocol';
import { defaultGroup } from '../defaults.js';
import {
  boolean,
  type FormOption,
  form,
  integer,
  number,
  rgb,
  select,
  shownWhen,
  text,
} from './form.js';

const smoothing = form('edt_conf_smooth_heading_title', {
  enable: boolean('edt_conf_general_enable_title', true),
  type: select('edt_conf_smooth_type_title', ['linear', 'decay'], 'linear', [
    'edt_conf_enum_linear',
    'edt_conf_enum_decay',
  ]),
  time_ms: integer('edt_conf_smooth_time_ms_title', 25, 5000, 150, { append: 'edt_append_ms' }),
  updateFrequency: number('edt_conf_smooth_updateFrequency_title', 1, 2000, 25, {
    append: 'edt_append_hz',
  }),
  interpolationRate: shownWhen(
    'type',
    'decay',
    number('edt_conf_smooth_interpolationRate_title', 1, 1000, 25, { append: 'edt_append_hz' }),
  ),
  decay: shownWhen('type', 'decay', number('edt_conf_smooth_decay_title', 1, 20, 1, { step: 0.1 })),
  dithering: shownWhen('type', 'decay', boolean('edt_conf_smooth_dithering_title', false)),
  updateDelay: integer('edt_conf_smooth_updateDelay_title', 0, 2048, 0, {
    append: 'edt_append_frames',
  }),
});

/** The `color` group's own keys; its `channelAdjustment` list has a form per entry (below). */
const color = form('edt_conf_color_heading_title', {
  imageToLedMappingType: select(
    'edt_conf_color_imageToLedMappingType_title',
    MAPPING_TYPES,
    'multicolor_mean',
    MAPPING_TYPES.map((type) => `edt_conf_enum_${type}`),
  ),
  reducedPixelSetFactorFactor: select(
    'edt_conf_color_reducedPixelSetFactorFactor_title',
    ['0', '1', '2', '3'],
    '0',
    ['edt_conf_enum_disabled', 'edt_conf_enum_low', 'edt_conf_enum_medium', 'edt_conf_enum_high'],
  ),
});

const gamma = (title: string): FormOption => number(title, 0.1, 5, 2.2, { step: 0.1 });

/**
 * One entry of `color.channelAdjustment` (the adjustment the `adjustment` command changes until
 * a restart; saving the group keeps it). Gamma stops at 5, as the `adjustment` command's does.
 */
const channelAdjustment = form('edt_conf_color_channelAdjustment_header_itemtitle', {
  id: text('edt_conf_color_id_title', 'default', { minLength: 1, maxLength: 255 }),
  leds: text('edt_conf_color_leds_title', '*', { minLength: 1 }),
  brightness: integer('edt_conf_color_brightness_title', 0, 100, 100, {
    append: 'edt_append_percent',
  }),
  brightnessCompensation: integer('edt_conf_color_brightnessComp_title', 0, 100, 100, {
    append: 'edt_append_percent',
  }),
  gammaRed: gamma('edt_conf_color_gammaRed_title'),
  gammaGreen: gamma('edt_conf_color_gammaGreen_title'),
  gammaBlue: gamma('edt_conf_color_gammaBlue_title'),
  backlightThreshold: number('edt_conf_color_backlightThreshold_title', 0, 100, 0, {
    append: 'edt_append_percent',
  }),
  backlightColored: boolean('edt_conf_color_backlightColored_title', false),
  saturationGain: number('edt_conf_color_saturationGain_title', 0, 10, 1, { step: 0.1 }),
  brightnessGain: number('edt_conf_color_brightnessGain_title', 0.1, 10, 1, { step: 0.1 }),
  temperature: integer('edt_conf_color_temperature_title', 1000, 40000, 6600, {
    step: 100,
    append: 'edt_append_kelvin',
  }),
  white: rgb('edt_conf_color_white_title', [255, 255, 255]),
  red: rgb('edt_conf_color_red_title', [255, 0, 0]),
  green: rgb('edt_conf_color_green_title', [0, 255, 0]),
  blue: rgb('edt_conf_color_blue_title', [0, 0, 255]),
  cyan: rgb('edt_conf_color_cyan_title', [0, 255, 255]),
  magenta: rgb('edt_conf_color_magenta_title', [255, 0, 255]),
  yellow: rgb('edt_conf_color_yellow_title', [255, 255, 0]),
});

const general = form('edt_conf_gen_heading_title', {
  name: text('edt_conf_gen_name_title', 'My Glowkit Config', { minLength: 4, maxLength: 20 }),
});

type Rgb = [number, number, number];

/**
 * The boot (`foregroundEffect`) or background (`backgroundEffect`) effect: a colour or one of the
 * effects the server has now (a select of their names, which are not translated).
 */
function bootForm(group: 'foregroundEffect' | 'backgroundEffect', effects: readonly string[]) {
  const defaults = defaultGroup(group) as { color: Rgb; effect: string };
  const effect: FormOption =
    effects.length === 0
      ? text('edt_conf_fge_effect_title', defaults.effect)
      : {
          type: 'string',
          title: 'edt_conf_fge_effect_title',
          enum: [...effects],
          default: effects.includes(defaults.effect) ? defaults.effect : effects[0],
        };
  const foreground = group === 'foregroundEffect';
  return form(foreground ? 'edt_conf_fge_heading_title' : 'edt_conf_bge_heading_title', {
    enable: boolean('edt_conf_general_enable_title', foreground),
    type: select('edt_conf_fge_type_title', ['color', 'effect'], 'effect', [
      'edt_conf_enum_color',
      'edt_conf_enum_effect',
    ]),
    color: shownWhen('type', 'color', rgb('edt_conf_fge_color_title', defaults.color)),
    effect: shownWhen('type', 'effect', effect),
    ...(foreground
      ? {
          duration_ms: integer('edt_conf_fge_duration_ms_title', 100, 3_600_000, 3000, {
            step: 100,
            append: 'edt_append_ms',
          }),
        }
      : {}),
  });
}

/**
 * The forms of the groups, by name. `channelAdjustment` is one entry of `color.channelAdjustment`
 * (the group holds a list; a UI edits the entries with this form and saves `color` whole).
 * `effects`: the names of the effects the boot and background effect may run.
 */
export function groupForms(effects: readonly string[]): Record<string, GroupFormSchema> {
  return {
    smoothing,
    color,
    channelAdjustment,
    foregroundEffect: bootForm('foregroundEffect', effects),
    backgroundEffect: bootForm('backgroundEffect', effects),
    general,
  };
}
