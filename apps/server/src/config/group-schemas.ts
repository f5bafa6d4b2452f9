/**
 * Validators of the settings groups this server interprets. They are plain TypeScript checks,
 * more lenient than Hyperion.ng's schemas in one way: fields they do not know are kept, so
 * settings written by other versions survive a round trip.
 */
import { validateDevice } from './groups/device.js';
import { validateGeneral } from './groups/general.js';
import { validateLeds } from './groups/leds.js';
import { validateLogger } from './groups/logger.js';
import { validateNetwork } from './groups/network.js';
import type { GroupProblem } from './groups/rules.js';
import { validateSmoothing } from './groups/smoothing.js';
import { validateWebConfig } from './groups/web-config.js';
import type { GroupName } from './groups.js';

export type { DeviceSettings } from './groups/device.js';
export type { GeneralSettings } from './groups/general.js';
export type { LedArea, LedsSettings } from './groups/leds.js';
export type { LoggerSettings } from './groups/logger.js';
export type { NetworkSettings } from './groups/network.js';
export type { GroupProblem } from './groups/rules.js';
export type { SmoothingSettings } from './groups/smoothing.js';
export type { WebConfigSettings } from './groups/web-config.js';

const validators = {
  webConfig: validateWebConfig,
  network: validateNetwork,
  general: validateGeneral,
  logger: validateLogger,
  device: validateDevice,
  leds: validateLeds,
  smoothing: validateSmoothing,
} satisfies Partial<Record<GroupName, (value: unknown) => GroupProblem[]>>;

/** A group that has a validator. */
type ValidatedGroup = keyof typeof validators;

/** The groups that have a validator; every other group always passes. */
export const VALIDATED_GROUPS = Object.keys(validators) as ValidatedGroup[];

/** Whether `name` is a group this server interprets and checks. */
export function hasGroupSchema(name: string): name is ValidatedGroup {
  return Object.hasOwn(validators, name);
}

/**
 * Checks the value of settings group `name`. Returns the broken rules, each with a JSON pointer
 * relative to the group (`/port`, `/0/hmin`; `` for the value itself); an empty list means valid.
 * Groups without a validator always pass.
 */
export function validateGroup(name: string, value: unknown): GroupProblem[] {
  return hasGroupSchema(name) ? validators[name](value) : [];
}
