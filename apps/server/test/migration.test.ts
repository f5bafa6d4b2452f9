/**
 * A server started on a database of the landed version: the values the schemas refuse are
 * brought into range as it opens, one log line each (group, instance, key, old and new value);
 * clients read them in range; the next start logs nothing. A database the server may not write is
 * migrated in memory, with the same lines, at every start. A snapshot restored through
 * `config restoresnapshot` is brought into range too, and the reply says what changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/data-dir.js';
import { LANDED, OUT_OF_RANGE, settingsRows, writeLandedDatabase } from './store/landed-db.js';
import { post } from './support/client.js';
import { type ReadOnlyDirs, readOnlyDataDir, removeReadOnly } from './support/read-only.js';
import { startServer, type TestServer } from './support/server.js';
import { restartAfter } from './support/transports.js';

type Json = Record<string, unknown>;

const servers: TestServer[] = [];
const dirs: string[] = [];
const readOnlyDirs: ReadOnlyDirs = { dirs: [], immutable: [] };
afterEach(async () => {
  for (const s of servers.splice(0)) await s.server.stop();
  removeReadOnly(readOnlyDirs);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts a server on `dataDir` (kept: the test removes it), signed in with `token`. */
async function start(dataDir: string, token: string): Promise<TestServer> {
  const s = await startServer({ dataDir, adminToken: token });
  servers.push(s);
  return s;
}

const call = async (s: TestServer, request: Json): Promise<Json> =>
  (await post(`${s.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${s.token}` } }))
    .json;

const getconfig = { command: 'config', subcommand: 'getconfig', tan: 1 };

/** The migration's log lines: their fields and message. */
const migrationLogs = (s: TestServer) =>
  s.logs
    .filter((line) => / brought into range: /.test(String(line.msg)))
    .map(({ level, group, instance, key, msg }) => ({ level, group, instance, key, msg }));

const EXPECTED_LOGS = [
  ['webConfig', undefined, '/port', '/port "abc" → 8090'],
  ['backgroundEffect', 0, '/enable', '/enable "yes" → false'],
  ['device', 0, '/streamProtocol', '/streamProtocol 1 → "1"'],
  ['device', 0, '/colorOrder', '/colorOrder "GRB" → "grb"'],
  ['smoothing', 0, '/decay', '/decay 500 → 20'],
  ['smoothing', 0, '/updateDelay', '/updateDelay 5000 → 2048'],
  ['color', 3, '/imageToLedMappingType', '/imageToLedMappingType 3 → "dominant_color"'],
  ['leds', 3, '', '/ [{"hscan"'],
].map(([group, instance, key, text]) => ({
  level: 40,
  group,
  instance,
  key,
  msg: expect.stringContaining(
    `settings group "${group}"${instance === undefined ? '' : ` of instance ${instance}`} brought into range: ${text}`,
  ),
}));

/** What getconfig reads of the migrated values. */
function expectInRange(info: Json): void {
  const global = (info.global as { settings: Json }).settings;
  const [zero, three] = info.instances as { settings: Json }[];
  expect(global.webConfig).toEqual({ ...(LANDED.groups.webConfig as Json), port: 8090 });
  expect(zero?.settings.smoothing).toMatchObject({ updateDelay: 2048, decay: 20 });
  expect(zero?.settings.device).toEqual({
    type: 'adalight',
    colorOrder: 'grb',
    streamProtocol: '1',
    hardwareLedCount: 60,
  });
  expect(zero?.settings.backgroundEffect).toMatchObject({ enable: false });
  expect(three?.settings.color).toMatchObject({ imageToLedMappingType: 'dominant_color' });
  expect(three?.settings.leds).toEqual([{ hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1 }]);
}

