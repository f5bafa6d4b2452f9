import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('tokens as the web UI manages them', () => {
  let t: TestServer;
  const open: LiveSocket[] = [];
  const admin = (request: Record<string, unknown>) =>
    post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } });
  const socket = async (token: string) => {
    const s = await LiveSocket.open(t.ws, token);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startServer();
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists each token with its creation and last use, never the token', async () => {
    const created = await admin({
      command: 'authorize',
      subcommand: 'createToken',
      comment: 'Kitchen tablet',
    });
    const { id, token } = created.json.info as { id: string; token: string };
    const find = async () => {
      const list = (await admin({ command: 'authorize', subcommand: 'getTokenList' })).json
        .info as Record<string, unknown>[];
      return list.find((entry) => entry.id === id);
    };
    const fresh = await find();
    expect(fresh).toEqual({
      id,
      comment: 'Kitchen tablet',
      created_at: expect.stringMatching(ISO),
      last_use: null,
      admin: true,
    });
    expect(JSON.stringify(fresh)).not.toContain(token);

    // Authenticating records the use; within the minute it is not written again.
    const tablet = await socket(token);
    await tablet.call({ command: 'sysinfo' });
    const used = (await find())?.last_use;
    expect(used).toMatch(ISO);
    await tablet.call({ command: 'authorize', subcommand: 'login', token });
    expect((await find())?.last_use).toBe(used);
  });

  it('marks the token the asking session uses, and which tokens are admin tokens', async () => {
    const { token } = t.server.store.tokens.create('Hall tablet', false);
    const list = (await admin({ command: 'authorize', subcommand: 'getTokenList' })).json
      .info as Array<{ comment: string; admin: boolean; current?: boolean }>;
    // Only the token of this request is current: the UI marks it "This browser".
    const current = list.filter((entry) => entry.current);
    expect(current).toHaveLength(1);
    expect(current[0]?.admin).toBe(true);
    expect(list.find((entry) => entry.comment === 'Hall tablet')).toMatchObject({ admin: false });
    expect(list.find((entry) => entry.comment === 'Hall tablet')).not.toHaveProperty('current');
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('signs the sessions of a revoked token out at once, and they can log in again', async () => {
    const created = await admin({
      command: 'authorize',
      subcommand: 'createToken',
      comment: 'Phone browser',
    });
    const { id, token } = created.json.info as { id: string; token: string };
    const phone = await socket(token);
    // The browser's usual start: bound to an instance, subscribed, the live stream on.
    await phone.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
    expect(await phone.call({ command: 'config', subcommand: 'getconfig' })).toMatchObject({
      success: true,
    });
    expect(await phone.call({ command: 'ledcolors', subcommand: 'ledstream-start' })).toMatchObject(
      { success: true },
    );
    const other = await socket(t.token);
    await other.call({ command: 'serverinfo', subscribe: ['priorities-update'] });

    const revoked = await admin({ command: 'authorize', subcommand: 'deleteToken', id });
    expect(revoked.json).toMatchObject({ success: true });
    expect(await phone.next((m) => m.command === 'authorize-event')).toEqual({
      command: 'authorize-event',
      data: { event: 'revoked', id },
    });

    // Its next admin command is refused, saying why.
    const refused = await phone.call({ command: 'config', subcommand: 'getconfig' });
    expect(refused).toMatchObject({
      success: false,
      error: 'No Authorization',
      errorData: [
        { description: 'the token of this session was revoked: log in again with a valid token' },
      ],
    });
    // Nothing is pushed to it any more: a change after the revocation reaches it before the
    // reply to its next request would.
    const pushesBefore = phone.pushes.length;
    other.pushes.length = 0;
    await admin({ command: 'color', color: [0, 0, 255], priority: 60, duration: 1000 });
    // The change was pushed: a session still signed in hears of it.
    await other.next((m) => m.command === 'priorities-update');
    await phone.call({ command: 'authorize', subcommand: 'tokenRequired' });
    expect(phone.pushes.slice(pushesBefore)).toEqual([]);
    // Other sessions are not touched.
    expect(other.pushes.filter((m) => m.command === 'authorize-event')).toEqual([]);
    expect(await other.call({ command: 'config', subcommand: 'getsnapshots' })).toMatchObject({
      success: true,
    });

    // The connection stayed open: another token logs it in again.
    expect(
      await phone.call({ command: 'authorize', subcommand: 'login', token: t.token }),
    ).toMatchObject({ success: true });
    expect(await phone.call({ command: 'config', subcommand: 'getsnapshots' })).toMatchObject({
      success: true,
    });
  });

  it("ends a session's subscriptions and streams when it logs out, as a revocation does", async () => {
    const tablet = await socket(t.token);
    await tablet.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
    for (const subcommand of ['ledstream-start', 'imagestream-start']) {
      expect(await tablet.call({ command: 'ledcolors', subcommand })).toMatchObject({
        success: true,
      });
    }
    const other = await socket(t.token);
    await other.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
    for (const subcommand of ['ledstream-start', 'imagestream-start']) {
      await other.call({ command: 'ledcolors', subcommand });
    }
    // A picture, so that both streams have something to send.
    const raw = Buffer.from([0, 200, 0, 0, 200, 0]).toString('base64');
    const picture = { command: 'image', imagedata: raw, imagewidth: 2, imageheight: 1 };
    // The start-up effect at priority 1 gives way, so that the picture shows.
    await admin({ command: 'clear', priority: 1 });
    await admin({ ...picture, priority: 61, duration: 2000 });
    await tablet.next((m) => m.command === 'ledcolors-imagestream-update');

    expect(await tablet.call({ command: 'authorize', subcommand: 'logout' })).toMatchObject({
      success: true,
    });
    const pushesBefore = tablet.pushes.length;
    other.pushes.length = 0;
    const red = Buffer.from([200, 0, 0, 200, 0, 0]).toString('base64');
    await admin({ ...picture, imagedata: red, priority: 59, duration: 2000 });
    // Sessions still streaming get the red picture and LEDs; the one signed out gets nothing.
    await other.next((m) => m.command === 'priorities-update');
    await other.next((m) => m.command === 'ledcolors-imagestream-update');
    await other.next((m) => {
      const leds = (m.data as { leds?: number[] } | undefined)?.leds ?? [];
      return m.command === 'ledcolors-ledstream-update' && leds[0] !== 0 && leds[1] === 0;
    });
    await tablet.call({ command: 'authorize', subcommand: 'tokenRequired' });
    expect(tablet.pushes.slice(pushesBefore).map((m) => m.command)).toEqual([]);
  });

  it('keeps tokens granted through a token request away from admin commands', async () => {
    const { token } = t.server.store.tokens.create('Home Assistant', false);
    const viewer = await socket(token);
    expect(await viewer.call({ command: 'serverinfo' })).toMatchObject({ success: true });
    for (const request of [
      { command: 'authorize', subcommand: 'createToken', comment: 'escalate me' },
      { command: 'authorize', subcommand: 'getTokenList' },
      { command: 'config', subcommand: 'getconfig' },
      { command: 'config', subcommand: 'restoreconfig', config: { instances: [] } },
      { command: 'instance', subcommand: 'createInstance', name: 'Sneaky instance' },
    ]) {
      expect(await viewer.call(request), JSON.stringify(request)).toMatchObject({
        success: false,
        error: 'No Authorization',
        errorData: [{ description: expect.stringContaining('needs an admin token') }],
      });
    }
    expect(t.server.store.tokens.list().map((entry) => entry.comment)).not.toContain('escalate me');
  });
});
