/**
 * The `udpddp` device: frames as DDP packets to any DDP receiver (WLED, ESPixelStick, xLights,
 * FPP), port 4048 unless `device.port` says otherwise.
 */
import type { RunDevice } from '@glowkit/protocol';
import type { LedDevice } from '../led-device.js';
import { DdpEncoder } from './ddp.js';
import { hostOf, UdpTarget } from './udp-target.js';

/**
 * Streams each frame as one or more DDP packets (at most 1440 data bytes, PUSH on the last; see
 * {@link DdpEncoder}). Keys: `host` (required), `port` (default 4048). Recoverable: a failed open
 * or send is retried by the controller.
 *
 * Unlike Hyperion.ng, the LED count is not limited by the packet size: larger frames are split
 * into packets with their offsets, as ng does too; only the 16-bit length field bounds a packet.
 */
export class DdpDevice implements LedDevice {
  /** A controller that is off or out of reach may come back. */
  readonly recoverable = true;
  readonly #target: UdpTarget;
  readonly #encoder: DdpEncoder;

  /**
   * @param config the instance's device configuration.
   * @throws when `device.host` is missing.
   */
  constructor(config: RunDevice<'udpddp'>) {
    this.#target = new UdpTarget('udpddp', hostOf(config, 'udpddp'), config.port);
    this.#encoder = new DdpEncoder(config.hardwareLedCount * 3);
  }

  /** The configured host. */
  get host(): string {
    return this.#target.host;
  }

  /** The destination port. */
  get port(): number {
    return this.#target.port;
  }

  /** Resolves the host and makes the socket. */
  open(): Promise<void> {
    return this.#target.open();
  }

  /** Sends the frame as DDP packets; resolves when the kernel took all of them. */
  async write(frame: Uint8Array): Promise<void> {
    if (frame.length !== this.#encoder.frameBytes) {
      throw new Error(
        `udpddp: frame of ${frame.length} bytes for ${this.#encoder.frameBytes / 3} LEDs; send 3 bytes per hardware LED`,
      );
    }
    await this.#target.send(this.#encoder.encode(frame));
  }

  /** Closes the socket. */
  close(): Promise<void> {
    return this.#target.close();
  }
}
