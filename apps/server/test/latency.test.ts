/**
 * `serverinfo.latency` (Glowkit's own key) on a real server: a flatbuffers client's pictures are
 * followed from their last byte read to the LED device's write (a `file` device), and each running
 * instance reports each stage's p50 and p99 and the count of frames followed; the
 * `input-sources-update` push carries the same list. No figure is compared with a clock: only
 * presence, order, signs, the counts, and that each frame's stages add up to its total.
 */
import type { InstanceLatencyInfo, LatencyFigures } from '@glowkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { FlatbufClient, rawImageMessage, registerMessage } from './support/flatbuf-client.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const STAGES = ['decode', 'wait', 'mapping', 'smoothing', 'device'];
/** Frames sent one at a time: fewer than 100, so each p99 is the stage's longest frame. */
const FRAMES = 12;

let t: TestServer | undefined;
const closing: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const c of closing.splice(0)) c.close();
  await t?.close();
  t = undefined;
});

async function start(smoothing: Record<string, unknown>): Promise<TestServer> {
  t = await startServer({
    inputSourcesPushMs: 100,
    prepare: (server) => {
      const config = configuration([0, 1], 4) as unknown as Configuration;
      for (const instance of config.instances) {
        const settings = instance.settings as Record<string, unknown>;
        settings.smoothing = smoothing;
        settings.foregroundEffect = { enable: false };
      }
      config.global.settings.flatbufServer = { enable: true, port: 19400, timeout: 30 };
      server.store.replace(config, 'test set-up');
    },
  });
  return t;
}

async function serverinfo(): Promise<{ latency?: InstanceLatencyInfo[] }> {
  const reply = await post(
    `${t?.http}/json-rpc`,
    { command: 'serverinfo' },
    { headers: { Authorization: `Bearer ${t?.token}` } },
  );
  return reply.json.info as { latency?: InstanceLatencyInfo[] };
}

/**
 * Registers a flatbuffers client and sends FRAMES pictures, each once both instances counted the
 * one before.
 */
async function stream(): Promise<void> {
  const port = t?.server.listening.flatbuf?.port;
  if (!port) throw new Error('the flatbuffers server is not listening');
  const client = await FlatbufClient.connect(port);
  closing.push(client);
  await client.ask(registerMessage('Grabber', 150));
  for (let i = 1; i <= FRAMES; i++) {
    // A new colour each time, so that the smoothing has somewhere to go.
    await client.ask(rawImageMessage(new Uint8Array(8 * 2 * 3).fill(i * 20), 8, 2));
    // Every instance has written it (with smoothing, a frame written into it before its output
    // carried the one before would replace that one: newest wins).
    await until(async () => {
      const { latency = [] } = await serverinfo();
      return latency.length === 2 && latency.every((entry) => entry.frames >= i);
    });
  }
}

/** What each entry must say of FRAMES frames: every stage, in order, adding up to the total. */
function expectConsistent(entry: InstanceLatencyInfo | undefined): void {
  expect(entry?.frames).toBe(FRAMES);
  const stages = entry?.stages as Record<string, LatencyFigures>;
  const total = entry?.total as LatencyFigures;
  expect(Object.keys(stages)).toEqual(STAGES);
  for (const figures of [...Object.values(stages), total]) {
    expect(Object.keys(figures)).toEqual(['p50', 'p99']);
    expect(figures.p50).toBeGreaterThanOrEqual(0);
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
  }
  // Each frame's total is the sum of its stages, so the longest total lies between the longest
  // stage and the sum of the longest of each (figures are rounded to the µs).
  const sumOfLongest = Object.values(stages).reduce((sum, f) => sum + f.p99, 0);
  for (const figures of Object.values(stages)) {
    expect(figures.p99).toBeLessThanOrEqual(total.p99 + 0.001);
  }
  expect(total.p99).toBeLessThanOrEqual(sumOfLongest + 0.006);
}

describe('serverinfo.latency', () => {
  it('reports, after N flatbuffers frames, N frames and each stage in pipeline order', async () => {
    await start({ enable: false });
    const before = await serverinfo();
    // Every running instance, nothing measured yet.
    expect(before.latency).toEqual([
      { instance: 0, frames: 0 },
      { instance: 1, frames: 0 },
    ]);
    await stream();
    const { latency } = await serverinfo();
    expect(latency?.map((l) => l.instance)).toEqual([0, 1]);
    // The client's source shows in every instance: each follows every frame.
    for (const entry of latency ?? []) {
      expectConsistent(entry);
      // Without smoothing a frame goes from the mapping straight to the device.
      expect(entry.stages?.smoothing).toEqual({ p50: 0, p99: 0 });
    }
  });

  it("counts a frame through the smoothing once the smoothing's output carries it", async () => {
    await start({
      enable: true,
      type: 'linear',
      time_ms: 100,
      updateFrequency: 25,
      updateDelay: 2,
    });
    await stream();
    const { latency } = await serverinfo();
    for (const entry of latency ?? []) expectConsistent(entry);
  });

  it('comes with the input-sources-update push while a client streams', async () => {
    const server = await start({ enable: false });
    const watcher = await LiveSocket.open(server.ws, server.token);
    closing.push(watcher);
    await watcher.call({ command: 'serverinfo', subscribe: ['input-sources-update'] });
    await stream();
    const push = await watcher.next((p) => {
      const data = p.data as { latency?: InstanceLatencyInfo[] } | undefined;
      return p.command === 'input-sources-update' && data?.latency?.[0]?.frames === FRAMES;
    });
    const { latency } = push.data as { latency: InstanceLatencyInfo[] };
    expect(latency.map((l) => l.instance)).toEqual([0, 1]);
    expectConsistent(latency[0]);
  });
});
