import type { BlackBorderSettings } from '../black-border/black-border-processor.js';
import type { BlackBorder } from '../black-border/detector.js';
import type { Adjustment } from '../color/color-processor.js';
import type { DeviceStatus } from '../devices/device-controller.js';
import type { DeviceConfig } from '../devices/led-device.js';
import type { LedRect } from '../mapping/led-layout.js';
import type { MappingType } from '../mapping/mapping-type.js';
import type { RgbImage, SmoothingConfig } from '../types.js';
import type { ComponentName } from './components.js';
import type { ActiveEffect, EffectProblem } from './effect-runner.js';
import type { PriorityInfo } from './priority-info.js';
import type { LatencyReport } from './stage-stats.js';

/**
 * What a reader outside the engine sees of a running instance (`LedInstance.view`): each
 * property is read when asked, so it is always current, and nothing of it changes the instance.
 * The server builds `serverinfo` and the `*-update` pushes from it; commands go through the
 * instance's methods.
 */
export interface InstanceView {
  readonly id: number;
  readonly name: string;
  /** The sources at their priorities: the visible one first, then ascending (Hyperion.ng #964 fixed). */
  readonly priorities: PriorityInfo[];
  /** False while a user pinned a priority (`sourceselect`): `priorities_autoselect`. */
  readonly autoSelect: boolean;
  /** The effects running now (not the background effect), by ascending priority. */
  readonly activeEffects: ActiveEffect[];
  /** Recent effects that failed or were killed, oldest first. */
  readonly effectProblems: readonly EffectProblem[];
  /** The colour adjustments, in settings order, with any run-time change. */
  readonly adjustments: readonly Adjustment[];
  /** Each component as clients see it (off while in fault), in Hyperion.ng's enum order. */
  readonly components: { enabled: boolean; name: ComponentName }[];
  /** The LED device's state, and why it cannot open. */
  readonly device: DeviceStatus;
  /**
   * The instance's own smoothing as it runs (the `smoothing` group's; an effect may bring its
   * own while it shows), and whether the group switches it on at start.
   */
  readonly smoothing: Readonly<SmoothingConfig & { enabled: boolean }>;
  /** The `device` group the device runs on (its type's keys included). */
  readonly deviceConfig: Readonly<DeviceConfig>;
  /** How pictures are mapped onto the LEDs: the `color` group's, or the last `processing`. */
  readonly mappingType: MappingType;
  /** How pictures are sampled: `color.accuracyLevel` and `reducedPixelSetFactorFactor` as run. */
  readonly mappingOptions: Readonly<{ accuracyLevel: number; reducedPixelSetFactor: number }>;
  /**
   * Black-border detection: the `blackborderdetector` group as run (`enable` only starts the
   * `BLACKBORDER` component, see {@link components}), and the border pictures are mapped inside
   * now (unknown: none), in pixels of the last picture detected.
   */
  readonly blackBorder: Readonly<{ settings: Readonly<BlackBorderSettings>; border: BlackBorder }>;
  /** LEDs of the layout. */
  readonly ledCount: number;
  /** The layout pictures are mapped with: each LED's rectangle (and own colour order). */
  readonly layout: readonly LedRect[];
  /** The LEDs kept black whatever shows (`ledConfig.ledBlacklist`, all-zero rectangles), ascending. */
  readonly blacklisted: readonly number[];
  /**
   * Where the time went between picture sources' frames arriving and the device writing them:
   * each stage's recent p50 and p99 (see `StageStats`).
   */
  readonly latency: LatencyReport;
  /** The last colours shown (RGB, layout order; black before the first frame). */
  readonly lastColors: Uint8Array;
  /**
   * The last colours of the visible source as chosen, before blacklist, adjustment, colour order
   * and smoothing (the instance's `rawColors` event; black before the first frame): what the LED
   * stream sends.
   */
  readonly rawColors: Uint8Array;
  /**
   * The picture a visible picture source (a JSON image, a network input) shows now, as the
   * instance's `picture` event gives it (after `videomode`); undefined while a colour or an effect
   * shows, while nothing does, and while `ALL` is off.
   */
  readonly picture: RgbImage | undefined;
  /** The settings groups the instance was built from, as stored (`leds` is its layout). */
  readonly settings: Readonly<Record<string, unknown>>;
}
