/**
 * The `wled` device under the DeviceController against a WLED stand-in: the take-over and the
 * hand-back happen where users expect them (lights off, device disabled, instance stopped), once
 * each, and the WLED ends exactly as it was.
 */
import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceController } from '../src/devices/device-controller.js';
import { WledDevice } from '../src/devices/network/wled-device.js';
import { runDevice } from './support/run-device.js';
import { WledStandIn } from './support/wled-stand-in.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standIn(
  options: Parameters<typeof WledStandIn.start>[0] = {},
): Promise<WledStandIn> {
  const wled = await WledStandIn.start(options);
  cleanups.push(() => wled.close());
  return wled;
}

/** A controller whose `wled` devices talk to the stand-in's ports. */
function controllerFor(wled: WledStandIn, keys: Record<string, unknown> = {}) {
  const config = runDevice({ type: 'wled', hardwareLedCount: 2, host: wled.host, ...keys });
  const logs: string[] = [];
  const controller = new DeviceController(config, {
    types: new Map([
      [
        'wled',
        () =>
          new WledDevice(config, { ddpPort: wled.ddpPort, rawPort: wled.rawPort, timeoutMs: 500 }),
      ],
    ]),
    log: (level, message) => logs.push(`${level}: ${message}`),
  });
  cleanups.push(() => controller.close());
  return { controller, logs };
}

const RED = Uint8Array.of(255, 0, 0, 255, 0, 0);
const BLUE = Uint8Array.of(0, 0, 255, 0, 0, 255);
const TAKE_OVER = { on: true, live: true, bri: 255, udpn: { send: false, recv: false } };
const HAND_BACK = { on: true, bri: 128, live: false, tt: 0, udpn: { send: true, recv: true } };

/** The requests so far as `METHOD body`. */
const calls = (wled: WledStandIn) => wled.requests.map((r) => `${r.method} ${r.path}`);

