/**
 * `cecEvents`: Glowkit uses no CEC adapter yet, but the group is validated like any other and
 * comes back as saved, so that a Hyperion.ng backup keeps its TV actions and the UI can show them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Record<string, unknown>;

describe('cecEvents', () => {
  it('stores valid values and gives them back, and refuses a value out of range with its pointer', async () => {
    t = await startServer();
    const cecEvents = {
      enable: true,
      buttonReleaseDelayMs: 100,
      buttonRepeatRateMs: 50,
      doubleTapTimeoutMs: 400,
      actions: [
        { event: 'standby', action: 'Suspend' },
        { event: 'F2 (red)', action: 'ToggleIdle' },
      ],
    };
    expect(await rpc(setconfigRequest({ cecEvents }))).toMatchObject({ success: true });
    const config = (await rpc({ command: 'config', subcommand: 'getconfig' })).info as {
      global: { settings: { cecEvents: unknown } };
    };
    expect(config.global.settings.cecEvents).toEqual(cecEvents);

    const refused = await rpc(
      setconfigRequest({ cecEvents: { ...cecEvents, doubleTapTimeoutMs: 20 } }),
    );
    expect(refused).toMatchObject({
      success: false,
      error: 'Invalid params',
      errorData: [
        { description: expect.stringMatching(/^\/config\/cecEvents\/doubleTapTimeoutMs: /) },
      ],
    });
  });
});
