/**
 * The admin password over the JSON transports (issue 23 §2): while none exists,
 * `newPasswordRequired` is true and the first client the `network` group lets in creates it and
 * is signed in; after that it signs WebSocket and TCP sessions in (hyperion-py's messages), is
 * throttled like tokens, is changed with the current one, and nobody else can claim the box.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failureText } from '../src/auth/authenticator.js';
import type { ScryptCost } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { anonymousSocket, type Message, tcpClient } from './support/inbox.js';
import { startServer, type TestServer } from './support/server.js';

/** Cheap hashing: these tests are about the protocol, the store's test checks the real cost. */
const scryptCost: ScryptCost = { N: 1024, r: 8, p: 1, keyLength: 32 };

const PASSWORD = 'correct horse battery';

const authorize = (subcommand: string, tan: number, extra: Message = {}): Message => ({
  command: 'authorize',
  subcommand,
  tan,
  ...extra,
});

type Client = {
  send(m: Message): void;
  inbox: { next(m: (m: Message) => boolean): Promise<Message> };
  close(): void;
};

/** A client of the WebSocket or the TCP port, without a token, that sends and waits by tan. */
async function client(t: TestServer, transport: 'ws' | 'tcp', localAddress?: string) {
  let raw: Client;
  if (transport === 'ws') {
    const { ws, inbox } = await anonymousSocket(t.ws);
    raw = { send: (m) => ws.send(JSON.stringify(m)), inbox, close: () => ws.close() };
  } else {
    const port = t.server.listening.tcp?.port as number;
    const tcp = tcpClient(port, localAddress);
    raw = { send: tcp.send, inbox: tcp.inbox, close: () => tcp.socket.destroy() };
  }
  return {
    close: raw.close,
    async call(message: Message): Promise<Message> {
      raw.send(message);
      return raw.inbox.next((m) => m.tan === message.tan && 'success' in m);
    },
  };
}

