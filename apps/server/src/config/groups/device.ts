import {
  boolean,
  checkObject,
  type GroupProblem,
  integer,
  type ObjectShape,
  oneOf,
  string,
} from './rules.js';

/** Orders in which a LED device expects the three colour channels. */
const COLOR_ORDERS = ['rgb', 'bgr', 'rbg', 'brg', 'gbr', 'grb'] as const;

/**
 * Instance group `device`: the LED hardware an instance drives. Only the fields common to every
 * device type are checked; the device-specific ones (`output`, `host`, `rate`, …) are kept as
 * they are.
 */
export interface DeviceSettings {
  /** Device type, e.g. `file`, `adalight`, `wled`, `ws2812spi`. Non-empty; default `file`. */
  type?: string;
  /** Number of LEDs on the hardware, which may exceed the LEDs of the layout. Integer >= 1. */
  hardwareLedCount?: number;
  /** Channel order the hardware expects: rgb, bgr, rbg, brg, gbr or grb. */
  colorOrder?: (typeof COLOR_ORDERS)[number];
  /** Whether the device is switched on when the instance starts. */
  autoStart?: boolean;
  /** Minimum pause between two writes to the device, in milliseconds. Integer >= 0. */
  latchTime?: number;
  /** Repeat the last frame after this many milliseconds without a new one; 0: never. Integer >= 0. */
  rewriteTime?: number;
  /** Device-specific fields are kept as they are. */
  [key: string]: unknown;
}

const deviceShape: ObjectShape = {
  fields: {
    type: string(1),
    hardwareLedCount: integer(1),
    colorOrder: oneOf(COLOR_ORDERS),
    autoStart: boolean(),
    latchTime: integer(0),
    rewriteTime: integer(0),
  },
};

/** Checks a `device` value; every field is optional. */
export function validateDevice(value: unknown): GroupProblem[] {
  return checkObject(value, deviceShape);
}
