/** The smoothing control block of the spec: three options an effect schema may add. */

/** The smoothing options, keyword for keyword (propertyOrder aside), by option name. */
export const smoothingBlock: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'smoothing-custom-settings': {
    type: 'boolean',
    title: 'edt_eff_smooth_custom',
    default: false,
  },
  'smoothing-time_ms': {
    type: 'integer',
    title: 'edt_eff_smooth_time_ms',
    minimum: 25,
    maximum: 600,
    default: 200,
    append: 'edt_append_ms',
    options: { dependencies: { 'smoothing-custom-settings': true } },
  },
  'smoothing-updateFrequency': {
    type: 'number',
    title: 'edt_eff_smooth_updateFrequency',
    minimum: 1.0,
    maximum: 100.0,
    default: 25.0,
    append: 'edt_append_hz',
    options: { dependencies: { 'smoothing-custom-settings': true } },
  },
};
