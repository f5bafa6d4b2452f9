import { describe, expect, it } from 'vitest';
import { runDevice } from '../../test/support/run-device.js';
import { DEVICE_TYPES, deviceTypeNames } from './device-types.js';
import { FileDevice } from './file-device.js';
import { VirtualDevice } from './virtual-device.js';

describe('VirtualDevice', () => {
  it('opens, accepts frames of its size and closes', async () => {
    const device = new VirtualDevice(runDevice({ hardwareLedCount: 2 }));
    expect(device.recoverable).toBe(false);
    await device.open();
    await expect(device.write(Uint8Array.of(1, 2, 3, 4, 5, 6))).resolves.toBeUndefined();
    await expect(device.write(Uint8Array.of(1, 2, 3))).rejects.toThrow(
      'virtual device: frame of 3 bytes for 2 LEDs',
    );
    await device.close();
    await expect(device.write(Uint8Array.of(1, 2, 3, 4, 5, 6))).rejects.toThrow(
      'virtual device: write before open',
    );
  });
});

describe('DEVICE_TYPES', () => {
  it('knows file and virtual and makes the matching device', () => {
    expect(deviceTypeNames()).toEqual(['adalight', 'file', 'udpddp', 'udpraw', 'virtual', 'wled']);
    const config = runDevice({ type: 'file' });
    expect(DEVICE_TYPES.get('file')?.(config)).toBeInstanceOf(FileDevice);
    expect(DEVICE_TYPES.get('virtual')?.(config)).toBeInstanceOf(VirtualDevice);
  });
});
