/**
 * The registry of device types: `device.type` → the factory that makes the device. Later device
 * issues add their types here.
 */
import { AdalightDevice } from './adalight/adalight-device.js';
import { FileDevice } from './file-device.js';
import type { DeviceFactory } from './led-device.js';
import { DdpDevice } from './network/ddp-device.js';
import { UdpRawDevice } from './network/udp-raw-device.js';
import { WledDevice } from './network/wled-device.js';
import { VirtualDevice } from './virtual-device.js';

/** Every device type Glowkit can drive, by the name `device.type` uses. */
export const DEVICE_TYPES: ReadonlyMap<string, DeviceFactory> = new Map<string, DeviceFactory>([
  ['adalight', (config, context) => new AdalightDevice(config, { log: context?.log })],
  ['file', (config) => new FileDevice(config)],
  ['udpddp', (config) => new DdpDevice(config)],
  ['udpraw', (config) => new UdpRawDevice(config)],
  ['virtual', (config) => new VirtualDevice(config)],
  ['wled', (config) => new WledDevice(config)],
]);

/** The names of a registry's types, sorted, for messages that list them. */
export function deviceTypeNames(
  types: ReadonlyMap<string, DeviceFactory> = DEVICE_TYPES,
): string[] {
  return [...types.keys()].sort();
}