describe('the admin password over WebSocket and TCP', () => {
  let t: TestServer;
  const open: { close(): void }[] = [];
  const connect = async (transport: 'ws' | 'tcp', localAddress?: string) => {
    const c = await client(t, transport, localAddress);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startServer({
      tcpPort: 0,
      scryptCost,
      throttle: { maxFailures: 10, maxDelayMs: 50 },
    });
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('onboards: newPasswordRequired is true, the first claim creates it and signs in; then false', async () => {
    for (const transport of ['ws', 'tcp'] as const) {
      const c = await connect(transport);
      expect(await c.call(authorize('newPasswordRequired', 1))).toEqual({
        command: 'authorize-newPasswordRequired',
        info: { newPasswordRequired: true },
        success: true,
        tan: 1,
      });
    }
    const browser = await connect('ws');
    // Not signed in yet: an admin command is refused.
    expect(await browser.call(authorize('getTokenList', 2))).toMatchObject({ success: false });
    const created = await browser.call(authorize('newPassword', 3, { newPassword: PASSWORD }));
    expect(created).toMatchObject({
      command: 'authorize-newPassword',
      success: true,
      tan: 3,
      info: { token: expect.any(String), id: expect.any(String) },
    });
    // The same session is signed in as admin now.
    const list = await browser.call(authorize('getTokenList', 4));
    expect(list.success).toBe(true);
    const signIn = (list.info as { id: string; comment: string }[]).find(
      (token) => token.id === (created.info as { id: string }).id,
    );
    expect(signIn?.comment).toMatch(/^Web UI sign-in \(\d{4}-\d{2}-\d{2}\)$/);
    expect(
      await browser.call({ command: 'config', subcommand: 'getconfig', tan: 5 }),
    ).toMatchObject({ success: true });
    for (const transport of ['ws', 'tcp'] as const) {
      const c = await connect(transport);
      expect(await c.call(authorize('newPasswordRequired', 6))).toMatchObject({
        info: { newPasswordRequired: false },
      });
    }
    const { json } = await post(`${t.http}/json-rpc`, authorize('newPasswordRequired', 7));
    expect(json).toMatchObject({ info: { newPasswordRequired: false } });
    // The password never reaches the log.
    expect(t.logText()).not.toContain(PASSWORD);
    expect(t.logs.some((line) => line.msg === 'admin password created')).toBe(true);
  });

  it('does not let a second client claim the box once the password exists', async () => {
    for (const transport of ['ws', 'tcp'] as const) {
      const other = await connect(transport);
      const reply = await other.call(authorize('newPassword', 1, { newPassword: 'mine now!!' }));
      expect(reply).toMatchObject({
        success: false,
        error: 'No Authorization',
        errorCode: 'password-exists',
      });
      expect(JSON.stringify(reply.errorData)).toContain('the admin password exists already');
      // Still not signed in, and the password is unchanged.
      expect(await other.call(authorize('getTokenList', 2))).toMatchObject({ success: false });
      expect(await other.call(authorize('login', 3, { password: 'mine now!!' }))).toMatchObject({
        success: false,
      });
    }
    const { json } = await post(
      `${t.http}/json-rpc`,
      authorize('newPassword', 8, { newPassword: 'mine now!!' }),
    );
    expect(json).toMatchObject({ success: false, error: 'No Authorization' });
  });

  it('signs a TCP session in with the password, as hyperion-py sends it, for every admin command', async () => {
    const tcp = await connect('tcp');
    const reply = await tcp.call(authorize('login', 1, { password: PASSWORD }));
    expect(reply).toMatchObject({
      command: 'authorize-login',
      success: true,
      tan: 1,
      info: { token: expect.any(String), id: expect.any(String) },
    });
    expect(await tcp.call({ command: 'config', subcommand: 'getconfig', tan: 2 })).toMatchObject({
      success: true,
    });
    expect(await tcp.call({ command: 'serverinfo', tan: 3 })).toMatchObject({ success: true });
    // The token it was given signs another session in, as a browser does after a restart.
    const later = await connect('ws');
    const token = (reply.info as { token: string }).token;
    expect(await later.call(authorize('login', 1, { token }))).toMatchObject({ success: true });
    expect(await later.call(authorize('getTokenList', 2))).toMatchObject({ success: true });
  });

  it('refuses a wrong password with a clear reason, and a password login over HTTP', async () => {
    const ws = await connect('ws', undefined);
    expect(await ws.call(authorize('login', 1, { password: 'not the password' }))).toEqual({
      command: 'authorize-login',
      error: 'No Authorization',
      errorCode: 'sign-in-password',
      errorData: [{ description: failureText.password }],
      success: false,
      tan: 1,
    });
    expect(await ws.call(authorize('getTokenList', 2))).toMatchObject({ success: false });
    const { json } = await post(
      `${t.http}/json-rpc`,
      authorize('login', 3, { password: PASSWORD }),
    );
    expect(json).toMatchObject({ success: false, error: 'Invalid command' });
  });

  it('throttles wrong passwords with the limiter of tokens: blocked, even the right one', async () => {
    // Its own address (any 127.x.y.z is loopback): the other tests' failures are not its.
    const address = '127.0.0.23';
    const first = await connect('tcp', address);
    // A wrong token and wrong passwords count together.
    expect(await first.call(authorize('login', 1, { token: 'not-a-token' }))).toMatchObject({
      success: false,
    });
    for (let tan = 2; tan <= 10; tan++) {
      expect(
        await first.call(authorize('login', tan, { password: 'wrong password' })),
      ).toMatchObject({ success: false });
    }
    const again = await connect('tcp', address);
    const blocked = await again.call(authorize('login', 1, { password: PASSWORD }));
    expect(blocked).toMatchObject({
      success: false,
      error: 'No Authorization',
      errorCode: 'sign-in-blocked',
      errorData: [{ description: failureText.blocked }],
    });
    // Another address is not affected.
    const other = await connect('tcp', '127.0.0.24');
    expect(await other.call(authorize('login', 1, { password: PASSWORD }))).toMatchObject({
      success: true,
    });
  });

  it('changes the password for a signed-in admin with the current one', async () => {
    const ws = await connect('ws');
    // Anonymous: refused.
    expect(
      await ws.call(
        authorize('newPassword', 1, { password: PASSWORD, newPassword: 'new secret!' }),
      ),
    ).toMatchObject({ success: false, error: 'No Authorization' });
    expect(await ws.call(authorize('login', 2, { token: t.token }))).toMatchObject({
      success: true,
    });
    expect(await ws.call(authorize('newPassword', 3, { newPassword: 'new secret!' }))).toEqual({
      command: 'authorize-newPassword',
      error: 'Failed to update user password',
      errorCode: 'password-current-required',
      errorData: [
        { description: '/password: is required: give the current admin password to change it' },
      ],
      success: false,
      tan: 3,
    });
    expect(
      await ws.call(
        authorize('newPassword', 4, { password: 'wrong password', newPassword: 'x'.repeat(9) }),
      ),
    ).toMatchObject({
      success: false,
      error: 'Failed to update user password',
      errorCode: 'sign-in-password',
      errorData: [{ description: `/password: ${failureText.password}` }],
    });
    expect(
      await ws.call(
        authorize('newPassword', 5, { password: PASSWORD, newPassword: 'new secret!' }),
      ),
    ).toEqual({ command: 'authorize-newPassword', success: true, tan: 5 });
    const tcp = await connect('tcp');
    expect(await tcp.call(authorize('login', 1, { password: PASSWORD }))).toMatchObject({
      success: false,
    });
    expect(await tcp.call(authorize('login', 2, { password: 'new secret!' }))).toMatchObject({
      success: true,
    });
    expect(t.logText()).not.toContain('new secret!');
  });

  it('signs out the sessions of a password sign-in when its token is revoked', async () => {
    const ws = await connect('ws');
    const reply = await ws.call(authorize('login', 1, { password: 'new secret!' }));
    const id = (reply.info as { id: string }).id;
    const admin = await connect('ws');
    await admin.call(authorize('login', 1, { token: t.token }));
    expect(await admin.call(authorize('deleteToken', 2, { id }))).toMatchObject({ success: true });
    expect(await ws.call(authorize('getTokenList', 2))).toMatchObject({
      success: false,
      errorData: [{ description: failureText.revoked }],
    });
  });
});

describe('creating the admin password', () => {
  let t: TestServer;
  const open: { close(): void }[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await t?.close();
  });

  it('lets exactly one of two racing claims win; the other is told why', async () => {
    t = await startServer({ tcpPort: 0, scryptCost });
    const a = await client(t, 'ws');
    const b = await client(t, 'tcp');
    open.push(a, b);
    const replies = await Promise.all([
      a.call(authorize('newPassword', 1, { newPassword: 'first claimant' })),
      b.call(authorize('newPassword', 1, { newPassword: 'second claimant' })),
    ]);
    expect(replies.filter((r) => r.success === true)).toHaveLength(1);
    const lost = replies.find((r) => r.success !== true) as Message;
    expect(lost.error).toMatch(/Failed to update user password|No Authorization/);
    expect(JSON.stringify(lost.errorData)).toMatch(/created a moment ago|exists already/);
    expect(lost.errorCode).toMatch(/^password-(claimed|exists)$/);
  });

  it('only from an address the network settings let in', async () => {
    t = await startServer({
      tcpPort: 0,
      scryptCost,
      peerAccess: (address) =>
        address === '127.0.0.9' ? 'it is not on the local network (test)' : undefined,
    });
    const outsider = await client(t, 'tcp', '127.0.0.9');
    open.push(outsider);
    const reply = await outsider.call(authorize('newPassword', 1, { newPassword: PASSWORD }));
    expect(reply).toEqual({
      command: 'authorize-newPassword',
      error: 'No Authorization',
      errorCode: 'password-address-refused',
      errorParams: { address: '127.0.0.9' },
      errorData: [
        {
          description:
            'the admin password can only be created from an address the network settings let in: 127.0.0.9 is refused (it is not on the local network (test))',
        },
      ],
      success: false,
      tan: 1,
    });
    expect(await outsider.call(authorize('newPasswordRequired', 2))).toMatchObject({
      info: { newPasswordRequired: true },
    });
    const local = await client(t, 'tcp');
    open.push(local);
    expect(await local.call(authorize('newPassword', 1, { newPassword: PASSWORD }))).toMatchObject({
      success: true,
    });
  });
});