describe('a server on a database of the landed version', () => {
  it('brings its values into range at start, one log line each, and logs nothing the next time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-migration-'));
    dirs.push(dataDir);
    const token = writeLandedDatabase(databaseFile(dataDir), OUT_OF_RANGE);

    const first = await start(dataDir, token);
    expect(migrationLogs(first)).toEqual(EXPECTED_LOGS);
    const reply = await call(first, getconfig);
    expect(reply.success).toBe(true);
    expectInRange(reply.info as Json);
    await first.server.stop();
    servers.splice(0);

    const rows = settingsRows(databaseFile(dataDir));
    const second = await start(dataDir, token);
    expect(migrationLogs(second)).toEqual([]);
    expect((await call(second, getconfig)).info).toEqual(reply.info);
    expect(settingsRows(databaseFile(dataDir))).toEqual(rows);
  });

  it('migrates a database it may not write in memory, with the same lines, at every start', async () => {
    let token = '';
    const dataDir = readOnlyDataDir((file) => {
      token = writeLandedDatabase(file, OUT_OF_RANGE);
    }, readOnlyDirs);
    const rows = settingsRows(databaseFile(dataDir));

    for (const _start of [1, 2]) {
      const s = await start(dataDir, token);
      expect(migrationLogs(s)).toEqual(EXPECTED_LOGS);
      expectInRange((await call(s, getconfig)).info as Json);
      const filtered = await call(s, { ...getconfig, configFilter: { global: { types: [] } } });
      expectInRange(filtered.info as Json);
      await s.server.stop();
      servers.splice(0);
    }
    expect(settingsRows(databaseFile(dataDir))).toEqual(rows);
  });
});

describe('the admin password in a database of the landed version', () => {
  it('is missing, and cannot be stored, when the database may only be read; the server runs', async () => {
    let token = '';
    const dataDir = readOnlyDataDir((file) => {
      token = writeLandedDatabase(file, { instances: [{ id: 0, name: 'First', enabled: false }] });
    }, readOnlyDirs);
    const s = await start(dataDir, token);
    const ask = (body: Json) => call(s, { command: 'authorize', ...body });
    expect((await ask({ subcommand: 'newPasswordRequired' })).info).toEqual({
      newPasswordRequired: true,
    });
    const refused = await ask({ subcommand: 'newPassword', newPassword: 'correct horse' });
    expect(refused).toMatchObject({ success: false, error: 'Database Error' });
    expect(JSON.stringify(refused.errorData)).toContain('the database is read-only');
  });
});

describe('config restoresnapshot of a snapshot the landed version kept', () => {
  it('brings it into range on the way, logs each change and lists it in the reply', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'glowkit-migration-'));
    dirs.push(dataDir);
    const token = writeLandedDatabase(databaseFile(dataDir), {
      instances: [{ id: 0, name: 'First LED instance', enabled: false }],
    });
    const kept = {
      global: { settings: { webConfig: { ...(LANDED.groups.webConfig as Json), sslPort: 0 } } },
      instanceIds: [0],
      instances: [
        {
          id: 0,
          name: 'Kept instance',
          enabled: false,
          settings: { smoothing: { ...(LANDED.groups.smoothing as Json), updateDelay: 5000 } },
        },
      ],
    };
    const db = new Database(databaseFile(dataDir));
    const { lastInsertRowid: id } = db
      .prepare('INSERT INTO glowkit_snapshots (created_at, reason, config) VALUES (?, ?, ?)')
      .run('2026-11-01T12:00:00.000Z', 'restore over HTTP', JSON.stringify(kept));
    db.close();

    const s = await start(dataDir, token);
    const restarted = restartAfter(s.server);
    const reply = await call(s, {
      command: 'config',
      subcommand: 'restoresnapshot',
      snapshot: Number(id),
      tan: 4,
    });
    expect(reply).toEqual({
      command: 'config-restoresnapshot',
      errorData: [
        {
          description:
            'settings group "webConfig" brought into range: /sslPort 0 → 1 (must be an integer from 1 to 65535)',
        },
        {
          description:
            'settings group "smoothing" of instance 0 brought into range: /updateDelay 5000 → 2048 (must be an integer from 0 to 2048)',
        },
      ],
      info: expect.stringMatching(/^Restarting after restoring snapshot \d+/),
      success: true,
      tan: 4,
    });
    await restarted.complete;
    expect(migrationLogs(s).map((line) => line.key)).toEqual(['/sslPort', '/updateDelay']);
    const info = (await call(s, getconfig)).info as Json;
    const [instance] = info.instances as { name: string; settings: Json }[];
    expect(instance?.name).toBe('Kept instance');
    expect(instance?.settings.smoothing).toMatchObject({ updateDelay: 2048 });
  });
});
