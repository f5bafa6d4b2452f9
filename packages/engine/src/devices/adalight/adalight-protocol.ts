/**
 * The Adalight family's stream protocols (Hyperion.ng's `LedDeviceAdalight`) as pure frame
 * encoders, and the adalight `device` keys resolved (protocol, port, baud rate, delay). Everything that depends only on
 * the configuration (header, LightBerry's constant bytes, the white-channel calibration) is built
 * once, so encoding a frame is one fill of a preallocated buffer.
 */
import type { RunDevice } from '@glowkit/protocol';

/**
 * The three stream protocols, by ng's `streamProtocol` value: `"0"` Ada (the classic Adalight
 * sketch), `"1"` LightBerry APA102, `"2"` AWA (HyperSerial, "high speed").
 */
export type AdalightProtocol = 'ada' | 'lbapa' | 'awa';

/** `streamProtocol` → protocol. */
const STREAM_PROTOCOLS: Readonly<Record<string, AdalightProtocol>> = {
  '0': 'ada',
  '1': 'lbapa',
  '2': 'awa',
};

/**
 * AWA's white-channel calibration (the `AwA` header): the four bytes sent after the RGB data,
 * each 0–255. HyperSerial uses them to drive the white LED of RGBW strips.
 */
export interface AwaCalibration {
  /** The white channel's limit: `round(white_channel_limit% · 255 / 100)`. */
  limit: number;
  red: number;
  green: number;
  blue: number;
}

/** Every frame starts with 3 magic bytes, the count's hi and lo bytes, and their checksum. */
const HEADER_SIZE = 6;
/** LightBerry's start frame: 4 zero bytes before the first LED. */
const LBAPA_START_FRAME = 4;
/** AWA's trailer: fletcher1, fletcher2, fletcherExt. */
const AWA_TRAILER = 3;

/**
 * Encodes frames of one configuration. {@link encode} fills and returns the same buffer every
 * time, so the caller must be done with one frame's bytes before encoding the next (the serial
 * device writes and drains one frame at a time).
 */
export interface AdalightEncoder {
  readonly protocol: AdalightProtocol;
  readonly ledCount: number;
  /** The bytes of every encoded frame. */
  readonly frameLength: number;
  /**
   * The frame for `rgb` (exactly 3·ledCount bytes, already in the device's colour order). Throws
   * on another length.
   */
  encode(rgb: Uint8Array): Uint8Array;
}

/**
 * Makes the encoder for a protocol and LED count.
 *
 * - Ada: `A d a hi lo chk`, hi:lo = N − 1, chk = hi ^ lo ^ 0x55; then RGB per LED.
 * - LightBerry APA102: `A d a hi lo chk` with hi:lo = N; 4 zero bytes; `0xFF R G B` per LED; an
 *   end frame of max(⌊(N + 15) / 16⌋, 4) zero bytes.
 * - AWA: `A w a` (`A w A` with calibration) hi lo chk, hi:lo = N − 1; RGB per LED; with
 *   calibration the limit, red, green and blue bytes; then fletcher1, fletcher2 and fletcherExt
 *   over everything after the header (fletcherExt adds each byte XOR its 8-bit position, and is
 *   sent as 0xAA when it is 0x41, so it never looks like the start of a header).
 *
 * `ledCount` fits the count field: 1 to 65536, 65535 for LightBerry (whose field holds N, not
 * N − 1). The settings guarantee it (hardwareLedCount's bound, and protocol's
 * settings/relations.ts for LightBerry).
 */
