/** The LED device interface every device type implements, and the configuration it is made from. */
import type { DeviceSettings, Filled } from '@glowkit/protocol';

/**
 * An instance's `device` group, valid and complete (see protocol's InstanceRunSettings): the keys
 * every device has, and the device type's own keys (`output`, `host`, `rate`, …), which the
 * type's factory reads as its {@link RunDevice}.
 */
export type DeviceConfig = Filled<DeviceSettings>;

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
