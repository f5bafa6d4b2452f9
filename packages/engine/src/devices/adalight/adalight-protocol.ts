/**
 * The Adalight family's stream protocols (Hyperion.ng's `LedDeviceAdalight`) as pure frame
 * encoders, and the reading of the adalight `device` keys (protocol, port, baud rate, delay). Everything that depends only on
 * the configuration (header, LightBerry's constant bytes, the white-channel calibration) is built
 * once, so encoding a frame is one fill of a preallocated buffer.
 */
import { type DeviceConfig, describe } from '../led-device.js';

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

/** What the `device` group says about the protocol. */
export interface AdalightProtocolOptions {
  protocol: AdalightProtocol;
  /** Present only for AWA with `white_channel_calibration` on. */
  calibration: AwaCalibration | undefined;
  warnings: string[];
}

/** Every frame starts with 3 magic bytes, the count's hi and lo bytes, and their checksum. */
const HEADER_SIZE = 6;
/** LightBerry's start frame: 4 zero bytes before the first LED. */
const LBAPA_START_FRAME = 4;
/** AWA's trailer: fletcher1, fletcher2, fletcherExt. */
const AWA_TRAILER = 3;

/**
 * Reads `streamProtocol`, the legacy `lightberry_apa102_mode` and, for AWA, the white-channel keys.
 * Bad values fall back with a one-line warning naming the key; never throws.
 *
 * - `streamProtocol` `"0"|"1"|"2"` (the numbers 0–2 are accepted too); absent: `"0"`.
 * - `lightberry_apa102_mode` (before ng 2.0.13) is migrated as ng's database upgrade does, to
 *   `"1"` when true and `"0"` when false, when `streamProtocol` is absent. When both are present,
 *   `streamProtocol` wins, as in ng after the upgrade (a disagreement is warned about).
 * - `white_channel_limit` 0–100 % (default 100, as in ng's schema; ng's code falls back to 1 % when
 *   the key is absent, which would dim the white channel to 3/255 — a quirk Glowkit does not copy),
 *   `white_channel_red/green/blue` integers 0–255 (default 255).
 */
export function adalightProtocolOf(config: DeviceConfig): AdalightProtocolOptions {
  const warnings: string[] = [];
  let protocol: AdalightProtocol = 'ada';
  const raw = config.streamProtocol;
  const legacy = config.lightberry_apa102_mode;
  const given = typeof raw === 'number' ? String(raw) : raw;
  if (typeof given === 'string' && STREAM_PROTOCOLS[given.trim()] !== undefined) {
    protocol = STREAM_PROTOCOLS[given.trim()] as AdalightProtocol;
    if (typeof legacy === 'boolean' && legacy !== (protocol === 'lbapa')) {
      warnings.push(
        `device.lightberry_apa102_mode: ${legacy} disagrees with device.streamProtocol ${JSON.stringify(given)}; using streamProtocol (remove the old key)`,
      );
    }
  } else if (raw !== undefined) {
    warnings.push(
      `device.streamProtocol: expected "0" (Ada), "1" (LightBerry APA102) or "2" (AWA), got ${describe(raw)}; using "0"`,
    );
  } else if (typeof legacy === 'boolean') {
    protocol = legacy ? 'lbapa' : 'ada';
  }
  if (legacy !== undefined && typeof legacy !== 'boolean') {
    warnings.push(
      `device.lightberry_apa102_mode: expected true or false, got ${describe(legacy)}; ignored`,
    );
  }

  let calibration: AwaCalibration | undefined;
  if (protocol === 'awa') {
    const on = config.white_channel_calibration;
    if (on !== undefined && typeof on !== 'boolean') {
      warnings.push(
        `device.white_channel_calibration: expected true or false, got ${describe(on)}; using false`,
      );
    }
    if (on === true) {
      let percent = 100;
      const limit = config.white_channel_limit;
      if (typeof limit === 'number' && Number.isFinite(limit) && limit >= 0 && limit <= 100) {
        percent = limit;
      } else if (limit !== undefined) {
        warnings.push(
          `device.white_channel_limit: expected a percentage from 0 to 100, got ${describe(limit)}; using 100`,
        );
      }
      calibration = {
        limit: Math.min(Math.round((percent * 255) / 100), 255),
        red: byteKey(config, 'white_channel_red', warnings),
        green: byteKey(config, 'white_channel_green', warnings),
        blue: byteKey(config, 'white_channel_blue', warnings),
      };
    }
  }
  return { protocol, calibration, warnings };
}

/** An integer 0–255 key, default 255. */
function byteKey(config: DeviceConfig, key: string, warnings: string[]): number {
  const value = config[key];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255) {
    return value;
  }
  if (value !== undefined) {
    warnings.push(
      `device.${key}: expected an integer from 0 to 255, got ${describe(value)}; using 255`,
    );
  }
  return 255;
}

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

