import { type DeviceType, type RunDevice, withDefaults } from '@glowkit/protocol';

/**
 * A `device` group as the server hands it to the engine: `keys` completed with the defaults of
 * its type's schema (the keys every device has for a type Glowkit lacks).
 */
export function runDevice<T extends DeviceType>(
  keys: { type: T } & Record<string, unknown>,
): RunDevice<T>;
export function runDevice(keys: Record<string, unknown>): RunDevice<'virtual'>;
export function runDevice(keys: Record<string, unknown>): unknown {
  return withDefaults('device', keys);
}
