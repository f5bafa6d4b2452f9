import type { AdjustmentInfo, AdjustmentSettings, ColorSettings, Filled } from '@glowkit/protocol';
import { type EngineResult, failed } from '../errors.js';
import { RgbTransform } from './rgb-transform.js';

type Triple = [number, number, number];

/** One entry of the `color` group's `channelAdjustment`, complete. */
type ChannelAdjustmentEntry = Filled<ColorSettings>['channelAdjustment'][number];

/**
 * One colour adjustment: an entry of the `color` group's `channelAdjustment`. Its keys come in the order of Hyperion.ng's serverinfo `adjustment` entries, so the
 * objects can be sent as they are; `leds` (not in ng's serverinfo) comes last.
 */
export type Adjustment = AdjustmentInfo;

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
   * `patch` is valid (protocol's `parseAdjustmentRequest` refuses a key or value out of range);
   * what only the instance knows is checked: that it has adjustments, and one with that id.
   * Difference from Hyperion.ng: an unknown id gets an error naming the known ids (ng sends no
   * reply at all).
   */
  patch(patch: Readonly<AdjustmentSettings>): EngineResult<{ adjustment: Adjustment }> {
    if (this.#adjustments.length === 0) return failed('adjustment-none', {});
    const { id, ...changes } = patch;
    let index = 0;
    if (id !== undefined) {
      index = this.#adjustments.findIndex((a) => a.id === id);
      if (index < 0) {
        return failed('adjustment-not-found', { id, known: this.#adjustments.map((a) => a.id) });
      }
    }
    // Every key of a patch is one of the entry's, so the entry keeps serverinfo's key order; the
    // triples are copied, as the same patch may go to several instances.
    const next: Adjustment = {
      ...(this.#adjustments[index] as Adjustment),
      ...structuredClone(changes),
    };
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