/** The count field's range per protocol: 16 bits hold N − 1 (Ada, AWA) or N (LightBerry). */
export function maxLedCount(protocol: AdalightProtocol): number {
  return protocol === 'lbapa' ? 0xffff : 0x10000;
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
 * Throws when `ledCount` is not an integer from 1 to {@link maxLedCount}.
 */
export function createAdalightEncoder(
  protocol: AdalightProtocol,
  ledCount: number,
  calibration?: AwaCalibration,
): AdalightEncoder {
  const max = maxLedCount(protocol);
  if (!Number.isInteger(ledCount) || ledCount < 1 || ledCount > max) {
    throw new Error(
      `adalight device: ${ledCount} LEDs cannot be sent with the ${protocol} protocol (1 to ${max}); set device.hardwareLedCount within that range`,
    );
  }
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

/** ng's `rateList` enum; `"CUSTOM"` means `rate` holds the baud rate. */
export const ADALIGHT_RATES: readonly string[] = (
  'CUSTOM 9600 14400 19200 28800 33600 38400 56000 57600 76800 115200 128000 153600 230400 ' +
  '256000 307200 460800 921600 1000000 1500000 2000000 3000000 4000000'
).split(' ');

/** ng's schema default (its code reads 0 when `rate` is absent, which no port accepts). */
const DEFAULT_RATE = 115200;
/** ng's code default when `delayAfterConnect` is absent (its schema says 0). */
const DEFAULT_DELAY_AFTER_CONNECT = 1500;
/** Long enough for any bootloader; open() must settle in bounded time. */
const MAX_DELAY_AFTER_CONNECT = 60_000;

/** The adalight device's own keys, resolved. */
export interface AdalightSettings {
  /** The port's path, or `"auto"` for the first USB serial port. */
  output: string;
  protocol: AdalightProtocol;
  calibration: AwaCalibration | undefined;
  baudRate: number;
  /** ms to wait after opening before the first frame (Arduinos reset when the port opens). */
  delayAfterConnect: number;
  warnings: string[];
}

/**
 * Reads the `adalight` keys of a `device` group. Bad values fall back with a one-line warning;
 * never throws.
 *
 * - `output`: a path (any path that opens as a serial port, pseudo-terminals included) or
 *   `"auto"`; default `"auto"`.
 * - `rateList`: one of {@link ADALIGHT_RATES}; a number there is the baud rate, `"CUSTOM"` (or no
 *   `rateList`, as ng's migration sets) means `rate`. ng's code only reads `rate` and relies on its
 *   web UI to copy the list's choice there; Glowkit honours the list itself.
 * - `rate`: a positive integer; default 115200 (the schema's default).
 * - `delayAfterConnect`: ms, 0–60000; **default 1500 when absent**, as ng's code does (its schema
 *   says 0, but a config without the key gets 1500 in ng).
 * - `streamProtocol`, `lightberry_apa102_mode` and the white-channel keys: see
 *   {@link adalightProtocolOf}.
 */
export function adalightSettingsOf(config: DeviceConfig): AdalightSettings {
  const { protocol, calibration, warnings } = adalightProtocolOf(config);

  let output = 'auto';
  if (typeof config.output === 'string' && config.output.trim() !== '') {
    output = config.output.trim().toLowerCase() === 'auto' ? 'auto' : config.output;
  } else if (config.output !== undefined) {
    warnings.push(
      `device.output: expected a serial port path or "auto", got ${describe(config.output)}; using "auto"`,
    );
  }

  let baudRate = DEFAULT_RATE;
  const rate = config.rate;
  const rateOk = typeof rate === 'number' && Number.isInteger(rate) && rate > 0;
  if (rateOk) baudRate = rate;
  else if (rate !== undefined) {
    warnings.push(
      `device.rate: expected a baud rate (a positive integer), got ${describe(rate)}; using ${DEFAULT_RATE}`,
    );
  }
  const list = config.rateList;
  if (typeof list === 'string' && ADALIGHT_RATES.includes(list)) {
    if (list !== 'CUSTOM') {
      baudRate = Number(list);
      if (rateOk && rate !== baudRate) {
        warnings.push(
          `device.rate: ${rate} differs from device.rateList "${list}"; using ${list} (set rateList to "CUSTOM" to use rate)`,
        );
      }
    }
  } else if (list !== undefined) {
    warnings.push(
      `device.rateList: expected "CUSTOM" or one of ${ADALIGHT_RATES.slice(1).join(', ')}, got ${describe(list)}; using device.rate (${baudRate})`,
    );
  }

  let delayAfterConnect = DEFAULT_DELAY_AFTER_CONNECT;
  const delay = config.delayAfterConnect;
  if (
    typeof delay === 'number' &&
    Number.isInteger(delay) &&
    delay >= 0 &&
    delay <= MAX_DELAY_AFTER_CONNECT
  ) {
    delayAfterConnect = delay;
  } else if (delay !== undefined) {
    warnings.push(
      `device.delayAfterConnect: expected an integer from 0 to ${MAX_DELAY_AFTER_CONNECT} ms, got ${describe(delay)}; using ${DEFAULT_DELAY_AFTER_CONNECT}`,
    );
  }
  return { output, protocol, calibration, baudRate, delayAfterConnect, warnings };
}
