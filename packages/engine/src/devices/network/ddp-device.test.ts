import { afterEach, describe, expect, it } from 'vitest';
import { DdpDecoder } from '../../../test/support/ddp-decoder.js';
import { runDevice } from '../../../test/support/run-device.js';
import { UdpReceiver } from '../../../test/support/udp-receiver.js';
import { DeviceController } from '../device-controller.js';
import { DdpDevice } from './ddp-device.js';

const config = (keys: Record<string, unknown>) =>
  runDevice({ type: 'udpddp', hardwareLedCount: 2, ...keys });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(): Promise<UdpReceiver> {
  const started = await UdpReceiver.start();
  cleanups.push(() => started.close());
  return started;
}

describe('DdpDevice', () => {
  it('defaults to port 4048 and needs a host', () => {
    const device = new DdpDevice(config({ host: '10.0.0.9' }));
    expect([device.host, device.port, device.recoverable]).toEqual(['10.0.0.9', 4048, true]);
    expect(() => new DdpDevice(config({}))).toThrow(/^udpddp: device\.host is empty/);
  });

  it('sends a 2-LED frame as one DDP packet, byte for byte', async () => {
    const udp = await receiver();
    const device = new DdpDevice(config({ host: '127.0.0.1', port: udp.port }));
    cleanups.push(() => device.close());
    await device.open();
    await device.write(Uint8Array.of(255, 0, 0, 0, 0, 255));
    const [packet] = await udp.waitFor(1);
    expect([...(packet as Buffer)]).toEqual([
      0x41, 0, 0x0b, 1, 0, 0, 0, 0, 0, 6, 255, 0, 0, 0, 0, 255,
    ]);
  });

  it('sends 5000 LEDs as 11 packets that reassemble to the frame, sequence running on', async () => {
    const udp = await receiver();
    const device = new DdpDevice(
      config({ host: '127.0.0.1', port: udp.port, hardwareLedCount: 5000 }),
    );
    cleanups.push(() => device.close());
    await device.open();
    const frames = [1, 2].map((salt) =>
      Uint8Array.from({ length: 15000 }, (_, i) => (i * 13 + salt) & 0xff),
    );
    for (const frame of frames) await device.write(frame);
    const packets = await udp.waitFor(22);
    const decoder = new DdpDecoder({ frameBytes: 15000, firstSequence: 0 });
    for (const packet of packets) decoder.push(packet);
    expect(decoder.frames).toEqual(frames);
    expect(decoder.headers.map((header) => header.sequence).slice(10, 13)).toEqual([10, 11, 12]);
  });

  it('rejects a frame of the wrong size and a write before open', async () => {
    const device = new DdpDevice(config({ host: '127.0.0.1' }));
    await expect(device.write(new Uint8Array(6))).rejects.toThrow(/send before open/);
    await expect(device.write(new Uint8Array(3))).rejects.toThrow(
      'udpddp: frame of 3 bytes for 2 LEDs; send 3 bytes per hardware LED',
    );
  });

  it('works under the controller: frames reach the receiver, switchOff sends black', async () => {
    const udp = await receiver();
    const controller = new DeviceController(config({ host: '127.0.0.1', port: udp.port }), {
      types: new Map([
        ['udpddp', () => new DdpDevice(config({ host: '127.0.0.1', port: udp.port }))],
      ]),
    });
    cleanups.push(() => controller.close());
    await controller.enable();
    expect(controller.status.state).toBe('on');
    controller.write(Uint8Array.of(1, 2, 3, 4, 5, 6));
    await controller.flush();
    controller.switchOff();
    await controller.flush();
    const decoder = new DdpDecoder({ frameBytes: 6, firstSequence: 0 });
    for (const packet of await udp.waitFor(2)) decoder.push(packet);
    expect(decoder.frames.map((frame) => [...frame])).toEqual([
      [1, 2, 3, 4, 5, 6],
      [0, 0, 0, 0, 0, 0],
    ]);
  });
});
