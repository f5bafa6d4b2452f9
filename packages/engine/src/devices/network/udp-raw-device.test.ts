import { afterEach, describe, expect, it } from 'vitest';
import { UdpReceiver } from '../../../test/support/udp-receiver.js';
import { DeviceController } from '../device-controller.js';
import { deviceConfigOf } from '../led-device.js';
import { UDP_RAW_MAX_LEDS, UdpRawDevice } from './udp-raw-device.js';

const config = (keys: Record<string, unknown>) =>
  deviceConfigOf({ type: 'udpraw', hardwareLedCount: 3, ...keys }).config;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('UdpRawDevice', () => {
  it('defaults to port 5568 and needs a host', () => {
    const device = new UdpRawDevice(config({ host: 'strip.local' }));
    expect([device.host, device.port, device.warnings, device.recoverable]).toEqual([
      'strip.local',
      5568,
      [],
      true,
    ]);
    expect(() => new UdpRawDevice(config({ host: 42 }))).toThrow(
      "udpraw: device.host is not a host name (42); set it to the controller's IP address or host name",
    );
  });

  it('sends each frame as one datagram of its bare RGB bytes', async () => {
    const udp = await UdpReceiver.start();
    cleanups.push(() => udp.close());
    const device = new UdpRawDevice(config({ host: '127.0.0.1', port: udp.port }));
    cleanups.push(() => device.close());
    await device.open();
    await device.write(Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255));
    await device.write(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9));
    const packets = await udp.waitFor(2);
    expect(packets.map((packet) => [...packet])).toEqual([
      [255, 0, 0, 0, 255, 0, 0, 0, 255],
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    ]);
  });

  it('carries 490 LEDs in one 1470-byte datagram and refuses 491 with a clear error', async () => {
    expect(UDP_RAW_MAX_LEDS).toBe(490);
    const udp = await UdpReceiver.start();
    cleanups.push(() => udp.close());
    const device = new UdpRawDevice(
      config({ host: '127.0.0.1', port: udp.port, hardwareLedCount: 490 }),
    );
    cleanups.push(() => device.close());
    await device.open();
    const frame = Uint8Array.from({ length: 1470 }, (_, i) => i & 0xff);
    await device.write(frame);
    const [packet] = await udp.waitFor(1);
    expect(packet).toEqual(Buffer.from(frame));
    expect(() => new UdpRawDevice(config({ host: 'h', hardwareLedCount: 491 }))).toThrow(
      'udpraw: 491 LEDs do not fit in one raw UDP datagram (at most 490 RGB LEDs); lower device.hardwareLedCount or use the udpddp device, which splits frames',
    );
  });

  it('puts the controller in error, without retrying, when there are too many LEDs', async () => {
    const logs: string[] = [];
    const controller = new DeviceController(config({ host: 'h', hardwareLedCount: 600 }), {
      types: new Map([['udpraw', (c) => new UdpRawDevice(c)]]),
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    await controller.enable();
    expect(controller.status).toMatchObject({ state: 'error', attempts: 0 });
    expect(controller.status.error).toMatch(/^udpraw: 600 LEDs do not fit/);
    await controller.close();
  });

  it('rejects a frame of the wrong size', async () => {
    const device = new UdpRawDevice(config({ host: '127.0.0.1' }));
    await device.open();
    cleanups.push(() => device.close());
    await expect(device.write(new Uint8Array(6))).rejects.toThrow(
      'udpraw: frame of 6 bytes for 3 LEDs; send 3 bytes per hardware LED',
    );
  });
});
