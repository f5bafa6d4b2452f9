import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDevice } from '../../test/support/run-device.js';
import { DeviceController, type DeviceStatus } from './device-controller.js';
import type { DeviceConfig, LedDevice } from './led-device.js';

/**
 * A device for the controller's tests: it records what reaches it, can fail its next opens or
 * writes, hold a write until released, and report a lost connection.
 */
class TestDevice implements LedDevice {
  readonly calls: string[] = [];
  readonly writes: number[][] = [];
  failOpens = 0;
  failWrites = 0;
  holdWrites = false;
  #release: (() => void) | undefined;
  #started: (() => void) | undefined;
  lost: ((error: Error) => void) | undefined;

  constructor(
    readonly recoverable = true,
    hooks = false,
  ) {
    if (hooks) {
      this.switchOff = async () => void this.calls.push('switchOff');
      this.switchOn = async () => void this.calls.push('switchOn');
    }
  }

  switchOff?: () => Promise<void>;
  switchOn?: () => Promise<void>;

  async open(): Promise<void> {
    if (this.failOpens > 0) {
      this.failOpens -= 1;
      this.calls.push('open failed');
      throw new Error('test device: port busy\nsecond line');
    }
    this.calls.push('open');
  }

  async write(frame: Uint8Array): Promise<void> {
    this.#started?.();
    if (this.holdWrites) await new Promise<void>((resolve) => (this.#release = resolve));
    if (this.failWrites > 0) {
      this.failWrites -= 1;
      this.calls.push('write failed');
      throw new Error('test device: write timed out');
    }
    this.calls.push('write');
    this.writes.push([...frame]);
  }

  async close(): Promise<void> {
    this.calls.push('close');
  }

  onLost(listener: (error: Error) => void): void {
    this.lost = listener;
  }

  /** Resolves when the next write reaches the device. */
  writeStarted(): Promise<void> {
    return new Promise((resolve) => (this.#started = resolve));
  }

  release(): void {
    this.holdWrites = false;
    this.#release?.();
  }
}

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const BLACK = [0, 0, 0];

function setUp(device: LedDevice, keys: Record<string, unknown> = {}) {
  const config = runDevice({ type: 'test', hardwareLedCount: 1, ...keys });
  const logs: string[] = [];
  const controller = new DeviceController(config, {
    types: new Map([['test', () => device]]),
    log: (level, message) => logs.push(`${level}: ${message}`),
  });
  const statuses: DeviceStatus[] = [];
  const written: number[][] = [];
  controller.on('status', (status) => statuses.push(status));
  controller.on('written', (frame) => written.push([...frame]));
  return { controller, logs, statuses, written };
}

const frame = (...bytes: number[]) => Uint8Array.from(bytes);

/** Closes under fake timers: the black frame waits out the latch on a timer. */
async function closeNow(controller: DeviceController): Promise<void> {
  const closing = controller.close();
  await vi.advanceTimersByTimeAsync(1000);
  await closing;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DeviceController: writes', () => {
  it('drops a frame within latchTime of the last write and counts it', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { latchTime: 30 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    await vi.advanceTimersByTimeAsync(29);
    controller.write(frame(...GREEN));
    await controller.flush();
    expect(device.writes).toEqual([RED]);
    expect(controller.status.dropped).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    controller.write(frame(...BLUE));
    await controller.flush();
    expect(device.writes).toEqual([RED, BLUE]);
    expect(controller.status).toMatchObject({ frames: 2, dropped: 1 });
    await closeNow(controller);
  });

  it('writes only the newest of the frames that came while a write was under way', async () => {
    const device = new TestDevice();
    const { controller, written } = setUp(device);
    await controller.enable();
    controller.write(frame(1, 1, 1));
    controller.write(frame(2, 2, 2));
    await controller.flush();
    expect(device.writes).toEqual([[2, 2, 2]]);

    device.holdWrites = true;
    const started = device.writeStarted();
    controller.write(frame(3, 3, 3));
    await started;
    controller.write(frame(4, 4, 4));
    controller.write(frame(5, 5, 5));
    controller.write(frame(6, 6, 6));
    device.release();
    await controller.flush();
    expect(device.writes).toEqual([
      [2, 2, 2],
      [3, 3, 3],
      [6, 6, 6],
    ]);
    expect(written).toEqual(device.writes);
    expect(controller.status).toMatchObject({ frames: 3, dropped: 0 });
    // 1 gave way to 2 before the first write; 4 and 5 to 6 while 3 was being written.
    expect(controller.counters).toMatchObject({ writes: 3, dropped: 0, superseded: 3 });
    await controller.close();
  });

  it("sums the time spent in the device's writes and keeps the longest", async () => {
    const device = new TestDevice();
    const write = device.write.bind(device);
    // A write that takes 5 ms of the (fake) clock the controller reads.
    device.write = async (bytes) => {
      vi.advanceTimersByTime(5);
      await write(bytes);
    };
    const { controller } = setUp(device);
    expect(controller.counters).toEqual({
      writes: 0,
      dropped: 0,
      superseded: 0,
      writeMs: 0,
      writeMsMax: 0,
    });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    controller.write(frame(...GREEN));
    await controller.flush();
    const { writes, writeMs, writeMsMax } = controller.counters;
    expect(writes).toBe(2);
    expect(writeMsMax).toBeGreaterThanOrEqual(5);
    expect(writeMs).toBeGreaterThanOrEqual(10);
    expect(writeMs).toBeGreaterThanOrEqual(writeMsMax);
    await closeNow(controller);
  });

  it('copies each frame, so the caller may reuse its buffer', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device);
    await controller.enable();
    const buffer = frame(...RED);
    controller.write(buffer);
    buffer.set(GREEN);
    await controller.flush();
    expect(device.writes).toEqual([RED]);
    await controller.close();
  });

  it('pads a short frame with black and cuts a long one, warning once per length', async () => {
    const device = new TestDevice();
    const { controller, logs } = setUp(device, { hardwareLedCount: 2 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    controller.write(frame(...GREEN));
    await controller.flush();
    controller.write(frame(...BLUE, ...GREEN, ...RED));
    await controller.flush();
    expect(device.writes).toEqual([
      [...RED, ...BLACK],
      [...GREEN, ...BLACK],
      [...BLUE, ...GREEN],
    ]);
    expect(logs.filter((line) => line.startsWith('warn:'))).toEqual([
      'warn: device test: a frame of 3 bytes for 2 LEDs (6 bytes) was padded with black; make device.hardwareLedCount match the LED layout',
      'warn: device test: a frame of 9 bytes for 2 LEDs (6 bytes) was cut; make device.hardwareLedCount match the LED layout',
    ]);
    await controller.close();
  });

  it('re-sends the newest frame after rewriteTime ms without a write', async () => {
    const device = new TestDevice();
    const { controller, written } = setUp(device, { rewriteTime: 100 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    await vi.advanceTimersByTimeAsync(99);
    expect(device.writes).toEqual([RED]);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.writes).toEqual([RED, RED]);
    await vi.advanceTimersByTimeAsync(100);
    expect(device.writes).toEqual([RED, RED, RED]);
    // A write restarts the interval.
    await vi.advanceTimersByTimeAsync(50);
    controller.write(frame(...GREEN));
    await controller.flush();
    await vi.advanceTimersByTimeAsync(99);
    expect(device.writes).toEqual([RED, RED, RED, GREEN]);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.writes).toEqual([RED, RED, RED, GREEN, GREEN]);
    // Rewrites count as writes but are not new frames for the live stream.
    expect(controller.status.frames).toBe(5);
    expect(written).toEqual([RED, GREEN]);
    await controller.close();
  });

  it('stretches a rewriteTime at most latchTime to latchTime + 10 ms', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { latchTime: 30, rewriteTime: 20 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    await vi.advanceTimersByTimeAsync(39);
    expect(device.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.writes).toHaveLength(2);
    await closeNow(controller);
  });

  it('lets the next rewrite show a frame the latch dropped', async () => {
    const device = new TestDevice();
    const { controller, written } = setUp(device, { latchTime: 30, rewriteTime: 100 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    await vi.advanceTimersByTimeAsync(10);
    controller.write(frame(...GREEN));
    await controller.flush();
    expect(device.writes).toEqual([RED]);
    await vi.advanceTimersByTimeAsync(90);
    expect(device.writes).toEqual([RED, GREEN]);
    expect(written).toEqual([RED, GREEN]);
    expect(controller.status.dropped).toBe(1);
    await closeNow(controller);
  });

  it('writes nothing while off, then shows the newest frame once enabled', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device);
    controller.write(frame(...RED));
    controller.write(frame(...GREEN));
    await controller.flush();
    expect(device.writes).toEqual([]);
    await controller.enable();
    expect(device.writes).toEqual([GREEN]);
    await controller.close();
  });
});

describe('DeviceController: switching off', () => {
  it('writes black once on switchOff, stays open and enabled, and the next frame shows', async () => {
    const device = new TestDevice();
    const { controller, written } = setUp(device);
    await controller.enable();
    controller.write(frame(...RED));
    controller.switchOff();
    controller.switchOff();
    await controller.flush();
    expect(device.writes).toEqual([BLACK]);
    controller.switchOff();
    await controller.flush();
    expect(device.writes).toEqual([BLACK]);
    expect(controller.status).toMatchObject({ state: 'on', enabled: true });
    controller.write(frame(...GREEN));
    await controller.flush();
    expect(device.writes).toEqual([BLACK, GREEN]);
    expect(written).toEqual([BLACK, GREEN]);
    expect(device.calls).not.toContain('close');
    await controller.close();
  });

  it('writes black once on disable, closes the device and is off; not twice after switchOff', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device);
    await controller.enable();
    controller.write(frame(...RED));
    await controller.disable();
    expect(device.writes).toEqual([RED, BLACK]);
    expect(device.calls.slice(-2)).toEqual(['write', 'close']);
    expect(controller.status).toMatchObject({ state: 'off', enabled: false });

    await controller.enable();
    expect(device.writes).toEqual([RED, BLACK, RED]);
    controller.switchOff();
    await controller.disable();
    expect(device.writes).toEqual([RED, BLACK, RED, BLACK]);
    await controller.close();
  });

  it('waits out the latch before the black frame instead of dropping it', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { latchTime: 30 });
    await controller.enable();
    controller.write(frame(...RED));
    await controller.flush();
    controller.switchOff();
    await vi.advanceTimersByTimeAsync(29);
    expect(device.writes).toEqual([RED]);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.writes).toEqual([RED, BLACK]);
    await controller.close();
  });

  it("uses the device's own switchOff and switchOn when it has them", async () => {
    const device = new TestDevice(true, true);
    const { controller } = setUp(device);
    await controller.enable();
    controller.write(frame(...RED));
    controller.switchOff();
    await controller.flush();
    controller.write(frame(...GREEN));
    await controller.flush();
    expect(device.calls).toEqual(['open', 'switchOff', 'switchOn', 'write']);
    expect(device.writes).toEqual([GREEN]);
    await controller.disable();
    expect(device.calls.slice(-2)).toEqual(['switchOff', 'close']);
    expect(device.writes).toEqual([GREEN]);
    await controller.close();
  });
});

