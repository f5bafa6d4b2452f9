/**
 * The `adjustment` command on a real server: protocol's parser refuses a bad value (the engine
 * takes the typed settings and re-checks none of them) and nothing changes; a valid change is what
 * serverinfo shows. An id the instance does not have: engine-errors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

type Json = Record<string, unknown>;

let t: TestServer;

beforeAll(async () => {
  t = await startServer({
    prepare: (server) => {
      const config = configuration([0], 10) as unknown as Configuration;
      const settings = config.instances[0]?.settings as Json;
      settings.foregroundEffect = { enable: false };
      settings.color = {
        imageToLedMappingType: 'multicolor_mean',
        channelAdjustment: [
          { id: 'tv', leds: '0-4' },
          { id: 'desk', leds: '5-9' },
        ],
      };
      server.store.replace(config, 'test set-up');
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const rpc = async (body: Json): Promise<Json> =>
  (await post(`${t.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t.token}` } }))
    .json as Json;

/** The adjustments serverinfo shows: id → brightness and temperature. */
async function shown(): Promise<Json[]> {
  const reply = await rpc({ command: 'serverinfo', tan: 1 });
  const adjustments = (reply.info as { adjustment: Json[] }).adjustment;
  return adjustments.map(({ id, brightness, temperature, white }) => ({
    id,
    brightness,
    temperature,
    white,
  }));
}

describe('the adjustment command', () => {
  it('changes the adjustment with the given id, and serverinfo shows it', async () => {
    const reply = await rpc({
      command: 'adjustment',
      tan: 2,
      adjustment: { id: 'desk', brightness: 50, white: [255, 200, 100] },
    });
    expect(reply).toMatchObject({ command: 'adjustment', success: true, tan: 2 });
    expect(await shown()).toEqual([
      { id: 'tv', brightness: 100, temperature: 6600, white: [255, 255, 255] },
      { id: 'desk', brightness: 50, temperature: 6600, white: [255, 200, 100] },
    ]);
  });

  it('refuses a bad value, naming it, and changes nothing', async () => {
    const before = await shown();
    for (const [adjustment, description] of [
      [{ brightness: 10, temperature: 100 }, '/adjustment/temperature: must be an integer'],
      [{ leds: '*' }, '/adjustment/leds: is not allowed here'],
      [{ white: [255, 255] }, '/adjustment/white: must be an array of 3 integers'],
      [{ backlightColored: 1 }, '/adjustment/backlightColored: must be true or false'],
    ] as const) {
      const reply = await rpc({ command: 'adjustment', tan: 3, adjustment });
      expect(reply, description).toMatchObject({ command: 'adjustment', success: false, tan: 3 });
      expect(JSON.stringify(reply.errorData), description).toContain(description);
    }
    expect(await shown()).toEqual(before);
  });
});
