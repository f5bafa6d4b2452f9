import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, RpcSocket } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { startServer, type TestServer } from './support/server.js';

describe('bad input gets a clear answer and changes nothing', () => {
  let t: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startServer({ bodyLimit: 64 * 1024 });
    headers = { Authorization: `Bearer ${t.token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a body over the limit with 413 and a JSON error', async () => {
    const before = t.server.store.read();
    const huge = restoreRequest(configuration([0], 3000));
    const result = await post(`${t.http}/json-rpc`, huge, { headers });
    expect(result.status).toBe(413);
    expect(result.json).toMatchObject({ success: false, error: 'Request too large' });
    expect(String((result.json.errorData as { description: string }[])[0]?.description)).toContain(
      '64 KB',
    );
    expect(t.server.store.read()).toEqual(before);
  });

  it('closes a WebSocket that sends a message over the limit with 1009 (Message Too Big)', async () => {
    const socket = await RpcSocket.open(t.ws, { headers });
    socket.socket.send(JSON.stringify(restoreRequest(configuration([0], 3000))));
    expect((await socket.closed).code).toBe(1009);
    const again = await RpcSocket.open(t.ws, { headers });
    expect(await again.call({ command: 'config', subcommand: 'getconfig' })).toMatchObject({
      success: true,
    });
    again.close();
  });

  it('answers malformed JSON with "Parse error", line and column, and the tan it can find', async () => {
    const text = '{\n  "command": "config",\n  "subcommand": "getconfig",\n  "tan": 12,\n  oops\n}';
    const result = await post(`${t.http}/json-rpc`, text, { headers, raw: true });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ success: false, error: 'Parse error', tan: 12 });
    expect(String((result.json.errorData as { description: string }[])[0]?.description)).toMatch(
      /line 5, column 3/,
    );
  });

  it('answers an unknown command or subcommand with "Invalid command"', async () => {
    const unknown = await post(`${t.http}/json-rpc`, { command: 'fly', tan: 2 }, { headers });
    expect(unknown.json).toMatchObject({ success: false, error: 'Invalid command', tan: 2 });
    const sub = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'burn' },
      { headers },
    );
    expect(sub.json).toMatchObject({ success: false, error: 'Invalid command' });
  });

  it('refuses very deep nesting without trouble', async () => {
    const deep = `{"command":"config","subcommand":"restoreconfig","config":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const result = await post(`${t.http}/json-rpc`, deep, { headers, raw: true });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ success: false, error: 'Parse error' });
  });

  it('never lets __proto__ or constructor keys reach a prototype', async () => {
    const text = `{"command":"config","subcommand":"restoreconfig","config":{"global":{"settings":{"__proto__":{"polluted":true},"general":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}},"instances":[]}}`;
    const result = await post(`${t.http}/json-rpc`, text, { headers, raw: true });
    expect(result.json.success).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('answers binary WebSocket frames and keeps the session', async () => {
    const socket = await RpcSocket.open(t.ws, { headers });
    socket.socket.send(Buffer.from([1, 2, 3]));
    const reply = await new Promise<Record<string, unknown>>((resolve) =>
      socket.socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    expect(reply).toMatchObject({ success: false, error: 'Parse error' });
    expect(await socket.call({ command: 'config', subcommand: 'getconfig' })).toMatchObject({
      success: true,
    });
    socket.close();
  });

  it('answers OPTIONS preflights for browser clients', async () => {
    const response = await fetch(`${t.http}/json-rpc`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('answers files that are not there, and GET of the API, with a JSON 404', async () => {
    // Paths without an extension are the web UI's (its page, or the page saying it is not built).
    for (const path of ['/nothing-here.txt', '/json-rpc', '/assets/nothing', '/cgi/other']) {
      const response = await fetch(`${t.http}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, error: 'Not found' });
    }
  });

  it('serves the restore on /json-rpc/confog/restore as spelled', async () => {
    const result = await post(
      `${t.https}/json-rpc/confog/restore`,
      { command: 'config', subcommand: 'getconfig' },
      { headers, ca: t.ca },
    );
    expect(result.json).toMatchObject({ success: true, command: 'config-getconfig' });
  });
});
