import { afterEach, describe, expect, it } from 'vitest';
import { runDevice } from '../../../test/support/run-device.js';
import { UdpReceiver } from '../../../test/support/udp-receiver.js';
import { UDP_RAW_MAX_LEDS, UdpRawDevice } from './udp-raw-device.js';

const config = (keys: Record<string, unknown>) =>
  runDevice({ type: 'udpraw', hardwareLedCount: 3, ...keys });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('UdpRawDevice', () => {
  it('defaults to port 5568 and needs a host', () => {
    const device = new UdpRawDevice(config({ host: 'strip.local' }));
    expect([device.host, device.port, device.recoverable]).toEqual(['strip.local', 5568, true]);
    expect(() => new UdpRawDevice(config({ host: ' ' }))).toThrow(
      "udpraw: device.host is empty; set it to the controller's IP address or host name",
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

  // More than 490 LEDs is refused by the udpraw schema (protocol's boundary tests).
  it('carries 490 LEDs in one 1470-byte datagram', async () => {
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
