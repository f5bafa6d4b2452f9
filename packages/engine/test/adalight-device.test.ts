/**
 * The adalight device against real pseudo-terminals: socat joins two ptys, the device opens one
 * end, and the test plays the LED controller on the other, decoding every byte with a decoder
 * written from the protocol description (support/adalight-decoder.ts).
 */
import { mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instanceRunSettings, type RunDevice } from '@glowkit/protocol';
import { SerialPort } from 'serialport';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdalightDevice,
  type AdalightDeviceOptions,
} from '../src/devices/adalight/adalight-device.js';
import { findUsbSerialPort } from '../src/devices/adalight/serial-port-finder.js';
import { DeviceController, type DeviceStatus } from '../src/devices/device-controller.js';
import type { DeviceConfig } from '../src/devices/led-device.js';
import {
  AdalightReceiver,
  type AdalightReceiverOptions,
  type AdalightStreamProtocol,
  type DecodedAdalightFrame,
} from './support/adalight-decoder.js';
import { openPtyPair, type PtyPair } from './support/pty-pair.js';

/** Everything a test opened, closed in reverse order after it. */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function ptyPair(): Promise<PtyPair> {
  const pair = await openPtyPair();
  cleanups.push(() => pair.close());
  return pair;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'glowkit-adalight-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A `device` group for adalight; no delay after connecting unless a test sets one. */
function config(
  keys: Record<string, unknown>,
  shared: Partial<Omit<DeviceConfig, 'type'>> = {},
): RunDevice<'adalight'> {
  // As the server hands it over: old shapes (lightberry_apa102_mode) rewritten, defaults filled.
  const { device } = instanceRunSettings({
    device: { type: 'adalight', delayAfterConnect: 0, ...keys },
  });
  const resolved = device as RunDevice<'adalight'>;
  // enableAttemptsInterval below ng's 5 s minimum keeps the reconnect tests short.
  return { ...resolved, ...shared };
}

function device(keys: Record<string, unknown>, options?: AdalightDeviceOptions): AdalightDevice {
  const made = new AdalightDevice(config(keys), options);
  cleanups.push(() => made.close());
  return made;
}

function controllerFor(cfg: RunDevice<'adalight'>, options?: AdalightDeviceOptions) {
  const statuses: DeviceStatus[] = [];
  const logs: string[] = [];
  const controller = new DeviceController(cfg, {
    types: new Map([['adalight', () => new AdalightDevice(cfg, options)]]),
    log: (level, message) => logs.push(`${level}: ${message}`),
  });
  controller.on('status', (status) => statuses.push(status));
  cleanups.push(() => controller.close());
  return { controller, statuses, logs };
}

/** The LED controller's end of a pty pair: every byte is decoded and checked. */
async function receiver(
  path: string,
  protocol: AdalightStreamProtocol,
  ledCount: number,
  options?: AdalightReceiverOptions,
): Promise<AdalightReceiver> {
  const opened = await AdalightReceiver.open(path, protocol, ledCount, options);
  cleanups.push(() => opened.close());
  return opened;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rgbOf = (frame: DecodedAdalightFrame) => [...frame.rgb];
const hexOf = (data: Uint8Array) => Buffer.from(data).toString('hex');

/** Waits until a status matches, or fails after the timeout. */
async function waitForStatus(
  statuses: DeviceStatus[],
  match: (status: DeviceStatus) => boolean,
  timeoutMs = 5000,
): Promise<DeviceStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = statuses.find(match);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no such status in ${JSON.stringify(statuses.map((s) => s.state))}`);
    }
    await sleep(10);
  }
}

describe('findUsbSerialPort', () => {
  it('picks the first port with a USB vendor id', async () => {
    const list = async () => [
      { path: '/dev/ttyS0' },
      { path: '/dev/ttyUSB0', vendorId: '1a86', productId: '7523' },
      { path: '/dev/ttyACM0', vendorId: '2341' },
    ];
    expect(await findUsbSerialPort(list)).toBe('/dev/ttyUSB0');
  });

  it('says clearly that there is none', async () => {
    await expect(findUsbSerialPort(async () => [{ path: '/dev/ttyS0' }])).rejects.toThrow(
      'adalight device: no USB serial port found for output "auto" (only /dev/ttyS0); plug the controller in, or set device.output to its path (e.g. /dev/ttyUSB0)',
    );
    await expect(
      findUsbSerialPort(async () => {
        throw new Error('udev is gone');
      }),
    ).rejects.toThrow(
      'adalight device: cannot list the serial ports for output "auto" (udev is gone); set device.output to the port\'s path',
    );
  });
});

describe('AdalightDevice: the bytes on the wire', () => {
  it('Ada: header, count − 1, checksum and RGB as given, frame after frame', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'ada', 2);
    const ada = device({ output: pair.device, hardwareLedCount: 2, streamProtocol: '0' });
    await ada.open();
    await ada.write(Uint8Array.of(255, 0, 0, 1, 2, 3));
    await ada.write(Uint8Array.of(0, 255, 0, 4, 5, 6));
    await ada.write(Uint8Array.of(0, 0, 255, 7, 8, 9));
    const frames = await far.waitFrames(3);
    expect(frames.map((f) => hexOf(f.bytes))).toEqual([
      '416461000154ff0000010203',
      '41646100015400ff00040506',
      '4164610001540000ff070809',
    ]);
    expect(ada.path).toBe(pair.device);
  });

  it('LightBerry APA102: count N, start frame, 0xFF per LED, end frame', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'lbapa', 2);
    const lbapa = device({ output: pair.device, hardwareLedCount: 2, streamProtocol: '1' });
    await lbapa.open();
    await lbapa.write(Uint8Array.of(10, 20, 30, 40, 50, 60));
    await lbapa.write(Uint8Array.of(1, 2, 3, 4, 5, 6));
    const frames = await far.waitFrames(2);
    expect(hexOf(frames[0]?.bytes as Uint8Array)).toBe(
      '416461000257' + '00000000' + 'ff0a141e' + 'ff28323c' + '00000000',
    );
    expect(frames.map(rgbOf)).toEqual([
      [10, 20, 30, 40, 50, 60],
      [1, 2, 3, 4, 5, 6],
    ]);
  });

  it('LightBerry from the legacy lightberry_apa102_mode key', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'lbapa', 40);
    const lbapa = device({
      output: pair.device,
      hardwareLedCount: 40,
      lightberry_apa102_mode: true,
    });
    await lbapa.open();
    const rgb = Uint8Array.from({ length: 120 }, (_, i) => i * 2);
    await lbapa.write(rgb);
    const [frame] = await far.waitFrames(1);
    expect(frame?.rgb).toEqual(rgb);
    expect(frame?.bytes.length).toBe(6 + 4 + 160 + 4);
  });

  it('AWA without calibration: "Awa" and the checked trailer, including fletcherExt 0x41 → 0xAA', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'awa', 1);
    const awa = device({ output: pair.device, hardwareLedCount: 1, streamProtocol: '2' });
    await awa.open();
    await awa.write(Uint8Array.of(1, 2, 3));
    await awa.write(Uint8Array.of(0x41, 1, 2)); // fletcherExt 0x41
    await awa.write(Uint8Array.of(200, 100, 50));
    const frames = await far.waitFrames(3);
    expect(hexOf(frames[0]?.bytes as Uint8Array)).toBe('417761000055' + '010203' + '060a05');
    expect(hexOf(frames[1]?.bytes as Uint8Array)).toBe('417761000055' + '410102' + '44c7aa');
    expect(frames.map(rgbOf)).toEqual([
      [1, 2, 3],
      [0x41, 1, 2],
      [200, 100, 50],
    ]);
    expect(frames.every((f) => f.calibration === undefined)).toBe(true);
  });

  it('AWA with calibration: "AwA", limit, red, green, blue inside the checksum', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'awa', 300);
    const awa = device({
      output: pair.device,
      hardwareLedCount: 300,
      streamProtocol: '2',
      rateList: '2000000', // HyperSerial's rate; a pty takes it
      white_channel_calibration: true,
      white_channel_limit: 50,
      white_channel_red: 176,
      white_channel_green: 176,
      white_channel_blue: 112,
    });
    await awa.open();
    const frames = Array.from({ length: 4 }, (_, n) =>
      Uint8Array.from({ length: 900 }, (_, i) => (i * 7 + n * 31) & 0xff),
    );
    for (const rgb of frames) await awa.write(rgb);
    const received = await far.waitFrames(4);
    expect(received.map((f) => f.rgb)).toEqual(frames);
    expect(received.map((f) => f.calibration)).toEqual(
      frames.map(() => ({ limit: 128, red: 176, green: 176, blue: 112 })),
    );
    expect(hexOf(received[0]?.bytes.subarray(0, 6) as Uint8Array)).toBe('417741012b7f');
  });

  it('sends a bgr frame exactly as the controller hands it over', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'ada', 2);
    const { controller } = controllerFor(
      config({ output: pair.device, hardwareLedCount: 2, colorOrder: 'bgr' }),
    );
    await controller.enable();
    // The pipeline swaps channels before the device: blue, green, red is what reaches it.
    controller.write(Uint8Array.of(0, 0, 255, 3, 2, 1));
    const [frame] = await far.waitFrames(1);
    expect(hexOf(frame?.bytes as Uint8Array)).toBe('4164610001540000ff030201');
  });
});

describe('AdalightDevice: opening', () => {
  it('waits delayAfterConnect before open() resolves, and nothing is sent meanwhile', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'ada', 1);
    const ada = device({ output: pair.device, hardwareLedCount: 1, delayAfterConnect: 400 });
    const started = performance.now();
    await ada.open();
    expect(performance.now() - started).toBeGreaterThanOrEqual(395);
    expect(far.decoder.byteCount).toBe(0);
    await ada.write(Uint8Array.of(9, 9, 9));
    await far.waitFrames(1);
  });

  it('rejects open() at once when the port is lost during delayAfterConnect', async () => {
    const pair = await ptyPair();
    // A minute's delay: an answer within the test's time can only be the loss, not the delay.
    const ada = device({ output: pair.device, hardwareLedCount: 1, delayAfterConnect: 60_000 });
    const opening = ada.open().then(
      () => 'opened',
      (error: Error) => error.message,
    );
    await sleep(200);
    await pair.close();
    const answer = await Promise.race([opening, sleep(15_000).then(() => 'still waiting')]);
    expect(answer).toMatch(`adalight device: lost serial port "${pair.device}"`);
  });

  it('rejects a path that does not exist, or is no serial port, with one line naming it', async () => {
    const dir = await tempDir();
    const missing = join(dir, 'ttyUSB9');
    await expect(device({ output: missing }).open()).rejects.toThrow(
      `adalight device: cannot open serial port "${missing}" (No such file or directory); check device.output and that the controller is plugged in`,
    );
    const file = join(dir, 'not-a-port.txt');
    await writeFile(file, 'x');
    const error = await device({ output: file })
      .open()
      .catch((e: Error) => e);
    expect(String(error)).toMatch(
      new RegExp(`^Error: adalight device: cannot open serial port "${file}" \\(.+\\); check`),
    );
    expect(String(error)).not.toContain('\n');
  });

  it('"auto" with no USB serial port: the controller reports the clear error', async () => {
    const { controller, statuses } = controllerFor(config({}, { enableAttempts: 0 }), {
      listPorts: async () => [{ path: '/dev/ttyS0' }],
    });
    await controller.enable();
    expect(controller.status).toMatchObject({
      state: 'error',
      error:
        'adalight device: no USB serial port found for output "auto" (only /dev/ttyS0); plug the controller in, or set device.output to its path (e.g. /dev/ttyUSB0)',
    });
    expect(statuses.at(-1)?.state).toBe('error');
  });

  describe('with the machine’s own port list', () => {
    let hasUsb = false;
    beforeAll(async () => {
      hasUsb = (await SerialPort.list()).some((port) => port.vendorId);
    });
    it('"auto" rejects clearly when this machine has no USB serial port', async (context) => {
      if (hasUsb) context.skip();
      await expect(device({ output: 'auto' }).open()).rejects.toThrow(
        /^adalight device: no USB serial port found for output "auto"/,
      );
    });
  });

  it('write() before open() and close() twice are harmless', async () => {
    const ada = device({ output: '/dev/null', hardwareLedCount: 1 });
    await expect(ada.write(Uint8Array.of(1, 2, 3))).rejects.toThrow(
      'adalight device: serial port "/dev/null" is not open; open the device first',
    );
    await ada.close();
    await ada.close();
  });
});

describe('AdalightDevice: what the controller sends back', () => {
  it('hands every line to the log at debug level, cutting long ones', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'awa', 1);
    const logs: string[] = [];
    const awa = device(
      { output: pair.device, hardwareLedCount: 1, streamProtocol: '2' },
      { log: (level, message) => logs.push(`${level} ${message}`) },
    );
    await awa.open();
    const stats = 'FPS: 59 F-FPS: 60 S: 0 F: 0 G: 0 B: 0 (BF: 0 BS: 0 BC: 0 BFL: 0)';
    await far.send('Ada\nAda: LED num: 1\r\n');
    await far.send(`${stats}\n\n`);
    await far.send(Buffer.concat([Buffer.from('x'.repeat(5000)), Buffer.from([0x01, 0x0a])]));
    await far.send('odd\x02 bytes\n');
    await far.send('half a li');
    await far.send('ne\n');
    const prefix = `debug adalight ${pair.device}: `;
    const deadline = Date.now() + 10_000;
    while (logs.length < 6 && Date.now() < deadline) await sleep(10);
    expect(logs).toEqual([
      `${prefix}Ada`,
      `${prefix}Ada: LED num: 1`,
      `${prefix}${stats}`,
      `${prefix}${'x'.repeat(200)}…`,
      `${prefix}odd? bytes`,
      `${prefix}half a line`,
    ]);
    // Reading goes on: frames still flow after all of that.
    await awa.write(Uint8Array.of(5, 6, 7));
    await far.waitFrames(1);
  });
});

describe('AdalightDevice through a DeviceController', () => {
  it('latchTime drops frames (counted on the far side), never delays them', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'ada', 1);
    // A latch time far longer than four writes take, even on a loaded machine.
    const { controller } = controllerFor(
      config({ output: pair.device, hardwareLedCount: 1, latchTime: 1000 }),
    );
    await controller.enable();
    controller.write(Uint8Array.of(1, 1, 1));
    await controller.flush();
    const firstAt = performance.now();
    for (let n = 2; n <= 5; n++) {
      controller.write(Uint8Array.of(n, n, n)); // within the latch time: dropped
      await controller.flush();
    }
    expect(performance.now() - firstAt).toBeLessThan(1000);
    await sleep(1100);
    // Dropped means dropped: nothing of 2–5 arrives later.
    expect((await far.waitFrames(1)).map(rgbOf)).toEqual([[1, 1, 1]]);
    expect(controller.status).toMatchObject({ frames: 1, dropped: 4 });
    controller.write(Uint8Array.of(6, 6, 6));
    await controller.flush();
    expect((await far.waitFrames(2)).map(rgbOf)).toEqual([
      [1, 1, 1],
      [6, 6, 6],
    ]);
    expect(far.frames.length).toBe(controller.status.frames);
  });

  it('rewriteTime re-sends the last frame', async () => {
    const pair = await ptyPair();
    const far = await receiver(pair.controller, 'awa', 2);
    const { controller } = controllerFor(
      config({ output: pair.device, hardwareLedCount: 2, streamProtocol: '2', rewriteTime: 100 }),
    );
    await controller.enable();
    const started = performance.now();
    controller.write(Uint8Array.of(1, 2, 3, 4, 5, 6));
    const frames = await far.waitFrames(4);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(frames.slice(0, 4).map(rgbOf)).toEqual(Array(4).fill([1, 2, 3, 4, 5, 6]));
  });

  it('reports an unplug once through onLost, naming the port', async () => {
    const pair = await ptyPair();
    await receiver(pair.controller, 'ada', 1);
    const ada = device({ output: pair.device, hardwareLedCount: 1 });
    const lost: string[] = [];
    ada.onLost((error) => lost.push(error.message));
    await ada.open();
    await pair.close();
    const deadline = Date.now() + 10_000;
    while (lost.length === 0 && Date.now() < deadline) await sleep(10);
    await sleep(100);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(
      new RegExp(`^adalight device: lost serial port "${pair.device}" \\(.+\\); check the cable`),
    );
    expect(ada.path).toBe(undefined);
    await expect(ada.write(Uint8Array.of(1, 2, 3))).rejects.toThrow('is not open');
  });

  it('unplug → error with the reason; the port comes back → reconnects and re-sends the last frame', async () => {
    const dir = await tempDir();
    const link = join(dir, 'ttyADA0');
    const first = await ptyPair();
    await symlink(first.device, link);
    const far1 = await receiver(first.controller, 'ada', 2);
    const { controller, statuses } = controllerFor(
      config(
        { output: link, hardwareLedCount: 2 },
        // Retries for up to a minute: the new pty may take a while on a loaded machine.
        { enableAttempts: 600, enableAttemptsInterval: 0.1 },
      ),
    );
    await controller.enable();
    controller.write(Uint8Array.of(1, 2, 3, 4, 5, 6));
    await far1.waitFrames(1);
    controller.write(Uint8Array.of(7, 8, 9, 10, 11, 12));
    await far1.waitFrames(2);

    await first.close(); // the cable is pulled
    // Nothing at the link until the controller is back: a retry now cannot open the wrong pty.
    await unlink(link);
    const lost = await waitForStatus(statuses, (s) => s.state === 'error');
    expect(lost.error).toMatch(
      new RegExp(`^adalight device: lost serial port "${link}" \\(.+\\); check the cable`),
    );
    await waitForStatus(statuses, (s) => s.state === 'error' && s.attempts >= 1);
    expect(controller.status.error).toContain(`cannot open serial port "${link}"`);

    const second = await ptyPair();
    const far2 = await receiver(second.controller, 'ada', 2);
    await symlink(second.device, `${link}.new`);
    await rename(`${link}.new`, link); // the controller is plugged in again
    const [frame] = await far2.waitFrames(1, 5000);
    expect(rgbOf(frame as DecodedAdalightFrame)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(controller.status).toMatchObject({ state: 'on', error: undefined });
  });

  it('never queues: a slow reader gets whole frames while the controller drops the rest', async () => {
    const pair = await ptyPair();
    const leds = 2000; // 6006-byte frames
    const far = await receiver(pair.controller, 'ada', leds, {
      highWaterMark: 1024,
      flowing: false,
    });
    const { controller } = controllerFor(config({ output: pair.device, hardwareLedCount: leds }));
    await controller.enable();
    // The reader takes what one read gives (1 kB) once per 5 frames offered: a reader far slower
    // than the pipeline, by count rather than by the clock, so a loaded machine changes nothing.
    const read = () => {
      const chunk: Buffer | null = far.port.read();
      if (chunk) far.take(chunk);
    };
    let submitted = 0;
    const frameOf = (n: number) => new Uint8Array(leds * 3).fill(n % 256);
    while (submitted < 600) {
      controller.write(frameOf(++submitted));
      if (submitted % 5 === 0) read();
      await sleep(1);
    }
    // What the device accepted but the reader has not taken sits in the ptys and socat: bounded
    // by their buffers, not by how many frames were offered.
    const inFlight = controller.status.frames * 6006 - far.decoder.byteCount;
    expect(controller.status.frames).toBeLessThan(submitted / 4);
    expect(inFlight).toBeLessThan(300_000);

    far.flow();
    await controller.flush();
    const frames = await far.waitFrames(controller.status.frames);
    await sleep(100);
    expect(frames.length).toBe(controller.status.frames);
    expect(far.decoder.pendingBytes).toBe(0);
    expect(frames.at(-1)?.rgb[0]).toBe(submitted % 256); // the newest frame got through
    expect(controller.status.dropped).toBe(0); // skipped while busy, not latch drops
  });
});
