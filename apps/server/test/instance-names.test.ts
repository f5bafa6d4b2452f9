/**
 * One rule for an instance's name, wherever a name is given: at least 5 characters (the
 * specification's and Hyperion.ng's minLength) and no maximum, so that a rename never refuses a
 * name a restore took (the request body's limit bounds a name anyway).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';
import { restoreAndWait, transports } from './support/transports.js';

type Message = Record<string, unknown>;

// 150 characters: past the 100 the instance commands used to allow.
const LONG =
  `Living room, the strip behind the television ${'and the shelf beside it '.repeat(5)}`.slice(
    0,
    150,
  );

describe('instance names', () => {
  let t: TestServer;
  const call = async (request: Message) =>
    (await post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } }))
      .json;
  const names = () => t.server.store.read().instances.map((i) => [i.id, i.name]);

  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a long name a restore takes in saveName and createInstance too', async () => {
    expect([...LONG].length).toBe(150);
    const config = configuration([0]) as { instances: { name: string }[] };
    (config.instances[0] as { name: string }).name = LONG;
    const restored = await restoreAndWait(t, transports[0] as (typeof transports)[number], {
      ...restoreRequest(config, 1),
    });
    expect(restored).toMatchObject({ success: true });
    expect(names()).toEqual([[0, LONG]]);

    const renamed = await call({
      command: 'instance',
      subcommand: 'saveName',
      instance: 0,
      name: `${LONG}!`,
    });
    expect(renamed).toMatchObject({ success: true });
    const created = await call({ command: 'instance', subcommand: 'createInstance', name: LONG });
    expect(created).toMatchObject({ success: true, info: { instance: 1 } });
    expect(names()).toEqual([
      [0, `${LONG}!`],
      [1, LONG],
    ]);
  });

  it('refuses a name of fewer than 5 characters alike, with the restore’s words', async () => {
    const rule = 'must be a string of at least 5 characters (minLength 5)';
    const renamed = await call({
      command: 'instance',
      subcommand: 'saveName',
      instance: 0,
      name: 'Desk',
      tan: 2,
    });
    expect(renamed).toMatchObject({
      success: false,
      errorData: [{ description: `/name: ${rule}` }],
    });
    const created = await call({
      command: 'instance',
      subcommand: 'createInstance',
      name: 'Desk',
      tan: 3,
    });
    expect(created).toMatchObject({
      success: false,
      errorData: [{ description: `/name: ${rule}` }],
    });
    const config = configuration([0]) as { instances: { name: string }[] };
    (config.instances[0] as { name: string }).name = 'Desk';
    const restored = await call(restoreRequest(config, 4));
    expect(restored).toMatchObject({
      success: false,
      errorData: [{ description: `/config/instances/0/name: ${rule}` }],
    });
  });
});
