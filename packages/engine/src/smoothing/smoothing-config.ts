/**
 * Reading smoothing configurations: the instance's `smoothing` settings group and an effect's
 * `smoothing-*` arguments, both turned into a complete {@link SmoothingConfig}. Bad values never
 * throw: they fall back to a default or are clamped, and the settings reader says so in a warning.
 */
import { isJsonObject } from '@glowkit/protocol';
import type { SmoothingConfig, SmoothingType } from '../types.js';

/** The range of one numeric smoothing key, and whether it must be a whole number. */
export interface SmoothingRange {
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
}

/** The accepted ranges of the numeric keys (Hyperion.ng's `schema-smoothing.json`). */
export const SMOOTHING_RANGES: Readonly<
  Record<
    'timeMs' | 'updateFrequency' | 'interpolationRate' | 'decay' | 'updateDelay',
    SmoothingRange
  >
> = Object.freeze({
  timeMs: { min: 1, max: 5000, integer: true },
  updateFrequency: { min: 1, max: 2000, integer: false },
  interpolationRate: { min: 1, max: 1000, integer: false },
  decay: { min: 1, max: 20, integer: false },
  updateDelay: { min: 0, max: 2048, integer: true },
});

/**
 * The shipped defaults (Hyperion.ng's `hyperion.settings.json.default`): linear, 150 ms, 25 Hz,
 * interpolation rate 25 Hz, decay 1, no dithering, no delay. Frozen: copy it to change a key.
 */
export const DEFAULT_SMOOTHING: SmoothingConfig = Object.freeze({
  type: 'linear',
  timeMs: 150,
  updateFrequency: 25,
  interpolationRate: 25,
  decay: 1,
  dithering: false,
  updateDelay: 0,
});

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

/** The instance's smoothing settings, read. */
export interface SmoothingSettings {
  /** The group's `enable` (true when missing). */
  enabled: boolean;
  /** Every key resolved; defaults where the group had nothing usable. */
  config: SmoothingConfig;
  /** One line per key that was invalid or out of range, saying what was used instead. */
  warnings: string[];
}

const TYPES: readonly SmoothingType[] = ['linear', 'decay'];

/** The settings group's key for each numeric field, in the group's own spelling. */
const SETTINGS_KEYS = {
  timeMs: 'time_ms',
  updateFrequency: 'updateFrequency',
  interpolationRate: 'interpolationRate',
  decay: 'decay',
  updateDelay: 'updateDelay',
} as const;

/**
 * Reads the instance's `smoothing` settings group. Missing keys take the defaults silently; a key
 * of the wrong type takes its default, a number out of range is clamped, a fraction where a whole
 * number belongs is rounded — each with one warning naming the key (`smoothing.time_ms: …`).
 *
 * Glowkit difference: Hyperion.ng turns a non-integral `time_ms` or `updateDelay` into the code
 * default and does not clamp; Glowkit rounds and clamps, because that is what was meant.
 */
export function smoothingFromSettings(group: unknown): SmoothingSettings {
  const warnings: string[] = [];
  const config: SmoothingConfig = { ...DEFAULT_SMOOTHING };
  let enabled = true;
  if (group === undefined || group === null) return { enabled, config, warnings };
  if (!isJsonObject(group)) {
    warnings.push(
      `smoothing: expected an object, got ${describe(group)}; using the default smoothing settings.`,
    );
    return { enabled, config, warnings };
  }

  enabled = readBoolean(group, 'enable', true, warnings);
  config.dithering = readBoolean(group, 'dithering', DEFAULT_SMOOTHING.dithering, warnings);

  const type = group.type;
  if (type !== undefined) {
    if (typeof type === 'string' && (TYPES as readonly string[]).includes(type)) {
      config.type = type as SmoothingType;
    } else {
      warnings.push(
        `smoothing.type: ${describe(type)} is not one of ${TYPES.join(', ')}; using "${DEFAULT_SMOOTHING.type}".`,
      );
    }
  }

  for (const field of Object.keys(SETTINGS_KEYS) as (keyof typeof SETTINGS_KEYS)[]) {
    const key = SETTINGS_KEYS[field];
    config[field] = readNumber(
      group[key],
      `smoothing.${key}`,
      SMOOTHING_RANGES[field],
      DEFAULT_SMOOTHING[field],
      warnings,
    );
  }
  return { enabled, config, warnings };
}

