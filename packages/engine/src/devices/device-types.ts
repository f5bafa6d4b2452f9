/**
 * The registry of device types: `device.type` → the factory that makes the device. Later device
 * issues add their types here.
 */
import type { RunDevice } from '@glowkit/protocol';
import { AdalightDevice } from './adalight/adalight-device.js';
import { FileDevice } from './file-device.js';
import type { DeviceFactory } from './led-device.js';
import { DdpDevice } from './network/ddp-device.js';
import { UdpRawDevice } from './network/udp-raw-device.js';
import { WledDevice } from './network/wled-device.js';
import { VirtualDevice } from './virtual-device.js';

/** Every device type Glowkit can drive, by the name `device.type` uses. */
// Each factory takes the `device` group as its type's: the server filled it from that type's
// schema (protocol's instanceRunSettings), and `device.type` is what picked the factory.
export const DEVICE_TYPES: ReadonlyMap<string, DeviceFactory> = new Map<string, DeviceFactory>([
  [
    'adalight',
    (config, context) => new AdalightDevice(config as RunDevice<'adalight'>, { log: context?.log }),
  ],
  ['file', (config) => new FileDevice(config as RunDevice<'file'>)],
  ['udpddp', (config) => new DdpDevice(config as RunDevice<'udpddp'>)],
  ['udpraw', (config) => new UdpRawDevice(config as RunDevice<'udpraw'>)],
  ['virtual', (config) => new VirtualDevice(config)],
  ['wled', (config) => new WledDevice(config as RunDevice<'wled'>)],
]);

/** The names of a registry's types, sorted, for messages that list them. */
export function deviceTypeNames(
  types: ReadonlyMap<string, DeviceFactory> = DEVICE_TYPES,
): string[] {
  return [...types.keys()].sort();
}
