import type { ListedPort, SerialPortLister } from '@glowkit/engine';
import {
  type DiscoveredSerialPort,
  errorFirstLine,
  errorReply,
  type LedDeviceDiscovery,
  type LedDeviceRequest,
  type NetworkDeviceDiscovery,
  successReply,
} from '@glowkit/protocol';
import type { MdnsBrowser } from '../discovery/mdns-browser.js';
import type { Logger } from '../logger.js';
import type { CommandContext } from './command.js';
import type { Outcome } from './outcome.js';

/** What `leddevice` needs from the server. */
export interface LedDeviceDeps {
  logger: Logger;
  /** Lists the machine's serial ports (the engine's `listSerialPorts`; tests pass their own). */
  listSerialPorts: SerialPortLister;
  /** The device types the instances can drive, sorted. */
  deviceTypes: readonly string[];
  /** The mDNS browser, for network device types; undefined when the server browses nothing. */
  mdnsBrowser?: MdnsBrowser | undefined;
}

/** The device types behind a serial port: discovery lists the machine's serial ports for them. */
const SERIAL_TYPES: ReadonlySet<string> = new Set(['adalight']);

/** The network device types that announce themselves over mDNS: discovery browses for them. */
const MDNS_TYPES: ReadonlySet<string> = new Set(['wled']);

/**
 * A port as the reply lists it: the path, and what is known of the device, nothing empty; keys
 * in sorted order, as Hyperion.ng's replies are written.
 */
function portOf(port: ListedPort): DiscoveredSerialPort {
  const known = (value: string | undefined) =>
    typeof value === 'string' && value.trim() !== '' ? value : undefined;
  const fields: [keyof DiscoveredSerialPort, string | undefined][] = [
    ['manufacturer', known(port.manufacturer)],
    ['portName', port.path],
    ['productId', known(port.productId)],
    ['serialNumber', known(port.serialNumber)],
    ['vendorId', known(port.vendorId)],
  ];
  return Object.fromEntries(
    fields.filter(([, value]) => value !== undefined),
  ) as unknown as DiscoveredSerialPort;
}

/**
 * `leddevice discover`: the serial ports for serial device types (`adalight`), in the order
 * serialport lists them; the devices the mDNS browser found for `wled` (`_wled._tcp`: host
 * name, address, port, instance name, so that a setup page can fill `device.host`); nothing
 * for the others (`udpraw`, `udpddp` announce nothing, and are not scanned for).
 */
export async function ledDeviceCommand({
  value,
  name,
  tan,
  deps,
}: CommandContext<LedDeviceRequest, LedDeviceDeps>): Promise<Outcome> {
  const type = value.ledDeviceType;
  if (!deps.deviceTypes.includes(type)) {
    return {
      reply: errorReply(name, tan, 'Invalid params', [
        `/ledDeviceType: ${JSON.stringify(type)} is not a device type this server drives (known: ${deps.deviceTypes.join(', ')})`,
      ]),
    };
  }
  let devices: DiscoveredSerialPort[] = [];
  if (SERIAL_TYPES.has(type)) {
    try {
      devices = (await deps.listSerialPorts()).map(portOf);
    } catch (error) {
      const reason = errorFirstLine(error);
      deps.logger.warn({ error: reason }, 'the serial ports could not be listed');
      return {
        reply: errorReply(
          name,
          tan,
          'Device discovery failed',
          [
            `the serial ports could not be listed (${reason}); type the port's path instead, e.g. /dev/ttyUSB0`,
          ],
          { code: 'discovery-failed' },
        ),
      };
    }
  }
  if (MDNS_TYPES.has(type) && deps.mdnsBrowser) {
    const found = (await deps.mdnsBrowser.discover(type)) ?? [];
    const info: NetworkDeviceDiscovery = {
      devices: found,
      discoveryMethod: 'mDNS',
      ledDeviceType: type,
    };
    return { reply: successReply(name, tan, info) };
  }
  const info: LedDeviceDiscovery = { devices, ledDeviceType: type };
  return { reply: successReply(name, tan, info) };
}
