/**
 * A WebSocket client that closes with requests still queued behind a slow one (an effect that
 * starts) is let go of: the requests are still carried out, but nothing they register keeps the
 * closed session (found by the soak, bench/soak.mjs: one session kept per such client, for the
 * server's life). Revoking the client's token later shows it: no open session is signed out.
 */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { post } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a WebSocket closed with requests queued', () => {
  it('is forgotten once they ran: revoking its token signs out no session', async () => {
    t = await startServer();
    const server = t;
    const rpc = async (request: object) =>
      (await post(`${server.http}/json-rpc`, request, {
        headers: { Authorization: `Bearer ${server.token}` },
      })) as { json: Record<string, unknown> };

    const created = await rpc({
      command: 'authorize',
      subcommand: 'createToken',
      comment: 'closes early',
    });
    const { token, id } = created.json.info as { token: string; id: string };

    const socket = new WebSocket(server.ws, { headers: { Authorization: `Bearer ${token}` } });
    await once(socket, 'open');
    const requests = [
      // Slow: its reply waits for the effect's child to start.
      { command: 'effect', priority: 60, effect: { name: 'Warm Pulse' } },
      { command: 'serverinfo', subcommand: 'subscribe', subscribe: ['priorities-update'] },
      { command: 'ledcolors', subcommand: 'ledstream-start' },
      // Last: once it shows, every request before it ran.
      { command: 'color', priority: 70, color: [0, 0, 255] },
    ];
    for (const [tan, request] of requests.entries())
      socket.send(JSON.stringify({ ...request, tan }));
    socket.terminate();

    // The requests are carried out though their client is gone.
    const deadline = Date.now() + 20_000;
    let priorities: { priority: number }[] = [];
    while (!priorities.some((p) => p.priority === 70)) {
      if (Date.now() > deadline) throw new Error('the queued colour never showed');
      await sleep(50);
      const info = await rpc({ command: 'serverinfo' });
      priorities = (info.json.info as { priorities: { priority: number }[] }).priorities;
    }
    expect(priorities.map((p) => p.priority)).toContain(60);

    const revoked = await rpc({ command: 'authorize', subcommand: 'deleteToken', id });
    expect(revoked.json.success).toBe(true);
    const line = server.logs.find((l) => l.msg === 'token revoked' && l.id === id);
    expect(line).toMatchObject({ sessions: 0 });
  }, 60_000);
});
