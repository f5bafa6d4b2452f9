/**
 * The database file under a running server: deleted, replaced or read-only, every write is
 * refused with one line saying why and what to do, never reported as done; the problem is logged
 * once; reading and signing in go on.
 */
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { ConfigStore } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import {
  makeMutable,
  type ReadOnlyDirs,
  readOnlyDataDir,
  removeReadOnly,
} from './support/read-only.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

type Message = Record<string, unknown>;

let t: TestServer | undefined;
const readOnlyDirs: ReadOnlyDirs = { dirs: [], immutable: [] };
const sockets: LiveSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  makeMutable(readOnlyDirs);
  await t?.close();
  t = undefined;
  removeReadOnly(readOnlyDirs);
});

const call = (s: TestServer, request: Message) =>
  post(`${s.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${s.token}` } });

/** Every write a client can ask for, each as the request and the error family it answers. */
const writes = (s: TestServer): [Message, string][] => [
  [restoreRequest(configuration([0, 3]), 1), 'Restore configuration failed'],
  [
    {
      command: 'config',
      subcommand: 'setconfig',
      config: { general: { name: 'Renamed' } },
      tan: 2,
    },
    'Database Error',
  ],
  [
    { command: 'authorize', subcommand: 'createToken', comment: 'kitchen panel', tan: 3 },
    'Database Error',
  ],
  [
    {
      command: 'authorize',
      subcommand: 'deleteToken',
      id: s.server.store.tokens.list()[0]?.id,
      tan: 4,
    },
    'Database Error',
  ],
  [
    { command: 'instance', subcommand: 'saveName', instance: 0, name: 'Another name', tan: 5 },
    'Database Error',
  ],
  [
    { command: 'instance', subcommand: 'createInstance', name: 'A new instance', tan: 6 },
    'Database Error',
  ],
  [{ command: 'instance', subcommand: 'stopInstance', instance: 0, tan: 7 }, 'Database Error'],
];

/** Sends every write; each must be refused with its family's error and a detail matching `why`. */
async function expectWritesRefused(s: TestServer, why: RegExp): Promise<void> {
  const before = s.server.store.read();
  const tokens = s.server.store.tokens.list();
  for (const [request, error] of writes(s)) {
    const reply = await call(s, request);
    const label = `${request.command} ${request.subcommand}`;
    expect(reply.json, label).toMatchObject({
      success: false,
      error,
      tan: request.tan,
    });
    const details = (reply.json.errorData as { description: string }[]).map((d) => d.description);
    expect(details, label).toHaveLength(1);
    expect(details[0], label).toMatch(why);
  }
  // Nothing changed, as far as the running server can tell either.
  expect(s.server.store.read()).toEqual(before);
  expect(s.server.store.tokens.list().map((i) => i.id)).toEqual(tokens.map((i) => i.id));
  expect(s.server.runtime.instance(0)).toBeDefined();
}

/** The log lines (any level) whose message matches. */
const logsMatching = (s: TestServer, pattern: RegExp) =>
  s.logs.filter((line) => pattern.test(String(line.msg)));

describe('the database file deleted or replaced under a running server', () => {
  it('refuses every write with one clear line once the file is deleted, and logs it once', async () => {
    t = await startServer();
    const file = databaseFile(t.dataDir);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });

    const deleted = new RegExp(
      `the database file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} was deleted while the server was running: nothing was saved; restart the server \\(after putting the file back, or to start from a new database\\)`,
    );
    await expectWritesRefused(t, deleted);
    // Reading and signing in go on: the token's use is not recorded, which fails nothing.
    const read = await call(t, { command: 'config', subcommand: 'getconfig', tan: 9 });
    expect(read.json).toMatchObject({ success: true, tan: 9 });
    const socket = await LiveSocket.open(t.ws, t.token);
    sockets.push(socket);
    expect(await socket.call({ command: 'serverinfo' })).toMatchObject({ success: true });

    const logged = logsMatching(t, deleted);
    expect(logged, JSON.stringify(logged)).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50 });
  });

  it('refuses every write once another file is put in its place', async () => {
    t = await startServer();
    const file = databaseFile(t.dataDir);
    // Another database (a copy, as a backup put back would be) renamed over the open one.
    const other = join(t.dataDir, 'other.db');
    ConfigStore.open(other).close();
    renameSync(other, file);

    const replaced =
      /the database file .* was replaced while the server was running: nothing was saved; restart the server to use the file now there/;
    await expectWritesRefused(t, replaced);
    expect(logsMatching(t, replaced)).toHaveLength(1);
  });

  it('notices a deleted file without a write, and says so in the log', async () => {
    t = await startServer({ databaseCheckMs: 20 });
    rmSync(databaseFile(t.dataDir));
    const server = t;
    await until(
      () => logsMatching(server, /was deleted while the server was running/).length > 0,
      10_000,
    );
    // More checks go by: still said once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logsMatching(t, /was deleted while the server was running/)).toHaveLength(1);
  });
});

describe('a read-only database', () => {
  it('answers createToken with the reason restore and setconfig give, and still signs in', async () => {
    let token = '';
    const dataDir = readOnlyDataDir((file) => {
      const store = ConfigStore.open(file);
      token = store.tokens.create('the admin token').token;
      store.close();
    }, readOnlyDirs);
    t = await startServer({ dataDir, adminToken: token });

    const readOnly =
      /the database is read-only \(attempt to write a readonly database\): let the server's user write .*glowkit\.db and its folder, then restart the server/;
    const replies: Message[] = [];
    for (const [request] of writes(t)) replies.push((await call(t, request)).json);
    expect(replies.map((r) => [r.tan, r.success, r.error])).toEqual([
      [1, false, 'Restore configuration failed'],
      [2, false, 'Database Error'],
      [3, false, 'Database Error'],
      [4, false, 'Database Error'],
      [5, false, 'Database Error'],
      [6, false, 'Database Error'],
      [7, false, 'Database Error'],
    ]);
    for (const reply of replies) {
      expect((reply.errorData as { description: string }[])[0]?.description).toMatch(readOnly);
    }
    // Signing in goes on although its use cannot be recorded; that is logged, once.
    const socket = await LiveSocket.open(t.ws, t.token);
    sockets.push(socket);
    expect(await socket.call({ command: 'serverinfo' })).toMatchObject({ success: true });
    expect(logsMatching(t, /could not record when token .* was last used/)).toHaveLength(1);
  });
});