describe('DeviceController: failures', () => {
  it('retries a recoverable device every enableAttemptsInterval s until it opens', async () => {
    const device = new TestDevice();
    device.failOpens = 2;
    const { controller, statuses } = setUp(device, { enableAttemptsInterval: 5 });
    await controller.enable();
    expect(controller.status).toMatchObject({
      state: 'error',
      enabled: true,
      attempts: 0,
      error: 'test device: port busy',
    });
    controller.write(frame(...BLUE));
    await vi.advanceTimersByTimeAsync(4999);
    expect(device.calls).toEqual(['open failed', 'close']);
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.status).toMatchObject({ state: 'error', attempts: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(controller.status).toMatchObject({ state: 'on', attempts: 0, error: undefined });
    expect(device.calls).toEqual(['open failed', 'close', 'open failed', 'close', 'open', 'write']);
    expect(device.writes).toEqual([BLUE]);
    expect(statuses.map((s) => `${s.state}/${s.attempts}`)).toEqual([
      'off/0',
      'opening/0',
      'error/0',
      'opening/1',
      'error/1',
      'opening/2',
      'on/0',
    ]);
    expect(vi.getTimerCount()).toBe(0);
    await controller.close();
  });

  it('gives up after enableAttempts retries; enable() starts afresh', async () => {
    const device = new TestDevice();
    device.failOpens = 100;
    const { controller, logs } = setUp(device, { enableAttempts: 2, enableAttemptsInterval: 5 });
    await controller.enable();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.calls.filter((c) => c === 'open failed')).toHaveLength(3);
    expect(controller.status).toMatchObject({ state: 'error', attempts: 2, enabled: true });
    expect(vi.getTimerCount()).toBe(0);
    expect(logs.filter((l) => !l.startsWith('info'))).toEqual([
      'warn: test device: port busy; attempt 1 of 2 to reopen the device in 5 s',
      'warn: test device: port busy; attempt 2 of 2 to reopen the device in 5 s',
      'error: test device: port busy; gave up after 2 attempts: fix the device, then enable it again',
    ]);
    await controller.enable();
    expect(device.calls.filter((c) => c === 'open failed')).toHaveLength(4);
    expect(controller.status.attempts).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
    await controller.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not retry a device that is not recoverable', async () => {
    const device = new TestDevice(false);
    device.failOpens = 1;
    const { controller } = setUp(device);
    await controller.enable();
    expect(controller.status).toMatchObject({ state: 'error', error: 'test device: port busy' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.calls).toEqual(['open failed', 'close']);
    await controller.close();
  });

  it('reconnects after a failed write and resends the newest frame', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { enableAttemptsInterval: 5 });
    await controller.enable();
    device.failWrites = 1;
    controller.write(frame(...RED));
    await controller.flush();
    expect(controller.status).toMatchObject({
      state: 'error',
      error: 'test device: write timed out',
    });
    expect(device.calls).toEqual(['open', 'write failed', 'close']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(controller.status).toMatchObject({ state: 'on', frames: 1 });
    expect(device.writes).toEqual([RED]);
    await controller.close();
  });

  it('counts a reopen whose resent frame fails as an attempt, so it still gives up', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { enableAttempts: 2, enableAttemptsInterval: 5 });
    await controller.enable();
    device.failWrites = 100;
    controller.write(frame(...RED));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.calls.filter((c) => c === 'open')).toHaveLength(3);
    expect(device.calls.filter((c) => c === 'write failed')).toHaveLength(3);
    expect(controller.status).toMatchObject({ state: 'error', attempts: 2 });
    expect(vi.getTimerCount()).toBe(0);
    await controller.close();
  });

  it('reconnects when the device reports a lost connection', async () => {
    const device = new TestDevice();
    const { controller } = setUp(device, { enableAttemptsInterval: 5 });
    await controller.enable();
    controller.write(frame(...GREEN));
    await controller.flush();
    device.lost?.(new Error('test device: unplugged'));
    await controller.flush();
    expect(controller.status).toMatchObject({ state: 'error', error: 'test device: unplugged' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(controller.status.state).toBe('on');
    expect(device.writes).toEqual([GREEN, GREEN]);
    await controller.close();
  });

  it('reports an unknown type without throwing', async () => {
    const config = runDevice({ type: 'neopixel' });
    const controller = new DeviceController(config);
    await expect(controller.enable()).resolves.toBeUndefined();
    controller.write(frame(...RED));
    expect(controller.status).toEqual({
      type: 'neopixel',
      state: 'error',
      enabled: true,
      error:
        'unknown device type "neopixel" (known: adalight, file, udpddp, udpraw, virtual, wled): set device.type to one of them',
      attempts: 0,
      frames: 0,
      dropped: 0,
    });
    expect(vi.getTimerCount()).toBe(0);
    await controller.close();
    expect(controller.status.state).toBe('closed');
  });

  it('reports a factory that throws as an error state', async () => {
    const config = runDevice({ type: 'broken' });
    const controller = new DeviceController(config, {
      types: new Map([
        [
          'broken',
          (_: DeviceConfig): LedDevice => {
            throw new Error('broken device: too many LEDs for one datagram');
          },
        ],
      ]),
    });
    await controller.enable();
    expect(controller.status).toMatchObject({
      state: 'error',
      error: 'broken device: too many LEDs for one datagram',
    });
    await controller.close();
  });
});

describe('DeviceController: close', () => {
  it('leaves no timer behind (rewrite armed, retry pending) and is idempotent', async () => {
    const onDevice = new TestDevice();
    const on = setUp(onDevice, { rewriteTime: 1000 });
    await on.controller.enable();
    on.controller.write(frame(...RED));
    await on.controller.flush();
    expect(vi.getTimerCount()).toBe(1);
    await on.controller.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(onDevice.writes).toEqual([RED, BLACK]);
    expect(onDevice.calls.at(-1)).toBe('close');

    const failing = new TestDevice();
    failing.failOpens = 1;
    const retrying = setUp(failing);
    await retrying.controller.enable();
    expect(vi.getTimerCount()).toBe(1);
    await retrying.controller.close();
    expect(vi.getTimerCount()).toBe(0);

    await retrying.controller.close();
    await retrying.controller.enable();
    retrying.controller.write(frame(...RED));
    retrying.controller.switchOff();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(retrying.controller.status.state).toBe('closed');
    expect(failing.calls).toEqual(['open failed', 'close', 'close']);
  });
});
