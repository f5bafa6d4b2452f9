// The engine half of issue 20's differential test (apps/web/e2e/settings-differential.test.ts has
// the refusals and the read-back): every boundary value of a group the engine acts on, saved by
// `config setconfig` on a real server, is what the rebuilt instance runs, as its read-only view
// shows it. The cases come from the schemas (protocol's boundaryCases), so a key added to a schema
// is covered without touching this test.
import {
  type BoundaryCase,
  boundaryCases,
  DEVICE_TYPES,
  deviceTypeSchemas,
  settingsGroupSchemas,
} from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, setconfigRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

type Json = Record<string, unknown>;

const accepted = (cases: BoundaryCase[]) => cases.filter((c) => c.refusedBy === undefined);

let t: TestServer;

beforeAll(async () => {
  t = await startServer({
    prepare: (server) =>
      server.store.replace(configuration([0]) as unknown as Configuration, 'one instance'),
  });
});
afterAll(async () => {
  await t?.close();
});

/** Saves one group of instance 0 and answers the view of the instance rebuilt from it. */
async function run(group: string, value: unknown, name: string) {
  const reply = await post(`${t.http}/json-rpc`, setconfigRequest({ [group]: value }, 0), {
    headers: { Authorization: `Bearer ${t.token}` },
  });
  expect(reply.json, name).toMatchObject({ success: true });
  const view = t.server.runtime.instance(0)?.view;
  expect(view, name).toBeDefined();
  return view as NonNullable<typeof view>;
}

describe('each boundary value is what the engine runs', () => {
  it('smoothing: the smoothing the instance runs', async () => {
    for (const c of accepted(boundaryCases(settingsGroupSchemas.smoothing))) {
      const name = `smoothing${c.pointer}: ${c.what}`;
      const group = c.group as Json;
      const view = await run('smoothing', group, name);
      expect(view.smoothing, name).toEqual({
        enabled: group.enable,
        type: group.type,
        timeMs: group.time_ms,
        updateFrequency: group.updateFrequency,
        interpolationRate: group.interpolationRate,
        decay: group.decay,
        dithering: group.dithering,
        updateDelay: group.updateDelay,
      });
    }
  });

  it('color: the mapping type and the adjustments the instance runs', async () => {
    for (const c of accepted(boundaryCases(settingsGroupSchemas.color))) {
      const name = `color${c.pointer}: ${c.what}`;
      const group = c.group as Json;
      const view = await run('color', group, name);
      expect(view.mappingType, name).toBe(group.imageToLedMappingType);
      const entries = group.channelAdjustment as Json[];
      expect(view.adjustments, name).toHaveLength(entries.length);
      entries.forEach((entry, i) => {
        expect(view.adjustments[i], name).toMatchObject(entry);
      });
    }
  });

  it.each(DEVICE_TYPES.map((type) => [type]))(
    'device of type %s: the device configuration the instance runs',
    async (type) => {
      const cases = accepted(boundaryCases(deviceTypeSchemas[type])).filter(
        // A file device writes where `output` says: a boundary name would land in the cwd.
        (c) => !(type === 'file' && c.pointer === '/output'),
      );
      for (const c of cases) {
        const name = `device (${type})${c.pointer}: ${c.what}`;
        const view = await run('device', c.group, name);
        expect(view.deviceConfig, name).toMatchObject(c.group as Json);
        expect(view.device.type, name).toBe((c.group as Json).type);
      }
    },
  );
});
