/**
 * The `udpraw` device: one UDP datagram per frame holding the bare RGB bytes, no header — what
 * WLED's "Hyperion" port and simple ESP sketches read.
 */
import type { RunDevice } from '@glowkit/protocol';
import type { LedDevice } from '../led-device.js';
import { hostOf, UdpTarget } from './udp-target.js';

/** Hyperion.ng's default `udpraw` port. */
export const UDP_RAW_PORT = 5568;
/**
 * The most RGB LEDs one raw datagram carries: 1470 bytes, within the 1472 bytes of UDP payload
 * an Ethernet frame holds and WLED's raw receiver accepts (`UDP_IN_MAXSIZE`).
 */
export const UDP_RAW_MAX_LEDS = 490;

/**
 * The error for a frame too large for one datagram; `label` names the device type.
 * Shared with the `wled` device, whose RAW protocol has the same limit.
 */
export function udpRawLimitError(label: string, ledCount: number, remedy: string): Error {
  return new Error(
    `${label}: ${ledCount} LEDs do not fit in one raw UDP datagram (at most ${UDP_RAW_MAX_LEDS} RGB LEDs); ${remedy}`,
  );
}

/**
 * Sends each frame as one datagram of 3 bytes per LED. Keys: `host` (required), `port` (default
 * 5568). More than 490 LEDs is a configuration error when the device is made, as in Hyperion.ng
 * (its `whiteAlgorithm` RGBW mode is not supported: frames are RGB). Recoverable.
 */
export class UdpRawDevice implements LedDevice {
  /** A controller that is off or out of reach may come back. */
  readonly recoverable = true;
  readonly #target: UdpTarget;
  readonly #frameBytes: number;
  /** Reused so that a frame costs no allocation. */
  readonly #datagrams: [Uint8Array] = [new Uint8Array(0)];

  /**
   * @param config the instance's device configuration.
   * @throws when `device.host` is missing or there are more than 490 LEDs.
   */
  constructor(config: RunDevice<'udpraw'>) {
    // At most 490 LEDs: the udpraw schema bounds hardwareLedCount.
    this.#target = new UdpTarget('udpraw', hostOf(config, 'udpraw'), config.port);
    this.#frameBytes = config.hardwareLedCount * 3;
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

  /** Sends the frame's bytes as they are, in one datagram. */
  async write(frame: Uint8Array): Promise<void> {
    if (frame.length !== this.#frameBytes) {
      throw new Error(
        `udpraw: frame of ${frame.length} bytes for ${this.#frameBytes / 3} LEDs; send 3 bytes per hardware LED`,
      );
    }
    this.#datagrams[0] = frame;
    await this.#target.send(this.#datagrams);
  }

  /** Closes the socket. */
  close(): Promise<void> {
    return this.#target.close();
  }
}
