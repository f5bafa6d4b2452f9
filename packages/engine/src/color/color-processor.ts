import type { AdjustmentInfo, ColorSettings, Filled } from '@glowkit/protocol';
import { type EngineError, type EngineResult, failed } from '../errors.js';
import { TEMPERATURE_MAX, TEMPERATURE_MIN } from './kelvin.js';
import { RgbTransform } from './rgb-transform.js';

type Triple = [number, number, number];

/** One entry of the `color` group's `channelAdjustment`, complete. */
type ChannelAdjustmentEntry = Filled<ColorSettings>['channelAdjustment'][number];

/**
 * One colour adjustment: an entry of the `color` group's `channelAdjustment`. Its keys come in the order of Hyperion.ng's serverinfo `adjustment` entries, so the
 * objects can be sent as they are; `leds` (not in ng's serverinfo) comes last.
 */
export type Adjustment = AdjustmentInfo;

const TRIPLE_KEYS = ['white', 'red', 'green', 'blue', 'cyan', 'magenta', 'yellow'] as const;

/** The numeric keys the `adjustment` command may change: range, and whether it must be whole. */
const NUMBER_KEYS: Readonly<Record<string, { min: number; max: number; integer: boolean }>> = {
  backlightThreshold: { min: 0, max: 100, integer: false },
  brightness: { min: 0, max: 100, integer: true },
  brightnessCompensation: { min: 0, max: 100, integer: true },
  gammaRed: { min: 0.1, max: 100, integer: false },
  gammaGreen: { min: 0.1, max: 100, integer: false },
  gammaBlue: { min: 0.1, max: 100, integer: false },
  saturationGain: { min: 0, max: 10, integer: false },
  brightnessGain: { min: 0.1, max: 10, integer: false },
  temperature: { min: TEMPERATURE_MIN, max: TEMPERATURE_MAX, integer: true },
};

/** Every key the `adjustment` command may change. */
const PATCHABLE = new Set<string>([
  ...TRIPLE_KEYS,
  ...Object.keys(NUMBER_KEYS),
  'backlightColored',
]);

const isTriple = (value: unknown): value is Triple =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every((c) => typeof c === 'number' && Number.isInteger(c) && c >= 0 && c <= 255);

/** The entry of the `color` group that an adjustment runs, in serverinfo's key order (unknown keys left out). */
function adjustmentOf(entry: ChannelAdjustmentEntry): Adjustment {
  const triple = (value: Triple): Triple => [value[0], value[1], value[2]];
  return {
    id: entry.id,
    white: triple(entry.white),
    red: triple(entry.red),
    green: triple(entry.green),
    blue: triple(entry.blue),
    cyan: triple(entry.cyan),
    magenta: triple(entry.magenta),
    yellow: triple(entry.yellow),
    backlightThreshold: entry.backlightThreshold,
    backlightColored: entry.backlightColored,
    brightness: entry.brightness,
    brightnessCompensation: entry.brightnessCompensation,
    gammaRed: entry.gammaRed,
    gammaGreen: entry.gammaGreen,
    gammaBlue: entry.gammaBlue,
    saturationGain: entry.saturationGain,
    brightnessGain: entry.brightnessGain,
    temperature: entry.temperature,
    leds: entry.leds.trim(),
  };
}

/**
 * The LEDs an adjustment's `leds` covers, written into `owner` (LED → adjustment index).
 * "*" is every LED; otherwise a comma list of indices and inclusive ranges ("0-9, 12").
 * Difference from Hyperion.ng: every item of a list counts (ng mixed up indices of single
 * items), and a malformed list is reported instead of silently covering nothing.
 */
function assignLeds(
  leds: string,
  index: number,
  owner: Int16Array,
  where: string,
  warnings: string[],
): void {
  const count = owner.length;
  if (leds === '*') {
    owner.fill(index);
    return;
  }
  if (!/^\s*\d+\s*(-\s*\d+\s*)?(,\s*\d+\s*(-\s*\d+\s*)?)*$/.test(leds)) {
    warnings.push(
      `${where}.leds: "${leds}" is not "*" or a list like "0-9,12"; the adjustment covers no LED`,
    );
    return;
  }
  for (const item of leds.split(',')) {
    const [from, to = from] = item.split('-').map((part) => Number.parseInt(part.trim(), 10)) as [
      number,
      number?,
    ];
    if (from > to) {
      warnings.push(`${where}.leds: "${item.trim()}" runs backwards; it is ignored`);
      continue;
    }
    if (from >= count) {
      warnings.push(`${where}.leds: "${item.trim()}" is beyond the ${count} LEDs of the layout`);
      continue;
    }
    if (to >= count) {
      warnings.push(
        `${where}.leds: "${item.trim()}" goes beyond the ${count} LEDs of the layout; it stops at ${count - 1}`,
      );
    }
    owner.fill(index, from, Math.min(to, count - 1) + 1);
  }
}

/**
 * Colour processing of one instance: each LED is transformed by the `channelAdjustment` entry
 * that covers it (the last one listed wins), in place, in layout order. LEDs no entry covers pass
 * unchanged. Tables are built once per entry, so {@link apply} is a loop over the bytes.
 */
