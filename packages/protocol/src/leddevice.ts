import { checkObject, jsonObject, oneOf, string, tanField } from './checks.js';
import { commandField } from './control-checks.js';
import { COMMANDS, type SubcommandOf } from './envelope.js';
import { type Parser, parserOf } from './parse.js';
import type { DiscoveredService } from './service.js';
import type { Violation } from './violations.js';

/**
 * A valid `leddevice` request: `discover` lists the devices of one type the server can reach
 * (the serial ports it sees, for serial devices).
 */
export interface LedDeviceRequest {
  command: 'leddevice';
  subcommand: SubcommandOf<'leddevice'>;
  tan?: number;
  /** The device type, as `device.type` names it: `adalight`, `udpraw`, `wled`, … */
  ledDeviceType: string;
  /** Hyperion.ng's clients send discovery parameters here; Glowkit takes none. */
  params?: Record<string, unknown>;
}

/** One serial port a `leddevice discover` reply lists. */
export interface DiscoveredSerialPort {
  /** The path to put in `device.output`, e.g. `/dev/ttyUSB0`. */
  portName: string;
  manufacturer?: string;
  serialNumber?: string;
  /** The USB vendor id (hex digits), for ports of USB devices. */
  vendorId?: string;
  /** The USB product id (hex digits). */
  productId?: string;
}

/** The `info` of a successful `leddevice discover` reply for a serial or unscanned type. */
export interface LedDeviceDiscovery {
  ledDeviceType: string;
  /** The serial ports for serial device types; empty for network types not browsed for. */
  devices: DiscoveredSerialPort[];
}

/**
 * The `info` of a successful `leddevice discover` reply for a network type the server browses
 * for over mDNS (`wled`: `_wled._tcp`): each device with `hostname`, `address` and `port`, what
 * fills `device.host`.
 */
export interface NetworkDeviceDiscovery {
  ledDeviceType: string;
  discoveryMethod: 'mDNS';
  devices: DiscoveredService[];
}

/** The longest `ledDeviceType` taken: longer than any type name. */
export const LED_DEVICE_TYPE_LENGTH = 64;

const SUBCOMMANDS = COMMANDS.leddevice;

const REQUEST_FIELDS = new Map([
  ['command', commandField('leddevice')],
  ['subcommand', { required: `one of: ${SUBCOMMANDS.join(', ')}`, check: oneOf(SUBCOMMANDS) }],
  ['tan', tanField],
  [
    'ledDeviceType',
    {
      required: `the device type, e.g. "adalight"`,
      check: string(1, LED_DEVICE_TYPE_LENGTH),
    },
  ],
  ['params', { check: jsonObject }],
]);

/**
 * Every violation of a `leddevice` request; `[]` when it is valid (see {@link LedDeviceRequest}).
 * `ledDeviceType` is required (1 to 64 characters; whether the server drives that type is the
 * server's to say); `params`, if present, is an object. Other top-level properties are allowed.
 *
 * @param request - the parsed request.
 * @returns all violations at once.
 */
export function validateLedDeviceRequest(request: unknown): Violation[] {
  const out: Violation[] = [];
  checkObject(out, '', request, 'a JSON object', REQUEST_FIELDS, 'allow');
  return out;
}

/** The typed value of a valid `leddevice` request (see {@link LedDeviceRequest}), or its violations. */
export const parseLedDeviceRequest: Parser<LedDeviceRequest> = parserOf(validateLedDeviceRequest);
