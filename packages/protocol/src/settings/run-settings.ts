/**
 * The settings an instance runs on: each group the engine acts on, valid (the server validated it
 * before it was stored) and complete (every key with a default filled in), typed from the
 * schemas. The engine takes this and checks nothing of it again; the server builds it with
 * {@link instanceRunSettings} where it starts an instance.
 */
import type { JsonObject } from '@glowkit/json';
import { fillDefaults } from './defaults.js';
import type {
  BackgroundEffectSettings,
  BlackborderdetectorSettings,
  BoblightServerSettings,
  ColorSettings,
  DeviceSettings,
  DeviceTypeSettings,
  ForegroundEffectSettings,
  InstCaptureSettings,
  LedConfigSettings,
  LedsSettings,
  SmoothingSettings,
} from './generated/types.js';
import { rewriteOldShapes } from './old-shapes.js';
import { groupSchemaOf } from './validate.js';

/**
 * A stored group's type with every key required at every depth: the type of a group after
 * {@link withDefaults}. Keys a schema does not list stay `unknown`.
 */
export type Filled<T> = T extends readonly [unknown, ...unknown[]]
  ? T
  : T extends readonly (infer I)[]
    ? Filled<I>[]
    : T extends object
      ? { [K in keyof T]-?: Filled<Exclude<T[K], undefined>> }
      : T;

/** One LED of the layout: its four edges, and its own colour order only when it has one. */
export type RunLed = Filled<Pick<LedsSettings[number], 'hmin' | 'hmax' | 'vmin' | 'vmax'>> &
  Pick<LedsSettings[number], 'colorOrder' | 'name'>;

/** The `device` group of a device type, complete. */
export type RunDevice<T extends keyof DeviceTypeSettings> = Filled<DeviceTypeSettings[T]>;

/**
 * The groups of one instance that its engine acts on, complete. `device` carries the keys every
 * device has; a device type reads its own keys as {@link RunDevice} of its type (the server
 * filled them from that type's schema).
 */
export interface InstanceRunSettings {
  device: Filled<DeviceSettings>;
  leds: RunLed[];
  ledConfig: Filled<LedConfigSettings>;
  color: Filled<ColorSettings>;
  smoothing: Filled<SmoothingSettings>;
  backgroundEffect: Filled<BackgroundEffectSettings>;
  foregroundEffect: Filled<ForegroundEffectSettings>;
  blackborderdetector: Filled<BlackborderdetectorSettings>;
  /** The instance's boblight input: the engine reads `enable` (component BOBLIGHTSERVER). */
  boblightServer: Filled<BoblightServerSettings>;
  /** Which grabbers the instance takes: the engine reads `systemEnable`, `v4lEnable` (components GRABBER, V4L). */
  instCapture: Filled<InstCaptureSettings>;
}

/** The groups of {@link InstanceRunSettings}, in the order the engine reads them. */
export const RUN_GROUPS = [
  'device',
  'leds',
  'ledConfig',
  'color',
  'smoothing',
  'backgroundEffect',
  'foregroundEffect',
  'blackborderdetector',
  'boblightServer',
  'instCapture',
] as const satisfies readonly (keyof InstanceRunSettings)[];

/**
 * A valid group of `name` with every key that has a default filled in (a `device` from its type's
 * schema). A missing group is the default group. The result shares nothing with `value`.
 *
 * An LED of `leds` is taken as it is: its edges are required, and its own `colorOrder` means
 * something by its absence (the device's order applies), though the form's select has a default.
 */
export function withDefaults<G extends keyof InstanceRunSettings>(
  name: G,
  value: unknown,
): InstanceRunSettings[G] {
  return filledGroup(name, value, true) as InstanceRunSettings[G];
}

/** {@link withDefaults}, copying `leds` only when asked: a caller's own copy needs no second. */
function filledGroup(name: keyof InstanceRunSettings, value: unknown, copyLeds: boolean): unknown {
  if (name === 'leds' && value !== undefined) return copyLeds ? structuredClone(value) : value;
  return fillDefaults(groupSchemaOf(name, value), value);
}

/**
 * What an instance runs on, from its stored groups (valid: the server stores nothing else). The
 * old shapes a value may still hold (a restore keeps what is valid, e.g. adalight's
 * `lightberry_apa102_mode` or a device type in capitals) are rewritten as the migration at open
 * does, then every default is filled in.
 */
export function instanceRunSettings(stored: Readonly<JsonObject>): InstanceRunSettings {
  const settings: Partial<Record<keyof InstanceRunSettings, unknown>> = {};
  for (const name of RUN_GROUPS) {
    // A copy of the stored group, which the rewrite changes in place and the instance then owns.
    const value = structuredClone(stored[name]);
    rewriteOldShapes(name, value);
    settings[name] = filledGroup(name, value, false);
  }
  return settings as InstanceRunSettings;
}
