import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGroup } from '../src/config/defaults.js';
import { configuration, restoreRequest } from './support/configs.js';
import type { Json } from './support/json.js';
import { startServer, type TestServer } from './support/server.js';
import { restoreAndWait, transports } from './support/transports.js';

const getconfig = { command: 'config', subcommand: 'getconfig', tan: 5 };

describe('restore, then getconfig', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(transports)('gives back every group as restored, over $name', async (transport) => {
    const config = configuration([3, 0, 7]) as Json;
    // Fields the server does not know are kept, and a group sent as a string comes back as JSON.
    config.global.settings.general.futureOption = { nested: [1, 2] };
    config.instances[1].settings.device.vendorSpecific = 'kept';
    config.global.settings.logger = '{"level":"debug"}';
    const reply = await restoreAndWait(t, transport, restoreRequest(config));
    expect(reply.success).toBe(true);
    const got = await transport.call(t, getconfig);
    expect(got).toMatchObject({ success: true, command: 'config-getconfig', tan: 5 });
    const info = got.info as Json;
    expect(info.instanceIds).toEqual([3, 0, 7]);
    for (const [group, value] of Object.entries(config.global.settings)) {
      const expected = group === 'logger' ? { level: 'debug' } : value;
      expect(info.global.settings[group], group).toEqual(expected);
    }
    for (const [index, instance] of config.instances.entries()) {
      expect(info.instances[index]).toEqual(instance);
    }
  });

  it('resets a null group to its default', async () => {
    const config = configuration([0]) as Json;
    config.global.settings.network = null;
    config.instances[0].settings.smoothing = null;
    await restoreAndWait(t, transports[0] as never, restoreRequest(config));
    const info = (await transports[0]?.call(t, getconfig))?.info as Json;
    expect(info.global.settings.network).toEqual(defaultGroup('network'));
    expect(info.instances[0].settings.smoothing).toEqual(defaultGroup('smoothing'));
  });

  it('filters getconfig by group and instance, and says which ids do not exist', async () => {
    await restoreAndWait(t, transports[0] as never, restoreRequest(configuration([1, 2])));
    const got = await transports[0]?.call(t, {
      command: 'config',
      subcommand: 'getconfig',
      configFilter: { global: { types: ['general'] }, instances: { ids: [2, 9], types: ['leds'] } },
    });
    const info = got?.info as Json;
    expect(Object.keys(info.global.settings)).toEqual(['general']);
    expect(info.instances.map((i: Json) => i.id)).toEqual([2]);
    expect(Object.keys(info.instances[0].settings)).toEqual(['leds']);
    expect(got?.errorData).toEqual([{ description: "Given instance number '9' does not exist." }]);
  });
});

describe('getconfig filters as clients send them (hyperion.md §6)', () => {
  let t: TestServer;
  const filter = (configFilter: unknown) => ({
    command: 'config',
    subcommand: 'getconfig',
    tan: 6,
    configFilter,
  });
  beforeAll(async () => {
    t = await startServer();
    await restoreAndWait(t, transports[0] as never, restoreRequest(configuration([4, 1])));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(transports)(
    'reads [] as all: types, ids and instances, over $name',
    async (transport) => {
      const all = (await transport.call(t, getconfig)).info as Json;
      for (const configFilter of [
        { global: { types: [] }, instances: { ids: [], types: [] } },
        { global: {}, instances: [] },
        { global: { types: [] }, instances: { ids: [] } },
        { instances: { types: [] } },
      ]) {
        const got = await transport.call(t, filter(configFilter));
        expect(got, JSON.stringify(configFilter)).toMatchObject({ success: true, tan: 6 });
        expect(got.errorData, JSON.stringify(configFilter)).toBeUndefined();
        expect(got.info, JSON.stringify(configFilter)).toEqual(all);
      }
    },
  );

  it('skips ids that are not integers, and warns about them and about unknown ids', async () => {
    const got = await transports[0]?.call(
      t,
      filter({ instances: { ids: ['4', 1, 1.5, null, 300], types: ['device'] } }),
    );
    expect(got).toMatchObject({ success: true, command: 'config-getconfig', tan: 6 });
    const info = got?.info as Json;
    expect(info.instanceIds).toEqual([1]);
    expect(info.instances.map((i: Json) => Object.keys(i.settings))).toEqual([['device']]);
    expect(got?.errorData).toEqual([
      {
        description:
          '/configFilter/instances/ids/0: "4" is not an instance id (an integer); skipped.',
      },
      {
        description:
          '/configFilter/instances/ids/2: 1.5 is not an instance id (an integer); skipped.',
      },
      {
        description:
          '/configFilter/instances/ids/3: null is not an instance id (an integer); skipped.',
      },
      { description: "Given instance number '300' does not exist." },
    ]);
  });

  it('reads ids that are all skipped as no ids: all instances', async () => {
    const ws = transports[2] as (typeof transports)[number];
    const got = await ws.call(t, filter({ instances: { ids: ['0', 'x'] } }));
    expect((got.info as Json).instanceIds).toEqual([4, 1]);
    expect(got.errorData).toHaveLength(2);
  });

  it('still leaves a section out for null, and refuses what is no filter at all', async () => {
    const none = await transports[0]?.call(t, filter({ global: null, instances: { ids: null } }));
    expect(none?.info).toEqual({});
    const bad = await transports[0]?.call(
      t,
      filter({ instances: [0], global: { types: ['leds'] } }),
    );
    expect(bad).toMatchObject({ success: false, error: 'Invalid params' });
    expect(((bad?.errorData ?? []) as Json[]).map((d) => d.description.split(':')[0])).toEqual([
      '/configFilter/instances',
      '/configFilter/global/types/0',
    ]);
  });
});

describe('snapshots', () => {
  it('keeps the previous configuration before each restore, and restores it (undo)', async () => {
    const t = await startServer();
    try {
      const http = transports[0] as never;
      const first = configuration([0]) as Json;
      first.global.settings.general.name = 'First setup';
      const second = configuration([4, 5]) as Json;
      second.global.settings.general.name = 'Second setup';
      await restoreAndWait(t, http, restoreRequest(first));
      await restoreAndWait(t, http, restoreRequest(second));
      const list = await transports[0]?.call(t, { command: 'config', subcommand: 'getsnapshots' });
      const snapshots = list?.info as { id: number; reason: string }[];
      expect(snapshots.length).toBeGreaterThanOrEqual(2);
      // Newest first: the snapshot taken before the second restore holds the first setup.
      const undo = await restoreAndWait(t, http, {
        command: 'config',
        subcommand: 'restoresnapshot',
        snapshot: snapshots[0]?.id,
        tan: 8,
      });
      expect(undo).toMatchObject({ success: true, command: 'config-restoresnapshot', tan: 8 });
      const info = (await transports[0]?.call(t, getconfig))?.info as Json;
      expect(info.global.settings.general.name).toBe('First setup');
      expect(info.instanceIds).toEqual([0]);
      expect(t.server.runtime.instances.map((i) => i.id)).toEqual([0]);
      const missing = await transports[0]?.call(t, {
        command: 'config',
        subcommand: 'restoresnapshot',
        snapshot: 99999,
      });
      expect(missing).toMatchObject({ success: false, error: 'Restore configuration failed' });
    } finally {
      await t.close();
    }
  });
});
