/**
 * Every settings group is checked by its schema's one validator wherever a configuration comes
 * in (restore, setconfig; the store stores what they accepted): the values issue 20 measured on the landed build, each
 * refused (or accepted) alike, with the same pointer and the same one-line rule.
 */

import type { InstanceSettings } from '@glowkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, restoreRequest, setconfigRequest as setconfig } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

type Message = Record<string, unknown>;

const MAPPING_TYPES =
  '"multicolor_mean", "multicolor_mean_squared", "unicolor_mean", "dominant_color", "unicolor_dominant", "dominant_color_advanced", "unicolor_dominant_advanced"';

/** What the issue measured: value → the rule it breaks (undefined: accepted). */
const MEASURED: [group: string, key: string, value: unknown, rule: string | undefined][] = [
  ['smoothing', 'updateDelay', 5000, 'must be an integer from 0 to 2048'],
  ['smoothing', 'interpolationRate', 99999, 'must be a number from 1 to 1000'],
  ['smoothing', 'decay', 500, 'must be a number from 1 to 20'],
  ['smoothing', 'time_ms', 10, undefined],
  ['backgroundEffect', 'enable', 'yes', 'must be true or false'],
  ['color', 'imageToLedMappingType', 7, `must be one of ${MAPPING_TYPES}`],
];

describe('the measured values of issue 20', () => {
  let t: TestServer;
  const call = (request: Message) =>
    post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } });

  beforeAll(async () => {
    t = await startServer({
      prepare: (server) => {
        // Instance 1 is stopped: setconfig stores its groups without rebuilding anything.
        const config = configuration([0, 1]) as unknown as Configuration;
        const second = config.instances[1];
        if (second) second.enabled = false;
        server.store.replace(config, 'two instances');
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const groupOf = (group: string, key: string, value: unknown) => ({
    ...(t.server.store.read().instances[1]?.settings[group as keyof InstanceSettings] as object),
    [key]: value,
  });

  it.each(MEASURED)('setconfig: %s.%s = %j', async (group, key, value, rule) => {
    const before = t.server.store.read();
    const reply = await call(setconfig({ [group]: groupOf(group, key, value) }, 1));
    if (rule === undefined) {
      expect(reply.json).toMatchObject({ success: true, info: { changed: [group] } });
      expect(
        t.server.store.read().instances[1]?.settings[group as keyof InstanceSettings],
      ).toMatchObject({ [key]: value });
      return;
    }
    expect(reply.json).toEqual({
      command: 'config-setconfig',
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [{ description: `/config/${group}/${key}: ${rule}` }],
      success: false,
      tan: 5,
    });
    expect(t.server.store.read()).toEqual(before);
  });

  it.each(MEASURED.filter(([, , , rule]) => rule !== undefined))(
    'restore: %s.%s = %j',
    async (group, key, value, rule) => {
      const config = configuration([0]) as { instances: { settings: Message }[] };
      const settings = config.instances[0]?.settings as Message;
      settings[group] = { ...(settings[group] as object), [key]: value };
      const reply = await call(restoreRequest(config, 3));
      expect(reply.json).toEqual({
        command: 'config-restoreconfig',
        error: 'Invalid params',
        errorCode: 'invalid-params',
        errorData: [{ description: `/config/instances/0/settings/${group}/${key}: ${rule}` }],
        success: false,
        tan: 3,
      });
    },
  );
  // The store is not asked: it stores what these validators accepted (store/check.ts).
});
