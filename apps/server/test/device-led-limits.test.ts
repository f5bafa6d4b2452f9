/**
 * The LEDs a device's protocol carries (protocol's settings/relations.ts): adalight's LightBerry
 * APA102 at most 65535, wled's RAW at most 490. setconfig and restore refuse more with one line
 * at the device's `hardwareLedCount`; a database holding more is brought into range as it opens,
 * with a log line, and the instance runs the lowered count.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { writeLandedDatabase } from './store/landed-db.js';
import { post } from './support/client.js';
import { configuration, restoreRequest, setconfigRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

type Json = Record<string, unknown>;

const LBAPA =
  'must be at most 65535 with streamProtocol "1" (LightBerry APA102 counts the LEDs in 16 bits); lower it or use "0" (Ada)';
const RAW =
  'must be at most 490 with streamProtocol "RAW" (one UDP datagram); lower it or use "DDP"';

describe("a device's LED count beyond what its protocol carries", () => {
  let t: TestServer;
  const call = async (request: Json): Promise<Json> =>
    (await post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } }))
      .json as Json;

  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused by setconfig, at the device key, and nothing is written', async () => {
    const before = t.server.store.read();
    const device = {
      type: 'wled',
      host: '127.0.0.1',
      streamProtocol: 'RAW',
      hardwareLedCount: 491,
    };
    expect(await call(setconfigRequest({ device }, 0, 3))).toEqual({
      command: 'config-setconfig',
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [{ description: `/config/device/hardwareLedCount: ${RAW}` }],
      success: false,
      tan: 3,
    });
    const atLimit = { ...device, hardwareLedCount: 490, autoStart: false };
    expect(t.server.store.read()).toEqual(before);
    expect(await call(setconfigRequest({ device: atLimit }, 0, 4))).toMatchObject({
      success: true,
    });
  });

  it('is refused by restore, at the device key of its instance', async () => {
    const config = configuration([0, 1]) as { instances: { settings: Json }[] };
    (config.instances[1] as { settings: Json }).settings.device = {
      type: 'adalight',
      streamProtocol: '1',
      hardwareLedCount: 65536,
    };
    const before = t.server.store.read();
    const reply = await call(restoreRequest(config, 8));
    expect(reply).toMatchObject({ success: false, error: 'Invalid params', tan: 8 });
    expect(reply.errorData).toEqual([
      { description: `/config/instances/1/settings/device/hardwareLedCount: ${LBAPA}` },
    ]);
    expect(t.server.store.read()).toEqual(before);
  });
});

describe('a stored device with more LEDs than its protocol carries', () => {
  let t: TestServer;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-led-limits-'));
    const token = writeLandedDatabase(databaseFile(dataDir), {
      instances: [
        {
          id: 0,
          name: 'Old LightBerry',
          // Stopped: an adalight device would look for a serial port.
          enabled: false,
          settings: {
            device: { type: 'adalight', lightberry_apa102_mode: true, hardwareLedCount: 65536 },
          },
        },
        {
          id: 1,
          name: 'Raw WLED',
          enabled: false,
          settings: { device: { type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 600 } },
        },
      ],
    });
    t = await startServer({ dataDir, adminToken: token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is brought into range as the database opens, one log line each', () => {
    const lines = t.logs
      .filter((line) => line.key === '/hardwareLedCount')
      .map(({ level, group, instance, msg }) => ({ level, group, instance, msg }));
    expect(lines).toEqual([
      {
        level: 40,
        group: 'device',
        instance: 0,
        msg: `settings group "device" of instance 0 brought into range: /hardwareLedCount 65536 → 65535 (${LBAPA})`,
      },
      {
        level: 40,
        group: 'device',
        instance: 1,
        msg: `settings group "device" of instance 1 brought into range: /hardwareLedCount 600 → 490 (${RAW})`,
      },
    ]);
  });

  it('reads back in range', async () => {
    const reply = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getconfig', tan: 1 },
      { headers: { Authorization: `Bearer ${t.token}` } },
    );
    const instances = (reply.json as { info: { instances: { settings: Json }[] } }).info.instances;
    expect(instances.map((i) => i.settings.device)).toEqual([
      { type: 'adalight', streamProtocol: '1', hardwareLedCount: 65535 },
      { type: 'wled', streamProtocol: 'RAW', hardwareLedCount: 490 },
    ]);
  });
});
