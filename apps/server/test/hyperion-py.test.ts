/**
 * Home Assistant's client, hyperion-py 0.7.6 (unchanged, from GLOWKIT_CLIENTS), against a real
 * server over the TCP JSON port: the steps the Home Assistant integration takes. Skipped when
 * GLOWKIT_CLIENTS is not set (.ci/run sets it).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { configuration } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';

const clients = process.env.GLOWKIT_CLIENTS;
const HYPERION_PY = clients ? join(clients, 'hyperion-py') : '';
const FLOW = fileURLToPath(new URL('./support/hyperion_py_flow.py', import.meta.url));

interface Step {
  step: string;
  [key: string]: unknown;
}

/** Runs one flow of the driver; resolves with its steps once it exits, and feeds them as they come. */
function runFlow(
  port: number,
  token: string,
  flow: string,
  onStep: (step: Step) => void = () => {},
): Promise<{ code: number | null; steps: Step[]; stderr: string }> {
  const child = spawn('python3', [FLOW, '127.0.0.1', String(port), token, flow], {
    env: { ...process.env, PYTHONPATH: HYPERION_PY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const steps: Step[] = [];
  let stderr = '';
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    rest += String(chunk);
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      const step = JSON.parse(line) as Step;
      steps.push(step);
      onStep(step);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  const timer = setTimeout(() => child.kill(), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, steps, stderr });
    }),
  );
}

const byName = (steps: Step[], name: string): Step | undefined =>
  steps.find((s) => s.step === name);

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A server whose instances drive virtual devices, with no boot effect, on an ephemeral TCP port. */
async function start(ids: number[] = [0]): Promise<{ t: TestServer; port: number }> {
  t = await startServer({
    prepare: (server) => {
      const config = configuration(ids, 10) as unknown as Configuration;
      for (const instance of config.instances) {
        const settings = instance.settings as Record<string, unknown>;
        settings.device = { type: 'virtual', hardwareLedCount: 10 };
        settings.foregroundEffect = { enable: false };
        settings.color = {
          channelAdjustment: [{ id: 'default', leds: '*', brightness: 100 }],
        };
      }
      server.store.replace(config, 'test set-up');
    },
  });
  const port = t.server.listening.tcp?.port;
  if (!port) throw new Error('the TCP JSON server is not listening');
  return { t, port };
}

describe.skipIf(!clients || !existsSync(HYPERION_PY))('hyperion-py (Home Assistant)', () => {
  it('connects with a token and drives the light as Home Assistant does', async () => {
    const { t, port } = await start();
    const run = await runFlow(port, t.token, 'light');
    expect(run.stderr).not.toMatch(/Traceback/);
    expect(byName(run.steps, 'failed')).toBeUndefined();
    expect(run.code).toBe(0);
    const info = byName(run.steps, 'serverinfo');
    expect(info?.components).toMatchObject({ ALL: true, LEDDEVICE: true });
    expect(info?.effects).toContain('Rainbow Wave');
    expect(info?.brightness).toBe(100);
    expect(info?.instances).toEqual([
      { friendly_name: 'Instance number 0', instance: 0, running: true },
    ]);
    const sysinfo = byName(run.steps, 'sysinfo');
    expect(sysinfo?.id).toBe(t.server.store.read().global.uuid);
    expect(typeof sysinfo?.version).toBe('string');
    expect(byName(run.steps, 'color')?.visible).toMatchObject({
      componentId: 'COLOR',
      priority: 128,
      origin: expect.stringMatching(/^Home Assistant@/),
      value: { RGB: [255, 0, 0] },
    });
    expect(byName(run.steps, 'effect')?.visible).toMatchObject({
      componentId: 'EFFECT',
      owner: 'Rainbow Wave',
      priority: 128,
    });
    expect(byName(run.steps, 'brightness')?.brightness).toBe(50);
  }, 120_000);

  it('gets a token through a request an admin approves, then connects with it', async () => {
    const { t, port } = await start();
    const admin = await LiveSocket.open(t.ws, t.token);
    try {
      // Admins hear of requests once their session has spoken.
      await admin.call({ command: 'serverinfo' });
      const approved = admin
        .next((p) => p.command === 'authorize-tokenRequest', 20_000)
        .then((push) =>
          admin.call({
            command: 'authorize',
            subcommand: 'answerRequest',
            id: (push.info as { id: string }).id,
            accept: true,
          }),
        );
      const run = await runFlow(port, '-', 'request-token');
      expect(run.stderr).not.toMatch(/Traceback/);
      expect(byName(run.steps, 'failed')).toBeUndefined();
      expect(await approved).toMatchObject({ success: true });
      expect(byName(run.steps, 'auth-required')?.required).toBe(true);
      expect(byName(run.steps, 'token')).toMatchObject({ comment: 'Home Assistant', id: 'T0k3n' });
      expect(byName(run.steps, 'connected-with-token')).toMatchObject({ instance: 0 });
      expect(run.code).toBe(0);
    } finally {
      admin.close();
    }
  }, 120_000);

  it('connects to a second instance through switchTo', async () => {
    const { t, port } = await start([0, 1]);
    const run = await runFlow(port, t.token, 'instance');
    expect(byName(run.steps, 'failed')).toBeUndefined();
    expect(byName(run.steps, 'instance')).toMatchObject({ instance: 1 });
    expect(run.code).toBe(0);
  }, 120_000);
});
