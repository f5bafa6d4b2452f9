/**
 * Instance 255, which the specification allows as an instance's id (0 to 255) but not in
 * `instanceIds` (0 to 254): a restore takes it, the store keeps it, it runs, and a backup of it
 * restores; where it cannot be named (instanceIds, the commands naming an instance) the reply
 * says so, and how to give it another id.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { configuration, restoreRequest } from './support/configs.js';
import { GLOWKIT, requireBuild } from './support/process.js';
import { startServer, type TestServer } from './support/server.js';
import { restoreAndWait, transports } from './support/transports.js';

type Message = Record<string, unknown>;

/** The note a reply carries when instance 255 is left out of instanceIds. */
const NOTE =
  'instance 255 is in instances but not in instanceIds, which lists 0 to 254 only: it is stored, runs and restores as any other, but instanceIds and the commands naming an instance cannot name it; to name it, restore the configuration with another id for it';
/** What a command naming instance 255 is answered. */
const UNNAMED =
  'must be an integer from 0 to 254: instance 255 can be used, but not named by these commands; to name it, restore the configuration with another id for it';

/** Two instances, 0 and 255, as a backup of Hyperion.ng's specification may have them. */
function withInstance255(): Message {
  const config = configuration([0, 255]) as { instanceIds: number[] };
  config.instanceIds = [0];
  return config as unknown as Message;
}

describe('instance 255', () => {
  let t: TestServer;
  const http = transports[0] as (typeof transports)[number];
  const call = (request: Message) =>
    post(`${t.http}/json-rpc`, request, { headers: { Authorization: `Bearer ${t.token}` } });

  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is restored, stored and run, with a note that instanceIds leaves it out', async () => {
    const reply = await restoreAndWait(t, http, restoreRequest(withInstance255(), 4));
    expect(reply).toEqual({
      command: 'config-restoreconfig',
      errorData: [{ description: NOTE }],
      info: 'Restarting after importing configuration successfully.',
      success: true,
      tan: 4,
    });
    const stored = t.server.store.read();
    expect(stored.instances.map((i) => i.id)).toEqual([0, 255]);
    expect(stored.instanceIds).toEqual([0]);
    expect(t.server.runtime.instance(255)).toBeDefined();
    // serverinfo lists it as running, as any other.
    const info = await call({ command: 'serverinfo', tan: 5 });
    const instances = (info.json.info as { instance: { instance: number; running: boolean }[] })
      .instance;
    expect(instances.map((i) => [i.instance, i.running])).toEqual([
      [0, true],
      [255, true],
    ]);
  });

  it('is in getconfig’s instances but not in its instanceIds, and that backup restores', async () => {
    for (const filter of [undefined, {}, { instances: { ids: [] } }]) {
      const backup = await call({
        command: 'config',
        subcommand: 'getconfig',
        tan: 6,
        ...(filter === undefined ? {} : { configFilter: filter }),
      });
      expect(backup.json, JSON.stringify(filter)).toMatchObject({
        success: true,
        errorData: [{ description: NOTE }],
        info: { instanceIds: [0] },
      });
      const info = backup.json.info as { instances: { id: number }[] };
      expect(info.instances.map((i) => i.id)).toEqual([0, 255]);
      const again = await restoreAndWait(t, http, restoreRequest(info, 7));
      expect(again, JSON.stringify(again)).toMatchObject({ success: true, tan: 7 });
    }
    expect(t.server.store.read().instances.map((i) => i.id)).toEqual([0, 255]);
  });

  it('is refused where an instance is named, saying how to give it another id', async () => {
    const named: Message[] = [
      { command: 'instance', subcommand: 'switchTo', instance: 255 },
      { command: 'instance', subcommand: 'startInstance', instance: 255 },
      { command: 'instance', subcommand: 'stopInstance', instance: 255 },
      { command: 'instance', subcommand: 'deleteInstance', instance: 255 },
      { command: 'instance', subcommand: 'saveName', instance: 255, name: 'Renamed strip' },
      { command: 'serverinfo', instance: 255 },
      { command: 'ledcolors', subcommand: 'ledstream-start', instance: 255 },
      { command: 'config', subcommand: 'setconfig', instance: 255, config: { ledConfig: {} } },
    ];
    for (const request of named) {
      const reply = await call({ ...request, tan: 8 });
      expect(reply.json, JSON.stringify(request)).toMatchObject({
        success: false,
        error: 'Invalid params',
        errorData: [{ description: `/instance: ${UNNAMED}` }],
        tan: 8,
      });
    }
    const colour = await call({
      command: 'color',
      color: [1, 2, 3],
      priority: 50,
      instance: [255],
    });
    expect(colour.json).toMatchObject({
      success: false,
      errorData: [{ description: `/instance/0: ${UNNAMED}` }],
    });
    // Nothing of it changed: it still runs, under its name.
    expect(t.server.runtime.instance(255)).toBeDefined();
    expect(t.server.store.read().instances.find((i) => i.id === 255)?.name).toBe(
      'Instance number 255',
    );
  });

  it('keeps its snapshot restorable', async () => {
    const [latest] = t.server.store.snapshots();
    expect(latest).toBeDefined();
    const undo = await restoreAndWait(t, http, {
      command: 'config',
      subcommand: 'restoresnapshot',
      snapshot: latest?.id,
      tan: 9,
    });
    expect(undo).toMatchObject({ success: true, tan: 9 });
    expect(t.server.store.read().instances.map((i) => i.id)).toEqual([0, 255]);
  });
});

describe('glowkit config import with instance 255', () => {
  it('imports it offline as a restore does', async () => {
    requireBuild();
    const t = await startServer();
    const dataDir = t.dataDir;
    await t.server.stop();
    try {
      const file = join(dataDir, 'backup.json');
      writeFileSync(file, JSON.stringify(withInstance255()));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [GLOWKIT, ...args, '--data-dir', dataDir], {
          encoding: 'utf8',
        });
      const imported = run('config', 'import', file);
      expect(imported.status, imported.stderr).toBe(0);
      const exported = JSON.parse(run('config', 'export').stdout);
      expect(exported.instanceIds).toEqual([0]);
      expect(exported.instances.map((i: { id: number }) => i.id)).toEqual([0, 255]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
