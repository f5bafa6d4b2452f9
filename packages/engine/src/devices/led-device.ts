/**
 * The LED device interface every device type implements, and the reading of an instance's
 * `device` settings group into a {@link DeviceConfig}.
 */
import { isJsonObject } from '@glowkit/protocol';
import { COLOR_ORDERS, type ColorOrder } from '../types.js';

/**
 * An instance's `device` group with the keys every device shares resolved (Hyperion.ng's
 * `schema-device.json`). Device-specific keys (`output`, `host`, `rate`, …) stay as they were
 * given; each device type reads and checks its own.
 */
export interface DeviceConfig {
  /** The device type, lower-cased (`file`, `virtual`, …). */
  type: string;
  /** How many LEDs the hardware has; frames are 3 bytes per hardware LED. */
  hardwareLedCount: number;
  /** The channel order frames reach the device in (applied before the device, not by it). */
  colorOrder: ColorOrder;
  /** Whether the instance enables the device when it starts. */
  autoStart: boolean;
  /** Minimum time between two writes, ms: a frame sooner than that after the last write is dropped. */
  latchTime: number;
  /** Re-send the last frame after this many ms without a write (0 = never): a keep-alive. */
  rewriteTime: number;
  /** How many times a recoverable device is re-opened after a failure before giving up. */
  enableAttempts: number;
  /** Seconds between two such attempts. */
  enableAttemptsInterval: number;
  /** Device-specific keys, as given. */
  readonly [key: string]: unknown;
}

/**
 * One LED device: a strip behind a serial port, a network controller, a file. The
 * {@link DeviceController} around it serialises every call (never two at once), decides what to
 * write and when, and handles failures, so a device only moves bytes.
 */
export interface LedDevice {
  /**
   * Acquires the device (opens the port, the socket, the file). Rejects with a one-line Error
   * saying what failed and what to do when it cannot; it must then hold nothing open. It must
   * settle in bounded time (a network device uses a timeout): the controller waits for it.
   */
  open(): Promise<void>;
  /**
   * Sends one frame: exactly 3·hardwareLedCount bytes, already in the device's colour order. The
   * array is never changed afterwards, so a device may keep it (a serial port queues it).
   * Rejects when the bytes could not be sent.
   */
  write(frame: Uint8Array): Promise<void>;
  /** Releases everything {@link open} acquired. Safe to call when not open, and more than once. */
  close(): Promise<void>;
  /** Whether a failed open or write is retried (network, serial) or final (a bad file path). */
  readonly recoverable: boolean;
  /**
   * What switching off does while the device stays open. Absent: the controller writes one black
   * frame. Devices that restore their own state instead (WLED hands the lights back with
   * `live:false`) implement it.
   */
  switchOff?(): Promise<void>;
  /** Undoes {@link switchOff} before the next frame is written (WLED: `live:true` again). */
  switchOn?(): Promise<void>;
  /**
   * Registers the controller's listener for a connection lost outside a write (a serial port
   * unplugged, a socket closed by the peer). The device calls it once per loss; the controller
   * then closes it and reconnects as after a failed write.
   */
  onLost?(listener: (error: Error) => void): void;
  /** Problems with device-specific keys found when the device was made (logged as warnings). */
  readonly warnings?: readonly string[];
}

/** What a device may use besides its configuration. */
export interface DeviceContext {
  /** Where the device's own messages go (a controller's reply lines at debug level). */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

/** Makes a device from its configuration; it must not open anything yet. */
export type DeviceFactory = (config: DeviceConfig, context?: DeviceContext) => LedDevice;

/** The defaults of the keys every device shares (Glowkit starts on a `virtual` device). */
export const DEVICE_CONFIG_DEFAULTS: Readonly<
  Pick<
    DeviceConfig,
    | 'type'
    | 'hardwareLedCount'
    | 'colorOrder'
    | 'autoStart'
    | 'latchTime'
    | 'rewriteTime'
    | 'enableAttempts'
    | 'enableAttemptsInterval'
  >
> = {
  type: 'virtual',
  hardwareLedCount: 1,
  colorOrder: 'rgb',
  autoStart: true,
  latchTime: 0,
  rewriteTime: 0,
  enableAttempts: 6,
  enableAttemptsInterval: 15,
};

/**
 * The integer keys with their ranges. Ranges are those of Hyperion.ng's schemas; the LED count is
 * capped at 65536, what Adalight's 16-bit count field holds, so a typo cannot allocate gigabytes.
 */
const INTEGER_KEYS = [
  ['hardwareLedCount', 1, 65536],
  ['latchTime', 0, 1000],
  ['rewriteTime', 0, 3_600_000],
  ['enableAttempts', 0, 120],
  ['enableAttemptsInterval', 5, 120],
] as const;

/**
 * Reads an instance's `device` group. Missing keys take {@link DEVICE_CONFIG_DEFAULTS}; a value of
 * the wrong kind or out of range takes the default too, with a one-line warning naming the key.
 * Never throws. `type` and `colorOrder` are lower-cased, as Hyperion.ng does.
 */
export function deviceConfigOf(group: unknown): { config: DeviceConfig; warnings: string[] } {
  const warnings: string[] = [];
  let source: Record<string, unknown> = {};
  if (isJsonObject(group)) source = group;
  else if (group !== undefined && group !== null) {
    warnings.push(
      `device: expected an object, got ${describe(group)}; using the defaults (a virtual device)`,
    );
  }
  const config: Record<string, unknown> = { ...source, ...DEVICE_CONFIG_DEFAULTS };

  const type = source.type;
  if (typeof type === 'string' && type.trim() !== '') config.type = type.trim().toLowerCase();
  else if (type !== undefined) {
    warnings.push(
      `device.type: expected a device type name, got ${describe(type)}; using "${DEVICE_CONFIG_DEFAULTS.type}"`,
    );
  }

  const order = source.colorOrder;
  const lowerOrder = typeof order === 'string' ? order.toLowerCase() : undefined;
  if (lowerOrder !== undefined && (COLOR_ORDERS as readonly string[]).includes(lowerOrder)) {
    config.colorOrder = lowerOrder;
  } else if (order !== undefined) {
    warnings.push(
      `device.colorOrder: expected one of ${COLOR_ORDERS.join(', ')}, got ${describe(order)}; using "rgb"`,
    );
  }

  const autoStart = source.autoStart;
  if (typeof autoStart === 'boolean') config.autoStart = autoStart;
  else if (autoStart !== undefined) {
    warnings.push(
      `device.autoStart: expected true or false, got ${describe(autoStart)}; using true`,
    );
  }

  for (const [key, min, max] of INTEGER_KEYS) {
    const value = source[key];
    if (value === undefined) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) {
      config[key] = value;
    } else {
      warnings.push(
        `device.${key}: expected an integer from ${min} to ${max}, got ${describe(value)}; using ${DEVICE_CONFIG_DEFAULTS[key]}`,
      );
    }
  }
  return { config: config as DeviceConfig, warnings };
}

/** A short, one-line rendering of a configuration value for a warning. */
export function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