export class ColorProcessor {
  /** Problems found in the settings, one line each; the processor works around every one. */
  readonly warnings: readonly string[];
  readonly ledCount: number;
  #adjustments: Adjustment[];
  readonly #transforms: RgbTransform[];
  /** LED → index into the adjustments, −1 for none. */
  readonly #owner: Int16Array;

  private constructor(adjustments: Adjustment[], owner: Int16Array, warnings: string[]) {
    this.#adjustments = adjustments;
    this.#transforms = adjustments.map((a) => new RgbTransform(a));
    this.#owner = owner;
    this.ledCount = owner.length;
    this.warnings = warnings;
  }

  /**
   * Builds the processor from the instance's `color` group (valid and complete: see protocol's
   * InstanceRunSettings) for `ledCount` LEDs. What the schema cannot say is warned about: an
   * empty `channelAdjustment` (every colour passes unchanged), an id used twice, a `leds` list
   * that is malformed or reaches beyond the layout.
   */
  static fromSettings(color: Filled<ColorSettings>, ledCount: number): ColorProcessor {
    const warnings: string[] = [];
    const list = color.channelAdjustment;
    if (list.length === 0) warnings.push('channelAdjustment is empty; colours pass unchanged');
    const adjustments: Adjustment[] = [];
    const owner = new Int16Array(ledCount).fill(-1);
    list.forEach((raw, i) => {
      const where = `channelAdjustment[${i}]`;
      const entry = adjustmentOf(raw);
      if (adjustments.some((a) => a.id === entry.id)) {
        warnings.push(
          `${where}.id: "${entry.id}" is used twice; the adjustment command reaches only the first`,
        );
      }
      assignLeds(entry.leds, adjustments.length, owner, where, warnings);
      adjustments.push(entry);
    });
    return new ColorProcessor(adjustments, owner, warnings);
  }

  /** The adjustments, in settings order: serverinfo's `adjustment` and `adjustment-update`. */
  get adjustments(): readonly Adjustment[] {
    return this.#adjustments;
  }

  /**
   * The `adjustment` command: changes the entry whose id is `patch.id` (the first entry when
   * there is no id) until the next restart or `color` settings save, and rebuilds its tables.
   * All or nothing: a bad value changes nothing and says what was wrong.
   * Difference from Hyperion.ng: an unknown id gets an error naming the known ids (ng sends no
   * reply at all).
   */
  patch(patch: Record<string, unknown>): EngineResult<{ adjustment: Adjustment }> {
    if (this.#adjustments.length === 0) return failed('adjustment-none', {});
    let index = 0;
    if (patch.id !== undefined) {
      index = this.#adjustments.findIndex((a) => a.id === patch.id);
      if (index < 0) {
        return failed('adjustment-not-found', {
          id: patch.id,
          known: this.#adjustments.map((a) => a.id),
        });
      }
    }
    const next: Adjustment = { ...(this.#adjustments[index] as Adjustment) };
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'id') continue;
      const refused = patchValue(next, key, value);
      if (refused) return refused;
    }
    this.#adjustments = this.#adjustments.map((a, i) => (i === index ? next : a));
    this.#transforms[index] = new RgbTransform(next);
    return { ok: true, adjustment: next };
  }

  /**
   * Transforms `frame` (RGB, 3 bytes per LED, layout order) in place. `backlight` turns the
   * backlight floor on: the instance passes false while a colour or an effect is visible.
   */
  apply(frame: Uint8Array, options: { backlight: boolean }): void {
    const leds = Math.min(this.ledCount, Math.floor(frame.length / 3));
    const owner = this.#owner;
    const transforms = this.#transforms;
    for (let led = 0; led < leds; led++) {
      const index = owner[led] as number;
      if (index >= 0)
        (transforms[index] as RgbTransform).transform(frame, led * 3, options.backlight);
    }
  }
}

/** Sets one key of an `adjustment` command on `target`; returns the failure when it is bad. */
function patchValue(
  target: Adjustment,
  key: string,
  value: unknown,
): { ok: false; error: EngineError } | undefined {
  if (!PATCHABLE.has(key)) return failed('adjustment-key-unknown', { key, known: [...PATCHABLE] });
  if ((TRIPLE_KEYS as readonly string[]).includes(key)) {
    if (!isTriple(value)) {
      return failed('adjustment-value-invalid', { key, value, expected: { type: 'rgb' } });
    }
    target[key as (typeof TRIPLE_KEYS)[number]] = [value[0], value[1], value[2]];
    return undefined;
  }
  if (key === 'backlightColored') {
    if (typeof value !== 'boolean') {
      return failed('adjustment-value-invalid', { key, value, expected: { type: 'boolean' } });
    }
    target.backlightColored = value;
    return undefined;
  }
  const range = NUMBER_KEYS[key] as { min: number; max: number; integer: boolean };
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    (!range.integer || Number.isInteger(value));
  if (!ok) {
    return failed('adjustment-value-invalid', {
      key,
      value,
      expected: { type: 'number', ...range },
    });
  }
  (target as unknown as Record<string, number>)[key] = value as number;
  return undefined;
}