/**
 * An effect's own smoothing, from its arguments: only when `smoothing-custom-settings` is `true`.
 * Then a linear smoothing with `smoothing-time_ms` and `smoothing-updateFrequency`, no delay and
 * the defaults for the decay-only keys. Otherwise `undefined`: the instance's smoothing applies.
 *
 * Glowkit difference: Hyperion.ng reads a missing time or frequency as 0 (a zero frequency divides
 * by zero); Glowkit uses the bundled effect schemas' defaults (200 ms, 25 Hz) and clamps values to
 * the ranges of {@link SMOOTHING_RANGES}. Effect arguments are validated against the effect's
 * schema elsewhere, so nothing is reported here.
 */
export function smoothingFromEffectArgs(args: unknown): SmoothingConfig | undefined {
  if (!isJsonObject(args) || args['smoothing-custom-settings'] !== true) return undefined;
  const ignored: string[] = [];
  return {
    ...DEFAULT_SMOOTHING,
    type: 'linear',
    timeMs: readNumber(
      args['smoothing-time_ms'],
      'smoothing-time_ms',
      SMOOTHING_RANGES.timeMs,
      DEFAULT_EFFECT_SMOOTHING_TIME_MS,
      ignored,
    ),
    updateFrequency: readNumber(
      args['smoothing-updateFrequency'],
      'smoothing-updateFrequency',
      SMOOTHING_RANGES.updateFrequency,
      DEFAULT_SMOOTHING.updateFrequency,
      ignored,
    ),
    updateDelay: 0,
  };
}

/**
 * A copy of `config` that is safe to run: numbers clamped into {@link SMOOTHING_RANGES} (whole
 * numbers rounded), anything unusable replaced by its default. Used by `createSmoothing`, so a
 * configuration built by hand cannot stall or overflow the smoothing.
 */
export function sanitizeSmoothingConfig(config: SmoothingConfig): SmoothingConfig {
  const ignored: string[] = [];
  const safe: SmoothingConfig = {
    ...DEFAULT_SMOOTHING,
    type: TYPES.includes(config.type) ? config.type : DEFAULT_SMOOTHING.type,
    dithering: config.dithering === true,
  };
  for (const field of Object.keys(SETTINGS_KEYS) as (keyof typeof SETTINGS_KEYS)[]) {
    safe[field] = readNumber(
      config[field],
      field,
      SMOOTHING_RANGES[field],
      DEFAULT_SMOOTHING[field],
      ignored,
    );
  }
  return safe;
}

function readNumber(
  value: unknown,
  where: string,
  range: SmoothingRange,
  fallback: number,
  warnings: string[],
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    warnings.push(`${where}: ${describe(value)} is not a number; using the default ${fallback}.`);
    return fallback;
  }
  let result = value;
  if (range.integer && !Number.isInteger(result)) {
    result = Math.round(result);
    warnings.push(`${where}: ${value} is not a whole number; using ${result}.`);
  }
  if (result < range.min || result > range.max) {
    const clamped = Math.min(range.max, Math.max(range.min, result));
    warnings.push(`${where}: ${result} is outside ${range.min}..${range.max}; using ${clamped}.`);
    result = clamped;
  }
  return result;
}

function readBoolean(
  group: Record<string, unknown>,
  key: string,
  fallback: boolean,
  warnings: string[],
): boolean {
  const value = group[key];
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  warnings.push(`smoothing.${key}: ${describe(value)} is not true or false; using ${fallback}.`);
  return fallback;
}

/** A short rendering of a bad value for a warning line. */
function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