export function createAdalightEncoder(
  protocol: AdalightProtocol,
  ledCount: number,
  calibration?: AwaCalibration,
): AdalightEncoder {
  const rgbLength = ledCount * 3;
  let frameLength: number;
  let count: number;
  let magic: [number, number, number];
  if (protocol === 'lbapa') {
    frameLength = HEADER_SIZE + LBAPA_START_FRAME + ledCount * 4 + lbapaEndFrame(ledCount);
    count = ledCount;
    magic = [0x41, 0x64, 0x61];
  } else if (protocol === 'awa') {
    frameLength = HEADER_SIZE + rgbLength + (calibration ? 4 : 0) + AWA_TRAILER;
    count = ledCount - 1;
    magic = [0x41, 0x77, calibration ? 0x41 : 0x61];
  } else {
    frameLength = HEADER_SIZE + rgbLength;
    count = ledCount - 1;
    magic = [0x41, 0x64, 0x61];
  }
  const buffer = new Uint8Array(frameLength);
  const hi = (count >> 8) & 0xff;
  const lo = count & 0xff;
  buffer.set([...magic, hi, lo, hi ^ lo ^ 0x55]);

  const checkLength = (rgb: Uint8Array) => {
    if (rgb.length !== rgbLength) {
      throw new Error(
        `adalight device: a frame of ${rgb.length} bytes for ${ledCount} LEDs; send 3 bytes per hardware LED`,
      );
    }
  };

  let encode: (rgb: Uint8Array) => Uint8Array;
  if (protocol === 'ada') {
    encode = (rgb) => {
      checkLength(rgb);
      buffer.set(rgb, HEADER_SIZE);
      return buffer;
    };
  } else if (protocol === 'lbapa') {
    const first = HEADER_SIZE + LBAPA_START_FRAME;
    for (let i = 0; i < ledCount; i++) buffer[first + i * 4] = 0xff;
    encode = (rgb) => {
      checkLength(rgb);
      for (let i = 0, o = first + 1; i < rgbLength; i += 3, o += 4) {
        buffer[o] = rgb[i] as number;
        buffer[o + 1] = rgb[i + 1] as number;
        buffer[o + 2] = rgb[i + 2] as number;
      }
      return buffer;
    };
  } else {
    const bodyEnd = frameLength - AWA_TRAILER;
    if (calibration) {
      buffer.set(
        [calibration.limit, calibration.red, calibration.green, calibration.blue],
        HEADER_SIZE + rgbLength,
      );
    }
    encode = (rgb) => {
      checkLength(rgb);
      buffer.set(rgb, HEADER_SIZE);
      // Every sum stays below 2·255, so one conditional subtraction is the `% 255`.
      let f1 = 0;
      let f2 = 0;
      let fx = 0;
      for (let i = HEADER_SIZE, position = 0; i < bodyEnd; i++, position = (position + 1) & 0xff) {
        const b = buffer[i] as number;
        f1 += b;
        if (f1 >= 255) f1 -= 255;
        f2 += f1;
        if (f2 >= 255) f2 -= 255;
        fx += b ^ position;
        if (fx >= 255) fx -= 255;
      }
      buffer[bodyEnd] = f1;
      buffer[bodyEnd + 1] = f2;
      buffer[bodyEnd + 2] = fx === 0x41 ? 0xaa : fx;
      return buffer;
    };
  }
  return { protocol, ledCount, frameLength, encode };
}

/** LightBerry's end frame: enough clock edges to push data through N APA102s; at least 4 bytes. */
function lbapaEndFrame(ledCount: number): number {
  return Math.max(Math.floor((ledCount + 15) / 16), 4);
}

/** The adalight device's own keys, resolved. */
export interface AdalightSettings {
  /** The port's path, or `"auto"` for the first USB serial port. */
  output: string;
  protocol: AdalightProtocol;
  /** Present only for AWA with `white_channel_calibration` on. */
  calibration: AwaCalibration | undefined;
  baudRate: number;
  /** ms to wait after opening before the first frame (Arduinos reset when the port opens). */
  delayAfterConnect: number;
}

/**
 * The `adalight` keys of a `device` group (valid and complete: see protocol's
 * InstanceRunSettings), resolved:
 *
 * - `output`: a path (any path that opens as a serial port, pseudo-terminals included) or
 *   `"auto"` in any letter case.
 * - `rateList`: a number there is the baud rate; `"CUSTOM"` means `rate`. ng's code only reads
 *   `rate` and relies on its web UI to copy the list's choice there; Glowkit honours the list.
 * - `white_channel_limit` (percent) becomes a byte: `round(limit · 255 / 100)`.
 */
export function adalightSettingsOf(config: RunDevice<'adalight'>): AdalightSettings {
  const protocol = STREAM_PROTOCOLS[config.streamProtocol] as AdalightProtocol;
  const calibration =
    protocol === 'awa' && config.white_channel_calibration
      ? {
          limit: Math.round((config.white_channel_limit * 255) / 100),
          red: config.white_channel_red,
          green: config.white_channel_green,
          blue: config.white_channel_blue,
        }
      : undefined;
  return {
    output: config.output.trim().toLowerCase() === 'auto' ? 'auto' : config.output,
    protocol,
    calibration,
    baudRate: config.rateList === 'CUSTOM' ? config.rate : Number(config.rateList),
    delayAfterConnect: config.delayAfterConnect,
  };
}
