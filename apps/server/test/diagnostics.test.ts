// The System page's figures and the bug report's bundle (issue 25 §5), from a real server with
// a running effect child: `diagnostics getInfo` names the child by its pid with its CPU and
// memory, the instance's frames per second and its device's writes; `getBundle` carries the
// configuration and the log with every secret redacted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiagnosticsBundle, DiagnosticsInfo } from '@glowkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemMonitor } from '../src/diagnostics/system-monitor.js';
import { post } from './support/client.js';
import { fileDeviceConfiguration } from './support/file-device.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 10;

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(): Promise<TestServer> {
  t = await startServer({
    prepare: (server) => {
      const output = join(server.options.dataDir, 'leds.txt');
      server.store.replace(fileDeviceConfiguration(output, LEDS), 'test set-up');
    },
  });
  return t;
}

const rpc = async (server: TestServer, body: Record<string, unknown>, token = server.token) =>
  post(`${server.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${token}` } });

const info = async (server: TestServer): Promise<DiagnosticsInfo> => {
  const reply = await rpc(server, { command: 'diagnostics', subcommand: 'getInfo' });
  expect(reply.json).toMatchObject({ command: 'diagnostics-getInfo', success: true });
  return reply.json.info as DiagnosticsInfo;
};

/** The CPU time of a process from /proc, seconds: what the figures must agree with. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('diagnostics getInfo', () => {
  it('names a running effect child by its pid, with its CPU and memory, and the instance fps', async () => {
    const server = await start();
    expect(
      (await rpc(server, { command: 'effect', priority: 60, effect: { name: 'Rainbow Wave' } }))
        .json,
    ).toMatchObject({ success: true });
    const [active] = server.server.runtime.instance(0)?.effects.children ?? [];
    expect(active).toMatchObject({ priority: 60, name: 'Rainbow Wave' });
    const pid = active?.pid as number;
    // The child is a real process of its own: not the server.
    expect(readFileSync(`/proc/${pid}/cmdline`, 'latin1')).toContain('python3');

    // Frames reach the device over a whole interval.
    const figures = await until(async () => {
      const now = await info(server);
      return now.instances[0]?.fps && now.effects.length > 0 ? now : undefined;
    }, 30_000);
    expect(figures.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(figures.uptimeS).toBeGreaterThanOrEqual(0);
    expect(figures.server.pid).toBe(process.pid);
    expect(figures.server.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(figures.server.heapUsedBytes).toBeGreaterThan(0);
    expect(figures.server.heapTotalBytes).toBeGreaterThanOrEqual(figures.server.heapUsedBytes);
    expect(figures.server.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(figures.effects).toEqual([
      {
        instance: 0,
        priority: 60,
        name: 'Rainbow Wave',
        pid,
        cpuPercent: expect.any(Number),
        rssBytes: expect.any(Number),
      },
    ]);
    const [child] = figures.effects;
    // Python's own memory (several MB), as the kernel reports it.
    expect(child?.rssBytes).toBeGreaterThan(1024 * 1024);
    expect(child?.cpuPercent).toBeGreaterThanOrEqual(0);
    // The child has used CPU time, which /proc agrees it has.
    expect(cpuSecondsOf(pid)).toBeGreaterThan(0);

    const [instance] = figures.instances;
    expect(instance).toMatchObject({
      id: 0,
      running: true,
      framesDroppedTotal: expect.any(Number),
    });
    expect(instance?.fps).toBeGreaterThan(0);
    expect(instance?.device).toMatchObject({ type: 'file', state: 'on' });
    expect(instance?.device?.writes).toBeGreaterThan(0);
    expect(instance?.device?.writeMsMean).toBeGreaterThanOrEqual(0);
    expect(instance?.device?.writeMsMax).toBeGreaterThanOrEqual(0);
    expect(figures.database.sizeBytes).toBeGreaterThan(0);
    // The set-up's replace kept the first configuration as a snapshot.
    expect(figures.database.snapshots).toBeGreaterThanOrEqual(1);

    // Once the effect stops, its child is no longer listed.
    await rpc(server, { command: 'clear', priority: 60 });
    await until(async () => (await info(server)).effects.length === 0, 30_000);
  });

  it('measures the event loop: a loop blocked for 300 ms shows in the max delay', async () => {
    const server = await start();
    const monitor = new SystemMonitor({
      runtime: server.server.runtime,
      intervalMs: 400,
      firstIntervalMs: 400,
    });
    try {
      await monitor.figures();
      // Past the histogram's blind spot right after an interval ends (see SystemMonitor#tick).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const blocked = Date.now() + 300;
      while (Date.now() < blocked) {}
      const figures = await until(async () => {
        const now = await monitor.figures();
        return (now.eventLoop.maxMs ?? 0) >= 250 ? now : undefined;
      }, 10_000);
      expect(figures.eventLoop.p50Ms).not.toBeNull();
      expect(figures.eventLoop.p99Ms).toBeGreaterThanOrEqual(figures.eventLoop.p50Ms as number);
    } finally {
      monitor.stop();
    }
    expect(monitor.running).toBe(false);
  });
});

describe('diagnostics getBundle', () => {
  it('holds the figures, sysinfo, the configuration and the log, with no secret in it', async () => {
    const server = await start();
    const secrets = {
      mqtt: 'mqtt-Pa55word-diag-91',
      forwarder: 'fwd-T0ken-diag-73',
      phrase: 'tls-Pa55phrase-diag-28',
    };
    expect(
      (
        await rpc(server, {
          command: 'config',
          subcommand: 'setconfig',
          config: {
            network: { mqtt: { password: secrets.mqtt } },
            webConfig: { keyPassPhrase: secrets.phrase },
            forwarder: {
              jsonapi: [
                {
                  name: 'den',
                  host: '127.0.0.1',
                  port: 19444,
                  instanceIds: [0],
                  token: secrets.forwarder,
                },
              ],
            },
          },
        })
      ).json,
    ).toMatchObject({ success: true });
    // A request with a wrong token, so the log has a refusal in it.
    await post(
      `${server.http}/json-rpc`,
      { command: 'sysinfo' },
      {
        headers: { Authorization: 'Bearer not-a-token' },
      },
    );

    // The forwarder's change restarts the service: the bundle comes once it is back.
    const reply = await until(async () => {
      const answer = await rpc(server, { command: 'diagnostics', subcommand: 'getBundle' });
      return answer.status === 503 ? undefined : answer;
    }, 30_000);
    expect(reply.json).toMatchObject({ command: 'diagnostics-getBundle', success: true });
    const bundle = reply.json.info as DiagnosticsBundle;
    expect(bundle.kind).toBe('glowkit-diagnostics');
    expect(bundle.figures.instances[0]).toMatchObject({ id: 0, running: true });
    expect(bundle.sysinfo).toMatchObject({ hyperion: { glowkitVersion: bundle.figures.version } });
    const settings = bundle.configuration.global.settings as Record<
      string,
      Record<string, unknown>
    >;
    expect(settings.network?.mqtt).toMatchObject({ password: '[redacted]' });
    expect(settings.forwarder?.jsonapi).toMatchObject([{ name: 'den', token: '[redacted]' }]);
    expect(settings.webConfig).toMatchObject({ keyPassPhrase: '[redacted]' });
    expect(bundle.configuration.instances[0]?.settings).toMatchObject({ device: { type: 'file' } });
    expect(bundle.log.some((line) => line.message.includes('authorization failed'))).toBe(true);
    // Not one secret anywhere in the file a user attaches to a report.
    for (const secret of [secrets.mqtt, secrets.forwarder, secrets.phrase, server.token]) {
      expect(reply.text).not.toContain(secret);
    }
  });

  it("is an admin token's; the figures are any signed-in client's", async () => {
    const server = await start();
    const driver = server.server.store.tokens.create('lights only', false).token;
    expect(
      (await rpc(server, { command: 'diagnostics', subcommand: 'getInfo' }, driver)).json,
    ).toMatchObject({
      success: true,
    });
    const refused = await rpc(server, { command: 'diagnostics', subcommand: 'getBundle' }, driver);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, errorCode: 'admin-required' });
  });
});
