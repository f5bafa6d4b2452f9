/**
 * Smoothing configurations: the instance's `smoothing` settings group (valid and complete, as the
 * server hands it over) and an effect's `smoothing-*` arguments, both as a {@link SmoothingConfig}.
 */
import { type Filled, isJsonObject, type SmoothingSettings, withDefaults } from '@glowkit/protocol';
import type { SmoothingConfig } from '../types.js';

/** The range of one of an effect's numeric smoothing options, and whether it is a whole number. */
interface SmoothingRange {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

/**
 * The ranges an effect's own smoothing is held to (the `smoothing` group's): an effect's option
 * schema need not declare the `smoothing-*` options, so nothing else bounds what an effect asks.
 */
const EFFECT_RANGES = {
  timeMs: { min: 1, max: 5000, integer: true },
  updateFrequency: { min: 1, max: 2000, integer: false },
} as const satisfies Record<string, SmoothingRange>;

/**
 * The SmoothingConfig of the instance's `smoothing` group, which the server hands over valid and
 * complete (see protocol's InstanceRunSettings): the keys renamed, nothing checked.
 */
export function smoothingConfigOf(group: Filled<SmoothingSettings>): SmoothingConfig {
  return {
    type: group.type,
    timeMs: group.time_ms,
    updateFrequency: group.updateFrequency,
    interpolationRate: group.interpolationRate,
    decay: group.decay,
    dithering: group.dithering,
    updateDelay: group.updateDelay,
  };
}

/**
 * The `smoothing` group's defaults (its schema's): linear, 150 ms, 25 Hz, interpolation rate
 * 25 Hz, decay 1, no dithering, no delay. Frozen: copy it to change a key.
 */
export const DEFAULT_SMOOTHING: SmoothingConfig = Object.freeze(
  smoothingConfigOf(withDefaults('smoothing', undefined)),
);

/**
 * Settling time an effect gets when it asks for its own smoothing but names no valid time: the
 * default of every bundled effect schema's `smoothing-time_ms`, so the run matches the form.
 */
export const DEFAULT_EFFECT_SMOOTHING_TIME_MS = 200;

/**
 * How much earlier than a full interval an `update()` (or a decay interpolation) still counts as
 * on time: timers run on a coarser clock than `performance.now()`, so a tick can look a fraction
 * of a millisecond early.
 */
export const DUE_SLACK_MS = 1;

/**
 * An effect's own smoothing, from its arguments: only when `smoothing-custom-settings` is `true`.
 * Then a linear smoothing with `smoothing-time_ms` and `smoothing-updateFrequency`, no delay and
 * the defaults for the decay-only keys. Otherwise `undefined`: the instance's smoothing applies.
 *
 * Glowkit difference: Hyperion.ng reads a missing time or frequency as 0 (a zero frequency divides
 * by zero); Glowkit uses the bundled effect schemas' defaults (200 ms, 25 Hz) and clamps values to
 * the ranges of the `smoothing` group. Effect arguments are validated against the effect's
 * schema elsewhere, so nothing is reported here.
 */
export function smoothingFromEffectArgs(args: unknown): SmoothingConfig | undefined {
  if (!isJsonObject(args) || args['smoothing-custom-settings'] !== true) return undefined;
  return {
    ...DEFAULT_SMOOTHING,
    type: 'linear',
    timeMs: effectNumber(
      args['smoothing-time_ms'],
      EFFECT_RANGES.timeMs,
      DEFAULT_EFFECT_SMOOTHING_TIME_MS,
    ),
    updateFrequency: effectNumber(
      args['smoothing-updateFrequency'],
      EFFECT_RANGES.updateFrequency,
      DEFAULT_SMOOTHING.updateFrequency,
    ),
    updateDelay: 0,
  };
}

/** An effect's numeric smoothing option: its default when it is no number, else within `range`. */
function effectNumber(value: unknown, range: SmoothingRange, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const whole = range.integer ? Math.round(value) : value;
  return Math.min(range.max, Math.max(range.min, whole));
}
