import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration, setconfigRequest as setconfig } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

type Message = Record<string, unknown>;

describe('config setconfig', () => {
  let t: TestServer;
  let work: string;
  const open: LiveSocket[] = [];
  const call = (request: Message) =>
    post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'glowkit-setconfig-'));
    t = await startServer({
      prepare: (server) =>
        server.store.replace(configuration([0, 1]) as unknown as Configuration, 'two instances'),
    });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const socket = async () => {
    const s = await LiveSocket.open(t.ws, t.token);
    open.push(s);
    return s;
  };

  it('saves a device group of one instance, keeps a snapshot, and rebuilds that instance alone', async () => {
    const output = join(work, 'leds.txt');
    const other = t.server.runtime.info(1);
    const otherInstance = t.server.runtime.instance(1);
    const otherDevice = otherInstance?.device;
    expect(otherDevice).toBeDefined();
    const snapshots = t.server.store.snapshots().length;

    const watcher = await socket();
    await watcher.call({ command: 'instance', subcommand: 'switchTo', instance: 0 });
    await watcher.call({ command: 'serverinfo', subscribe: ['settings-update'] });
    const editor = await socket();
    const device = { type: 'file', hardwareLedCount: 4, colorOrder: 'grb', output };
    const reply = await editor.call(setconfig({ device }, 0));

    expect(reply).toMatchObject({
      command: 'config-setconfig',
      success: true,
      info: { restarted: 'instance', changed: ['device'], instance: 0 },
    });
    const snapshot = (reply.info as { snapshot: number }).snapshot;
    expect(t.server.store.snapshots()).toHaveLength(snapshots + 1);
    expect(t.server.store.snapshots()[0]?.id).toBe(snapshot);
    expect(t.server.store.snapshot(snapshot)?.instances[0]?.settings.device).toMatchObject({
      output: '/dev/null',
    });
    expect(t.server.store.read().instances[0]?.settings.device).toEqual(device);

    // Instance 0 runs the new device: a colour reaches the file, in the new colour order.
    const config = t.server.runtime.instance(0)?.device.config;
    expect(config).toMatchObject({ type: 'file', output, colorOrder: 'grb' });
    const colored = await editor.call({
      command: 'color',
      color: [255, 0, 0],
      priority: 50,
      instance: [0],
    });
    expect(colored.success).toBe(true);
    await until(() => existsSync(output) && readFileSync(output, 'utf8').includes('{0,255,0}'));

    // Instance 1 never stopped: the same start time, LedInstance and device objects.
    expect(t.server.runtime.info(1)).toEqual(other);
    expect(t.server.runtime.info(1)?.startedAt).toBe(other?.startedAt);
    expect(t.server.runtime.instance(1)).toBe(otherInstance);
    expect(t.server.runtime.instance(1)?.device).toBe(otherDevice);

    // Sessions stayed open, and subscribers heard of the change.
    expect(await editor.call({ command: 'sysinfo' })).toMatchObject({ success: true });
    expect(await watcher.next((m) => m.command === 'settings-update')).toEqual({
      command: 'settings-update',
      instance: 0,
      data: { device },
    });
  });

  it('answers every violation with its pointer, and writes nothing', async () => {
    const before = t.server.store.read();
    const snapshots = t.server.store.snapshots().length;
    const reply = await call(
      setconfig(
        {
          device: { type: 'file', hardwareLedCount: 0, colorOrder: 'xyz' },
          // 0: time_ms takes 1 to 5000 (10 is valid since the groups have schemas).
          smoothing: { time_ms: 0 },
          leds: 5,
          general: {},
        },
        1,
        9,
      ),
    );
    expect(reply.json).toEqual({
      command: 'config-setconfig',
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [
        { description: '/config/device/hardwareLedCount: must be an integer from 1 to 65536' },
        {
          description:
            '/config/device/colorOrder: must be one of "rgb", "bgr", "rbg", "brg", "gbr", "grb"',
        },
        { description: '/config/smoothing/time_ms: must be an integer from 1 to 5000' },
        {
          description: '/config/leds: must be an object, an array, a string holding JSON, or null',
        },
        {
          description:
            '/config/general: "general" is a global group: send it in a setconfig without "instance"',
        },
      ],
      success: false,
      tan: 9,
    });
    expect(t.server.store.read()).toEqual(before);
    expect(t.server.store.snapshots()).toHaveLength(snapshots);
  });

  it('refuses an empty required key (a WLED without a host), and writes nothing', async () => {
    const before = t.server.store.read();
    for (const [device, key] of [
      [{ type: 'wled', host: '', hardwareLedCount: 10 }, 'host'],
      [{ type: 'udpddp', host: '' }, 'host'],
      [{ type: 'udpraw', host: '' }, 'host'],
      [{ type: 'file', output: '' }, 'output'],
    ] as const) {
      const reply = await call(setconfig({ device }, 1, 3));
      expect(reply.json, device.type).toEqual({
        command: 'config-setconfig',
        error: 'Invalid params',
        errorCode: 'invalid-params',
        errorData: [{ description: `/config/device/${key}: must be a non-empty string` }],
        success: false,
        tan: 3,
      });
    }
    expect(t.server.store.read()).toEqual(before);
    // A stored group may still leave it out (Hyperion.ng backups of other versions).
    const partial = await call(setconfig({ device: { type: 'udpddp', hardwareLedCount: 3 } }, 1));
    expect(partial.json).toMatchObject({ success: true });
  });

  it("refuses a blacklist entry without start or num, as Hyperion.ng's schema does", async () => {
    const before = t.server.store.read();
    const reply = await call(
      setconfig({ ledConfig: { ledBlacklist: [{ start: 1, num: 2 }, {}] } }, 1, 6),
    );
    expect(reply.json).toEqual({
      command: 'config-setconfig',
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [
        { description: '/config/ledConfig/ledBlacklist/1/start: is required' },
        { description: '/config/ledConfig/ledBlacklist/1/num: is required' },
      ],
      success: false,
      tan: 6,
    });
    expect(t.server.store.read()).toEqual(before);
  });

  it('refuses an ipWhitelist entry that is neither an address nor a CIDR range, at the entry', async () => {
    const before = t.server.store.read();
    const rule =
      'must be an IP address or a CIDR range (e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32)';
    const reply = await call(
      setconfig(
        {
          network: {
            internetAccessAPI: true,
            ipWhitelist: ['203.0.113.7', '10.0.0.0/8', '10.0.0.300', 'fe80::/129', 'hello'],
          },
        },
        undefined,
        8,
      ),
    );
    expect(reply.json).toEqual({
      command: 'config-setconfig',
      error: 'Invalid params',
      errorCode: 'invalid-params',
      errorData: [
        { description: `/config/network/ipWhitelist/2: ${rule}` },
        { description: `/config/network/ipWhitelist/3: ${rule}` },
        { description: `/config/network/ipWhitelist/4: ${rule}` },
      ],
      success: false,
      tan: 8,
    });
    expect(t.server.store.read()).toEqual(before);
  });

  it('names an instance that does not exist', async () => {
    const reply = await call(setconfig({ smoothing: { enable: false } }, 7));
    expect(reply.json).toMatchObject({
      success: false,
      error: 'Instance [7] does not exist.',
      errorData: [{ description: expect.stringMatching(/^\/instance: no instance 7/) }],
    });
  });

  it('writes nothing, and restarts nothing, when no group changes', async () => {
    const stored = t.server.store.read().instances[1]?.settings.smoothing;
    const running = t.server.runtime.instance(1);
    expect(running).toBeDefined();
    const snapshots = t.server.store.snapshots().length;
    const reply = await call(setconfig({ smoothing: stored }, 1));
    expect(reply.json).toMatchObject({
      success: true,
      info: { snapshot: null, restarted: 'none', changed: [], instance: 1 },
    });
    expect(t.server.store.snapshots()).toHaveLength(snapshots);
    expect(t.server.runtime.instance(1)).toBe(running);
  });

  it('resets a group given as null to its default, and takes a group given as JSON text', async () => {
    const reply = await call(setconfig({ smoothing: null, ledConfig: '{"classic":{"top":2}}' }, 1));
    expect(reply.json).toMatchObject({
      success: true,
      info: { restarted: 'instance', changed: ['smoothing', 'ledConfig'] },
    });
    const settings = t.server.store.read().instances[1]?.settings;
    expect(settings?.smoothing).toMatchObject({ enable: true, type: 'linear', time_ms: 150 });
    expect(settings?.ledConfig).toEqual({ classic: { top: 2 } });
  });

  it('saves a global group nothing runs on without a restart, and tells subscribers', async () => {
    const watcher = await socket();
    await watcher.call({ command: 'serverinfo', subscribe: ['settings-update'] });
    const instances = t.server.runtime.instances;
    const general = { name: 'Living room', configVersion: '2.2.2', showOptHelp: false };
    const reply = await call(setconfig({ general }));
    expect(reply.json).toMatchObject({
      success: true,
      info: { restarted: 'none', changed: ['general'] },
    });
    expect(reply.json.info).not.toHaveProperty('instance');
    expect(t.server.store.read().global.settings.general).toEqual(general);
    expect(t.server.runtime.instances).toEqual(instances);
    expect(await watcher.next((m) => m.command === 'settings-update')).toEqual({
      command: 'settings-update',
      data: { general },
    });
  });

  it('restarts the service for a group read only at start (effects), after the reply', async () => {
    const restarted = once(t.server, 'restart-complete');
    const reply = await call(
      setconfig({ effects: { paths: ['$ROOT/custom-effects'], disable: ['Comet'] } }),
    );
    expect(reply.json).toMatchObject({
      success: true,
      info: { restarted: 'service', changed: ['effects'] },
    });
    const [report] = await restarted;
    expect(report.reason).toBe('setconfig');
    const names = t.server.runtime.catalogue.serverInfo().map((e) => e.name);
    expect(names).not.toContain('Comet');
    expect(names).toContain('Campfire');
  });

  it("saves a stopped instance's groups without starting it: they apply when it starts", async () => {
    expect(
      (await call({ command: 'instance', subcommand: 'stopInstance', instance: 1, tan: 6 })).json,
    ).toMatchObject({ success: true });
    const smoothing = { enable: true, type: 'linear', time_ms: 300, updateFrequency: 25 };
    const reply = await call(setconfig({ smoothing }, 1));
    expect(reply.json).toMatchObject({
      success: true,
      info: { changed: ['smoothing'], instance: 1, restarted: 'none' },
    });
    expect(t.server.store.read().instances[1]?.settings.smoothing).toEqual(smoothing);
    expect(t.server.runtime.instance(1)).toBeUndefined();
    expect(
      (await call({ command: 'instance', subcommand: 'startInstance', instance: 1, tan: 7 })).json,
    ).toMatchObject({ success: true });
  });

  it('is for admin tokens only', async () => {
    const { token } = t.server.store.tokens.create('a viewer token', false);
    const reply = await post(`${t.http}/json-rpc`, setconfig({ general: { name: 'Hacked' } }), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ success: false, error: 'No Authorization' });
    expect(t.server.store.read().global.settings.general).not.toMatchObject({ name: 'Hacked' });
  });
});
