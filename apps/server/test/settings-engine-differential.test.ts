// The engine half of issue 20's differential test (apps/web/e2e/settings-differential.test.ts has
// the refusals and the read-back): every boundary value of a group the engine acts on, saved by
// `config setconfig` on a real server, is what the rebuilt instance runs, as its read-only view
// shows it. The cases come from the schemas (protocol's boundaryCases), so a key added to a schema
// is covered without touching this test.
//
// Left out: `ledConfig.classic`/`matrix` (the web UI's layout generator reads them; the engine
// does not), foregroundEffect's duration_ms 100 (it is over before a test could look at it
// without a deadline), the effect a boot or background effect names (a string of any value:
// the effect that runs is named by it, shown for the default name only), and the groups the
// engine does not act on (instCapture: its schema says so), and boblightServer, whose
// listener test/boblight.test.ts drives with real clients.
import {
  type BoundaryCase,
  boundaryCases,
  DEVICE_TYPES,
  deviceTypeSchemas,
  keepingRelations,
  settingsGroupSchemas,
  withDefaults,
} from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, setconfigRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

type Json = Record<string, unknown>;

const accepted = (cases: BoundaryCase[]) => cases.filter((c) => c.refusedBy === undefined);

let t: TestServer;

/** The configuration without its boot effect, which would hide the background effect. */
function quiet(config: Configuration): Configuration {
  for (const instance of config.instances) instance.settings.foregroundEffect = { enable: false };
  return config;
}

beforeAll(async () => {
  t = await startServer({
    prepare: (server) =>
      server.store.replace(quiet(configuration([0]) as unknown as Configuration), 'one instance'),
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
      const filled = withDefaults('color', group);
      expect(view.mappingOptions, name).toEqual({
        accuracyLevel: filled.accuracyLevel,
        reducedPixelSetFactor: Number(filled.reducedPixelSetFactorFactor),
      });
      const entries = group.channelAdjustment as Json[];
      expect(view.adjustments, name).toHaveLength(entries.length);
      entries.forEach((entry, i) => {
        expect(view.adjustments[i], name).toMatchObject(entry);
      });
    }
  });

  it('blackborderdetector: the detection the instance runs, and whether it starts on', async () => {
    for (const c of accepted(boundaryCases(settingsGroupSchemas.blackborderdetector))) {
      const name = `blackborderdetector${c.pointer}: ${c.what}`;
      const view = await run('blackborderdetector', c.group, name);
      const filled = withDefaults('blackborderdetector', c.group);
      expect(view.blackBorder.settings, name).toEqual(filled);
      expect(view.components, name).toContainEqual({ enabled: filled.enable, name: 'BLACKBORDER' });
    }
  });

  it('leds: the layout the instance maps pictures with', async () => {
    // A device with room for the largest layout, so that no LED is dropped.
    await run('device', { type: 'file', output: '/dev/null', hardwareLedCount: 65536 }, 'device');
    for (const c of keepingRelations('leds', accepted(boundaryCases(settingsGroupSchemas.leds)))) {
      const name = `leds${c.pointer}: ${c.what}`;
      const leds = c.group as Json[];
      const view = await run('leds', leds, name);
      expect(view.ledCount, name).toBe(leds.length);
      expect(view.layout, name).toEqual(leds);
    }
  });

  it('ledConfig: the LEDs the instance keeps black', async () => {
    await run(
      'leds',
      Array.from({ length: 4 }, () => ({ hmin: 0, hmax: 1, vmin: 0, vmax: 1 })),
      'leds',
    );
    const cases = accepted(boundaryCases(settingsGroupSchemas.ledConfig)).filter((c) =>
      c.pointer.startsWith('/ledBlacklist'),
    );
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const name = `ledConfig${c.pointer}: ${c.what}`;
      const list = (c.group as { ledBlacklist: { start: number; num: number }[] }).ledBlacklist;
      const view = await run('ledConfig', c.group, name);
      const black = list.flatMap(({ start, num }) =>
        Array.from({ length: num }, (_, i) => start + i),
      );
      expect(view.blacklisted, name).toEqual([...new Set(black)].sort((a, b) => a - b));
    }
  });

  /** The entry at `priority` the instance shows, once it is there. */
  const shownAt = (priority: number, name: string) =>
    until(() =>
      t.server.runtime.instance(0)?.view.priorities.find((p) => p.priority === priority),
    ).catch(() => expect.fail(`${name}: nothing at priority ${priority}`));

  it('backgroundEffect: what the instance shows at the background priority', async () => {
    for (const c of accepted(boundaryCases(settingsGroupSchemas.backgroundEffect))) {
      const name = `backgroundEffect${c.pointer}: ${c.what}`;
      // Enabled, so that it shows (the default is off).
      const group: Json = { ...(c.group as Json), enable: true };
      await run('backgroundEffect', group, name);
      const entry = await shownAt(254, name);
      if (group.type === 'color') {
        expect(entry, name).toMatchObject({ componentId: 'COLOR', value: { RGB: group.color } });
      } else {
        expect(entry, name).toMatchObject({ componentId: 'EFFECT', owner: group.effect });
      }
    }
    await run('backgroundEffect', { enable: false }, 'background off');
  });

  it('foregroundEffect: what the instance shows at the boot priority, and for how long', async () => {
    const cases = accepted(boundaryCases(settingsGroupSchemas.foregroundEffect)).filter(
      (c) => !(c.pointer === '/duration_ms' && c.value === 100),
    );
    for (const c of cases) {
      const name = `foregroundEffect${c.pointer}: ${c.what}`;
      // An hour unless the case is about the duration, so that it is still there to be seen.
      const group: Json = { ...(c.group as Json) };
      if (c.pointer !== '/duration_ms') group.duration_ms = 3_600_000;
      await run('foregroundEffect', group, name);
      const entry = await shownAt(1, name);
      // Less only by the time since it started: half of it would be a clamp, not a busy machine.
      expect(entry.duration_ms, name).toBeLessThanOrEqual(group.duration_ms as number);
      expect(entry.duration_ms, name).toBeGreaterThan((group.duration_ms as number) / 2);
      if (group.type === 'color') {
        expect(entry, name).toMatchObject({ componentId: 'COLOR', value: { RGB: group.color } });
      } else {
        expect(entry, name).toMatchObject({ componentId: 'EFFECT', owner: group.effect });
      }
    }
    await run('foregroundEffect', { enable: false }, 'boot effect off');
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
