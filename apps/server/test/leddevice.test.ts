import type { ListedPort } from '@glowkit/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const discover = (ledDeviceType: unknown, tan = 4) => ({
  command: 'leddevice',
  subcommand: 'discover',
  ledDeviceType,
  tan,
});

describe('leddevice discover', () => {
  let t: TestServer;
  let ports: readonly ListedPort[] | Error = [];
  const call = (request: unknown, token = t.token) =>
    post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startServer({
      listSerialPorts: async () => {
        if (ports instanceof Error) throw ports;
        return ports;
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the serial ports for a serial device type, saying what is known of each', async () => {
    ports = [
      {
        path: '/dev/ttyUSB0',
        manufacturer: 'wch.cn',
        serialNumber: '5A7B0123',
        vendorId: '1a86',
        productId: '7523',
      },
      { path: '/dev/ttyS0', manufacturer: undefined, vendorId: '', productId: undefined },
    ];
    const reply = await call(discover('adalight'));
    expect(reply.json).toEqual({
      command: 'leddevice-discover',
      info: {
        ledDeviceType: 'adalight',
        devices: [
          {
            portName: '/dev/ttyUSB0',
            manufacturer: 'wch.cn',
            serialNumber: '5A7B0123',
            vendorId: '1a86',
            productId: '7523',
          },
          { portName: '/dev/ttyS0' },
        ],
      },
      success: true,
      tan: 4,
    });
  });

  it('scans no network: network and other types list nothing', async () => {
    for (const type of ['udpraw', 'udpddp', 'wled', 'file', 'virtual']) {
      const reply = await call(discover(type));
      expect(reply.json, type).toMatchObject({
        success: true,
        info: { ledDeviceType: type, devices: [] },
      });
    }
  });

  it('refuses a type the server does not drive, and a broken request, naming the field', async () => {
    const unknown = await call(discover('philipshue'));
    expect(unknown.json).toMatchObject({
      success: false,
      error: 'Invalid params',
      errorData: [
        {
          description:
            '/ledDeviceType: "philipshue" is not a device type this server drives (known: adalight, file, udpddp, udpraw, virtual, wled)',
        },
      ],
    });
    const broken = await call(discover(''));
    expect(broken.json).toMatchObject({
      error: 'Invalid params',
      errorData: [{ description: '/ledDeviceType: must be a string of 1 to 64 characters' }],
    });
  });

  it('says in one line when the ports cannot be listed', async () => {
    ports = new Error('udevadm failed\n    at something');
    const reply = await call(discover('adalight'));
    expect(reply.json).toMatchObject({
      success: false,
      error: 'Device discovery failed',
      errorData: [
        {
          description:
            "the serial ports could not be listed (udevadm failed); type the port's path instead, e.g. /dev/ttyUSB0",
        },
      ],
    });
    ports = [];
  });

  it('is for admin tokens only', async () => {
    const { token } = t.server.store.tokens.create('a viewer token', false);
    const reply = await call(discover('adalight'), token);
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ success: false, error: 'No Authorization' });
  });
});

describe('leddevice discover on this machine', () => {
  it("answers with serialport's own listing (often empty; socat's ptys are not listed)", async () => {
    const t = await startServer();
    try {
      const reply = await post(`${t.http}/json-rpc`, discover('adalight'), {
        headers: { Authorization: `Bearer ${t.token}` },
      });
      expect(reply.json).toMatchObject({ success: true, info: { ledDeviceType: 'adalight' } });
      const devices = (reply.json.info as { devices: Record<string, unknown>[] }).devices;
      expect(Array.isArray(devices)).toBe(true);
      for (const device of devices) {
        expect(typeof device.portName).toBe('string');
        for (const value of Object.values(device)) expect(typeof value).toBe('string');
      }
    } finally {
      await t.close();
    }
  });
});
