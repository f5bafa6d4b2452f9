import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { freePort } from './support/ports.js';
import { holdRestarts, startServer, type TestServer } from './support/server.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const auth = (s: TestServer) => ({ headers: { Authorization: `Bearer ${s.token}` }, ca: s.ca });

describe('the restart after a restore', () => {
  it('replies first, then closes the instances, reloads and recreates them in array order', async () => {
    t = await startServer();
    const events: string[] = [];
    t.server.runtime.on('instance-stopped', (i) => events.push(`stopped ${i.id}`));
    t.server.runtime.on('instance-started', (i) => events.push(`started ${i.id} ${i.name}`));
    t.server.on('restart-begin', () => events.push('restart-begin'));
    t.server.on('restart-complete', (r) =>
      events.push(`restart-complete ${r.instances.join(',')}`),
    );
    const complete = once(t.server, 'restart-complete');
    const reply = await post(
      `${t.http}/json-rpc`,
      restoreRequest(configuration([5, 2, 9]), 11),
      auth(t),
    );
    // The restart begins once the reply is flushed (a rebinding restart closes every connection
    // at once, and the reply still arrives whole: see the last test).
    expect(reply.json).toMatchObject({ success: true, tan: 11 });
    await complete;
    expect(events).toEqual([
      'restart-begin',
      'stopped 0',
      'started 5 Instance number 5',
      'started 2 Instance number 2',
      'started 9 Instance number 9',
      'restart-complete 5,2,9',
    ]);
    expect(t.server.runtime.instances.map((i) => i.id)).toEqual([5, 2, 9]);
  });

  it('closes WebSocket clients with 1012 and answers requests during the restart at once', async () => {
    t = await startServer();
    const watcher = await RpcSocket.open(t.ws, { headers: { Authorization: `Bearer ${t.token}` } });
    const begun = once(t.server, 'restart-begin');
    const complete = once(t.server, 'restart-complete');
    // Hold the restart, so that the request surely lands inside it: answered while it is still
    // held, the request was answered at once, not after the restart.
    const held = holdRestarts(t);
    await post(`${t.http}/json-rpc`, restoreRequest(configuration([0])), auth(t));
    await begun;
    const during = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getconfig', tan: 4 },
      auth(t),
    );
    held.release();
    expect(during.status).toBe(503);
    expect(during.json).toMatchObject({ success: false, error: 'Service Unavailable', tan: 4 });
    expect(await watcher.closed).toEqual({ code: 1012, reason: 'Service Restart' });
    await complete;
    const after = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'getconfig' },
      auth(t),
    );
    expect(after.json.success).toBe(true);
  });

  it('rebinds the listeners when webConfig moves them', async () => {
    const [first, firstSsl, http, https] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    type Config = { global: { settings: { webConfig: Record<string, unknown> } } };
    const initial = configuration([0]) as Config;
    initial.global.settings.webConfig.port = first;
    initial.global.settings.webConfig.sslPort = firstSsl;
    // Ports from the stored webConfig, not from options: a restore may move them.
    t = await startServer({
      port: undefined,
      sslPort: undefined,
      prepare: (server) => server.store.replace(initial as never, 'test set-up'),
    });
    expect(t.server.listening.http.port).toBe(first);
    const config = configuration([0]) as Config;
    config.global.settings.webConfig.port = http;
    config.global.settings.webConfig.sslPort = https;
    const complete = once(t.server, 'restart-complete');
    const reply = await post(`${t.http}/json-rpc`, restoreRequest(config, 6), auth(t));
    expect(reply.json).toEqual({
      command: 'config-restoreconfig',
      success: true,
      tan: 6,
      info: 'Restarting after importing configuration successfully.',
    });
    const [report] = await complete;
    expect(report.rebound).toBe(true);
    expect(t.server.listening.http.port).toBe(http);
    expect(t.server.listening.https.port).toBe(https);
    const moved = await post(
      `http://127.0.0.1:${http}/json-rpc`,
      { command: 'config', subcommand: 'getconfig' },
      auth(t),
    );
    expect(moved.json.success).toBe(true);
    const securely = await post(
      `https://127.0.0.1:${https}/json-rpc`,
      { command: 'config', subcommand: 'getconfig' },
      auth(t),
    );
    expect(securely.json.success).toBe(true);
  });
});
