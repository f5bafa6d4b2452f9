// Every error reply carries Glowkit's code beside Hyperion.ng's `error` text (which stays as it
// was, for its clients), with the values a UI's phrase names; snapshots carry their reason as a
// code too. Read as a client reads them: over HTTP and a WebSocket of a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});

afterAll(async () => {
  await t?.close();
});

const rpc = async (body: Record<string, unknown>, token = t.token) =>
  (
    await post(
      `${t.http}/json-rpc`,
      { tan: 4, ...body },
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    )
  ).json as Record<string, unknown>;

describe('error codes', () => {
  it("codes the failures a UI shows, keeping Hyperion.ng's text", async () => {
    expect(
      await rpc({ command: 'instance', subcommand: 'startInstance', instance: 9 }),
    ).toMatchObject({
      error: 'Instance [9] does not exist.',
      errorCode: 'instance-not-found',
      errorParams: { id: 9 },
      success: false,
    });
    expect(
      await rpc({ command: 'effect', priority: 50, effect: { name: 'Nope' }, instance: [0] }),
    ).toMatchObject({
      error: "Effect 'Nope' not found",
      errorCode: 'effect-not-found',
      errorParams: { name: 'Nope' },
    });
    expect(
      await rpc({ command: 'config', subcommand: 'setconfig', config: { nonsense: 1 } }),
    ).toMatchObject({ error: 'Invalid params', errorCode: 'invalid-params' });
    expect(await rpc({ command: 'nonsense' })).toMatchObject({
      error: 'Invalid command',
      errorCode: 'invalid-command',
    });
    // A refused sign-in says why by its code: an unknown token, or none at all.
    expect(await rpc({ command: 'serverinfo' }, 'not-a-token')).toMatchObject({
      error: 'No Authorization',
      errorCode: 'sign-in-invalid',
    });
    const socket = await RpcSocket.open(t.ws);
    try {
      expect(await socket.call({ command: 'serverinfo', tan: 2 })).toMatchObject({
        error: 'No Authorization',
        errorCode: 'sign-in-missing',
      });
      expect(
        await socket.call({ command: 'authorize', subcommand: 'login', token: 'wrong', tan: 3 }),
      ).toMatchObject({ error: 'No Authorization', errorCode: 'sign-in-invalid' });
    } finally {
      socket.close();
    }
  });

  it('says an LEDs-only token lacks admin rights by a code, with no backticked command', async () => {
    const { token } = t.server.store.tokens.create('tablet', false);
    const reply = await rpc({ command: 'config', subcommand: 'getconfig' }, token);
    expect(reply).toMatchObject({
      error: 'No Authorization',
      errorCode: 'admin-required',
      errorParams: { command: 'config-getconfig' },
    });
  });

  it('lists snapshots with their reason as a code: a save over the WebSocket, then over HTTP', async () => {
    const socket = await RpcSocket.open(t.ws);
    try {
      await socket.call({ command: 'authorize', subcommand: 'login', token: t.token, tan: 1 });
      const saved = await socket.call({
        command: 'config',
        subcommand: 'setconfig',
        config: { general: { name: 'Over the socket' } },
        tan: 2,
      });
      expect(saved).toMatchObject({ success: true });
    } finally {
      socket.close();
    }
    expect(
      await rpc({
        command: 'config',
        subcommand: 'setconfig',
        config: { general: { name: 'Over HTTP' } },
      }),
    ).toMatchObject({ success: true });
    const { info } = (await rpc({ command: 'config', subcommand: 'getsnapshots' })) as {
      info: Array<{ reason: string; reasonCode: string }>;
    };
    expect(info.slice(0, 2).map((s) => s.reasonCode)).toEqual(['saved-http', 'saved-websocket']);
    // The stored words stay, for clients that show them.
    expect(info[0]?.reason).toMatch(/^setconfig over http from /);
  });
});
