import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedInstance } from '@glowkit/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type InstanceInfo, ServiceRuntime } from '../src/runtime/service-runtime.js';
import { BUNDLED_EFFECTS_DIR } from '../src/server.js';
import type { Configuration } from '../src/store/config-store.js';
import { configuration } from './support/configs.js';

let dataDir: string;
let runtime: ServiceRuntime;

/** Instances 0 (running) and 1 (stopped), each on a file device, no boot effect. */
function twoInstances(): Configuration {
  const config = configuration([0, 1]) as unknown as Configuration;
  for (const instance of config.instances) {
    const settings = instance.settings as Record<string, unknown>;
    settings.device = {
      type: 'file',
      hardwareLedCount: 4,
      output: join(dataDir, `leds-${instance.id}.txt`),
    };
    settings.foregroundEffect = { enable: false };
  }
  (config.instances[1] as { enabled: boolean }).enabled = false;
  return config;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'glowkit-runtime-'));
  runtime = new ServiceRuntime({ dataDir, bundledEffectsDir: BUNDLED_EFFECTS_DIR });
});

afterEach(async () => {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ServiceRuntime', () => {
  it('tells configured instances from running ones, and gives each one name', async () => {
    await runtime.start(twoInstances());
    expect(runtime.instances.map(({ id, name, running }) => ({ id, name, running }))).toEqual([
      { id: 0, name: 'Instance number 0', running: true },
      { id: 1, name: 'Instance number 1', running: false },
    ]);
    expect(runtime.info(1)).toMatchObject({ id: 1, enabled: false, running: false });
    expect(runtime.instance(1)).toBeUndefined();
    expect(runtime.info(7)).toBeUndefined();
    const first = runtime.instance(0);
    expect(first?.view).toMatchObject({ id: 0, name: 'Instance number 0' });
    expect(runtime.firstRunning).toBe(first);

    // A rename reaches the running instance too: one name, whoever asks.
    runtime.rename(0, 'Living room');
    expect(runtime.info(0)?.name).toBe('Living room');
    expect(first?.name).toBe('Living room');
    expect(first?.view.name).toBe('Living room');
  });

  it('carries out start, stop and rebuild requests made at once one after another, in order', async () => {
    const config = twoInstances();
    await runtime.start(config);
    const events: string[] = [];
    const log = (what: string) => (info: InstanceInfo) =>
      events.push(`${what} ${info.id} ${info.running}`);
    runtime.on('instance-started', log('started'));
    runtime.on('instance-stopped', log('stopped'));
    const built: LedInstance[] = [];
    const stored1 = config.instances[1];
    if (!stored1) throw new Error('no instance 1');
    // Not awaited one by one: each waits for the one before it.
    await Promise.all([
      runtime.startInstance(1).then(() => built.push(runtime.instance(1) as LedInstance)),
      runtime.stopInstance(1),
      runtime.startInstance(1).then(() => built.push(runtime.instance(1) as LedInstance)),
      runtime.restartInstance({ ...stored1, enabled: true }),
      runtime.stopInstance(0),
    ]);
    expect(events).toEqual(['stopped 1 false', 'started 1 true']);
    // Each start built a new LedInstance; the ones replaced are closed for good.
    expect(built).toHaveLength(2);
    expect(built[0]).not.toBe(built[1]);
    expect(built.map((i) => i.view.device.state)).toEqual(['closed', 'closed']);
    expect(runtime.instance(1)?.view.device.state).not.toBe('closed');
    expect(runtime.instances.map((i) => [i.id, i.enabled, i.running])).toEqual([
      [0, false, false],
      [1, true, true],
    ]);
    expect(runtime.firstRunning).toBe(runtime.instance(1));
  });
});