describe('wled under the DeviceController', () => {
  it('takes over on enable and streams; switchOff hands back, the next frame takes over again', async () => {
    const wled = await standIn();
    const before = wled.snapshot();
    const { controller } = controllerFor(wled);
    await controller.enable();
    expect(controller.status.state).toBe('on');
    expect(wled.posts).toEqual([TAKE_OVER]);
    controller.write(RED);
    await controller.flush();
    expect((await wled.waitForFrames('ddp', 1)).map((f) => [...f])).toEqual([[...RED]]);

    // Nothing to show: the WLED gets its own state back, nothing is written.
    controller.switchOff();
    await controller.flush();
    expect(wled.posts.slice(1)).toEqual([HAND_BACK]);
    expect([wled.state, wled.live]).toEqual([before, false]);
    expect(controller.status.state).toBe('on');

    // The next frame: take-over again, without re-reading the state to restore.
    controller.write(BLUE);
    await controller.flush();
    expect(wled.posts.slice(2)).toEqual([TAKE_OVER]);
    expect(calls(wled).filter((call) => call.startsWith('GET'))).toHaveLength(1);
    expect((await wled.waitForFrames('ddp', 2)).map((f) => [...f])).toEqual([[...RED], [...BLUE]]);
    expect(wled.liveHeld).toBe(true);
    expect(wled.problems).toEqual([]);
  });

  it('hands back exactly once on disable (switchOff, then close) and restores the state', async () => {
    const wled = await standIn({
      state: { on: false, bri: 40, udpn: { send: false, recv: true, sgrp: 3, rgrp: 5 } },
    });
    const before = wled.snapshot();
    const { controller } = controllerFor(wled);
    await controller.enable();
    controller.write(RED);
    await controller.flush();
    await wled.waitForFrames('ddp', 1);
    await controller.disable();
    expect(controller.status).toMatchObject({ state: 'off', enabled: false });
    expect(wled.posts).toEqual([
      TAKE_OVER,
      { on: false, bri: 40, live: false, tt: 0, udpn: { send: false, recv: true } },
    ]);
    expect([wled.state, wled.live]).toEqual([before, false]);
    // Closing the instance afterwards does not hand back a second time.
    await controller.close();
    expect(wled.posts).toHaveLength(2);
  });

  it('hands back when the instance stops (close) while streaming', async () => {
    const wled = await standIn();
    const before = wled.snapshot();
    const { controller } = controllerFor(wled);
    await controller.enable();
    controller.write(RED);
    await controller.close();
    expect(calls(wled)).toEqual(['GET /json/', 'POST /json/state', 'POST /json/state']);
    expect(wled.posts[1]).toEqual(HAND_BACK);
    expect([wled.state, wled.live, controller.status.state]).toEqual([before, false, 'closed']);
  });

  it('does not hand back again when the instance stops after the lights went off', async () => {
    const wled = await standIn();
    const { controller } = controllerFor(wled);
    await controller.enable();
    controller.write(RED);
    controller.switchOff();
    await controller.flush();
    await controller.close();
    expect(wled.posts).toEqual([TAKE_OVER, HAND_BACK]);
  });

  it('switches the WLED off (ng) without restoreOriginalState, sync as it was', async () => {
    const wled = await standIn();
    const { controller } = controllerFor(wled, { restoreOriginalState: false });
    await controller.enable();
    controller.write(RED);
    await controller.disable();
    expect(wled.posts[1]).toEqual({
      on: false,
      live: false,
      tt: 0,
      udpn: { send: true, recv: true },
    });
    expect(wled.state).toMatchObject({ on: false, bri: 255, udpn: { send: true, recv: true } });
  });

  it('streams by raw UDP when RAW is configured, and by RAW to an old WLED', async () => {
    for (const [keys, ver] of [
      [{ streamProtocol: 'RAW' }, '0.14.4'],
      [{}, '0.10.0'],
    ] as const) {
      const wled = await standIn({ ver });
      const { controller } = controllerFor(wled, keys);
      await controller.enable();
      controller.write(RED);
      await controller.flush();
      expect((await wled.waitForFrames('raw', 1)).map((f) => [...f])).toEqual([[...RED]]);
      expect(wled.ddpFrames).toEqual([]);
      await controller.close();
      expect(wled.live).toBe(false);
    }
  });

  it('holds realtime mode by live:true, so a still picture needs no keep-alive stream', async () => {
    const wled = await standIn();
    const { controller } = controllerFor(wled);
    await controller.enable();
    controller.write(RED);
    await controller.flush();
    await wled.waitForFrames('ddp', 1);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      // WLED leaves realtime mode 2.5 s after the last packet unless live:true holds it.
      vi.advanceTimersByTime(60_000);
      expect([wled.live, wled.info.live, wled.ddpFrames.length]).toEqual([true, true, 1]);
      controller.switchOff();
      await controller.flush();
      expect(wled.live).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('(the stand-in leaves realtime mode 2.5 s after a packet sent without live:true)', async () => {
    const wled = await standIn();
    const socket = createSocket('udp4');
    cleanups.push(() => new Promise((resolve) => socket.close(() => resolve())));
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      await new Promise((resolve) => socket.send(RED, wled.rawPort, '127.0.0.1', resolve));
      await wled.waitForFrames('raw', 1);
      expect([wled.live, wled.liveHeld]).toEqual([true, false]);
      vi.advanceTimersByTime(2499);
      expect(wled.live).toBe(true);
      vi.advanceTimersByTime(2);
      expect(wled.live).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports an unreachable WLED quickly, naming the host, and schedules a retry', async () => {
    const wled = await standIn();
    const host = wled.host;
    await wled.close();
    const config = runDevice({
      type: 'wled',
      hardwareLedCount: 2,
      host,
      enableAttempts: 3,
    });
    const logs: string[] = [];
    const controller = new DeviceController(config, {
      types: new Map([['wled', () => new WledDevice(config)]]),
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    cleanups.push(() => controller.close());
    // enable() answers after the first attempt, not after the retries 15 s apart.
    const started = performance.now();
    await controller.enable();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(controller.status).toMatchObject({ state: 'error', enabled: true });
    expect(controller.status.error).toBe(
      `wled: cannot reach the WLED at ${host} for GET /json/ (ECONNREFUSED); check that it is on and that device.host is right`,
    );
    expect(logs).toContain(
      `warn: ${controller.status.error}; attempt 1 of 3 to reopen the device in 15 s`,
    );
  });
});
