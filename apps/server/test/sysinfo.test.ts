import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HYPERION_API_VERSION } from '../src/rpc/sysinfo.js';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

type Info = { system: Record<string, unknown>; hyperion: Record<string, unknown> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Compares dotted versions with an optional pre-release, as Home Assistant's AwesomeVersion does for these. */
function atLeast(version: string, minimum: string): boolean {
  const parse = (v: string) => {
    const [core = '', pre] = v.split('-', 2);
    return { parts: core.split('.').map(Number), pre };
  };
  const a = parse(version);
  const b = parse(minimum);
  for (let i = 0; i < 3; i++) {
    const d = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  if (a.pre === undefined) return true;
  if (b.pre === undefined) return false;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true }) >= 0;
}

describe('sysinfo', () => {
  let t: TestServer;

  const sysinfo = async (server: TestServer = t): Promise<Info> => {
    const reply = await post(
      `${server.http}/json-rpc`,
      { command: 'sysinfo', tan: 4 },
      { headers: { Authorization: `Bearer ${server.token}` } },
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ command: 'sysinfo', success: true, tan: 4 });
    return reply.json.info as Info;
  };

  beforeAll(async () => {
    t = await startServer({ tcpPort: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("describes the host in Hyperion.ng's fields, plus Node's version", async () => {
    const { system } = await sysinfo();
    const strings = [
      'kernelType',
      'kernelVersion',
      'architecture',
      'cpuModelName',
      'cpuModelType',
      'cpuHardware',
      'cpuRevision',
      'wordSize',
      'productType',
      'productVersion',
      'prettyName',
      'hostName',
      'domainName',
      'qtVersion',
      'pyVersion',
      'nodeVersion',
    ];
    for (const key of strings) expect(typeof system[key], key).toBe('string');
    expect(system.isUserAdmin).toBeTypeOf('boolean');
    expect(system.kernelType).toBe(process.platform === 'win32' ? 'winnt' : process.platform);
    expect(system.wordSize).toMatch(/^(32|64)$/);
    expect(system.nodeVersion).toBe(process.versions.node);
    expect(system.qtVersion).toBe('');
    // python3 is installed here (the effects need it).
    expect(system.pyVersion).toMatch(/^3\.\d+/);
    expect(system.hostName).not.toBe('');
  });

  it('describes the server: a Hyperion-compatible version, its own version and the uuid', async () => {
    const { hyperion } = await sysinfo();
    expect(hyperion.version).toBe(HYPERION_API_VERSION);
    // Home Assistant warns about servers older than this.
    expect(atLeast(String(hyperion.version), '2.0.0-alpha.9')).toBe(true);
    expect(hyperion.glowkitVersion).toBe('0.1.0');
    expect(hyperion.build).toBe('glowkit 0.1.0');
    expect(hyperion.id).toMatch(UUID);
    expect(hyperion.id).toBe(t.server.store.read().global.uuid);
    expect(hyperion.configDatabaseFile).toBe(t.server.store.file);
    expect(hyperion.readOnlyMode).toBe(false);
    expect(hyperion.isGuiMode).toBe(false);
    for (const key of ['buildType', 'gitremote', 'time', 'rootPath']) {
      expect(typeof hyperion[key], key).toBe('string');
    }
  });

  it("says how long the server's process has run, in whole seconds, and it grows", async () => {
    const first = (await sysinfo()).hyperion.uptime;
    expect(Number.isInteger(first)).toBe(true);
    expect(first).toBeGreaterThanOrEqual(0);
    // Bounded by count: a second or so passes on any machine within 100 polls of 100 ms.
    let later = first;
    for (let i = 0; i < 100 && later === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = (await sysinfo()).hyperion.uptime;
    }
    expect(later).toBeGreaterThan(first as number);
  });

  it('needs a token, and answers on a WebSocket too', async () => {
    const refused = await post(`${t.http}/json-rpc`, { command: 'sysinfo' });
    expect(refused.status).toBe(401);
    const socket = await LiveSocket.open(t.ws, t.token);
    try {
      const reply = await socket.call({ command: 'sysinfo' });
      expect(reply).toMatchObject({ command: 'sysinfo', success: true });
      expect((reply.info as Info).hyperion.id).toBe(t.server.store.read().global.uuid);
    } finally {
      socket.close();
    }
  });

  it('keeps the id across a restore (even one carrying another uuid) and a restart', async () => {
    const before = (await sysinfo()).hyperion.id;
    const config = configuration([0]);
    (config.global as Record<string, unknown>).uuid = '11111111-2222-4333-8444-555555555555';
    const restarted = once(t.server, 'restart-complete');
    const restore = await post(`${t.http}/json-rpc`, restoreRequest(config, 1), {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(restore.json).toMatchObject({ success: true });
    await restarted;
    expect((await sysinfo()).hyperion.id).toBe(before);

    // A new process on the same data directory.
    await t.server.stop();
    const again = await startServer({ tcpPort: 0, dataDir: t.dataDir });
    try {
      expect((await sysinfo(again)).hyperion.id).toBe(before);
    } finally {
      await again.server.stop();
    }
    // The directory is removed once, by the first server's close().
    t = { ...t, close: async () => rmSync(t.dataDir, { recursive: true, force: true }) };
  });
});
