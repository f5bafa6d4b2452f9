/**
 * The `virtual` device: no hardware. It accepts frames and sends them nowhere; what the LEDs
 * would show reaches clients through the controller's `written` event (the live LED stream).
 * It is what a fresh Glowkit runs on, so `npm start` needs no hardware.
 */
import type { DeviceConfig, LedDevice } from './led-device.js';

/** A device that opens, accepts frames and writes nowhere. */
export class VirtualDevice implements LedDevice {
  /** Nothing can fail, so there is nothing to retry. */
  readonly recoverable = false;
  #open = false;
  readonly #frameBytes: number;

  /** @param config the instance's device configuration (only the LED count is used). */
  constructor(config: DeviceConfig) {
    this.#frameBytes = config.hardwareLedCount * 3;
  }

  /** Always succeeds. */
  async open(): Promise<void> {
    this.#open = true;
  }

  /** Accepts a frame of the configured size while open. */
  async write(frame: Uint8Array): Promise<void> {
    if (!this.#open) throw new Error('virtual device: write before open; open the device first');
    if (frame.length !== this.#frameBytes) {
      throw new Error(
        `virtual device: frame of ${frame.length} bytes for ${this.#frameBytes / 3} LEDs; send 3 bytes per hardware LED`,
      );
    }
  }

  /** Nothing to release. */
  async close(): Promise<void> {
    this.#open = false;
  }
}
