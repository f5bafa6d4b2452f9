import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDevice } from '../../test/support/run-device.js';
import { DeviceController } from './device-controller.js';
import { FileDevice, fileDeviceLine } from './file-device.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glowkit-file-device-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

function fileDevice(keys: Record<string, unknown>): FileDevice {
  return new FileDevice(runDevice({ type: 'file', hardwareLedCount: 2, ...keys }));
}

describe('fileDeviceLine', () => {
  it('prints {r,g,b} per LED between " [" and "]"', () => {
    expect(fileDeviceLine(Uint8Array.of(255, 0, 0, 0, 0, 0))).toBe(' [{255,0,0}{0,0,0}]');
  });

  it('puts the local time and the right-aligned ms since the last line before it', () => {
    const now = new Date(2024, 0, 2, 3, 4, 5, 6);
    expect(fileDeviceLine(Uint8Array.of(1, 2, 3), { now, sinceLastMs: 40 })).toBe(
      '2024-01-02T03:04:05.006 | +  40 [{1,2,3}]',
    );
    expect(fileDeviceLine(Uint8Array.of(1, 2, 3), { now, sinceLastMs: 123456 })).toBe(
      '2024-01-02T03:04:05.006 | +123456 [{1,2,3}]',
    );
  });
});

describe('FileDevice settings', () => {
  it('writes to /dev/null without time stamps by default', () => {
    const device = new FileDevice(runDevice({ type: 'file' }));
    expect(device.output).toBe('/dev/null');
  });
});

describe('FileDevice', () => {
  it('writes one line per frame, each readable as soon as its write resolved', async () => {
    const output = join(dir, 'leds.txt');
    const device = fileDevice({ output });
    await device.open();
    await device.write(Uint8Array.of(255, 0, 0, 0, 0, 0));
    expect(await readFile(output, 'utf8')).toBe(' [{255,0,0}{0,0,0}]\n');
    await device.write(Uint8Array.of(1, 2, 3, 40, 50, 60));
    expect(await readFile(output, 'utf8')).toBe(' [{255,0,0}{0,0,0}]\n [{1,2,3}{40,50,60}]\n');
    await device.close();
  });

  it('writes every colour value as fileDeviceLine prints it', async () => {
    const output = join(dir, 'all.txt');
    const frame = Uint8Array.from({ length: 3 * 256 }, (_, i) => (i * 85) % 256);
    const device = new FileDevice(runDevice({ type: 'file', hardwareLedCount: 256, output }));
    await device.open();
    await device.write(frame);
    await device.write(frame.subarray(0, 6));
    await device.close();
    expect(await readFile(output, 'utf8')).toBe(
      `${fileDeviceLine(frame)}\n${fileDeviceLine(frame.subarray(0, 6))}\n`,
    );
  });

  it('writes its lines to a named pipe as well, in order, as its reader reads them', async () => {
    const output = join(dir, 'fifo');
    execFileSync('mkfifo', [output]);
    // The reader opens first: opening a pipe for writing waits for one.
    const reader = createReadStream(output);
    const read = new Promise<string>((resolve, reject) => {
      let text = '';
      reader.on('data', (chunk) => {
        text += String(chunk);
      });
      reader.on('end', () => resolve(text));
      reader.on('error', reject);
    });
    const device = fileDevice({ output });
    await device.open();
    await device.write(Uint8Array.of(1, 2, 3, 4, 5, 6));
    await device.write(Uint8Array.of(7, 8, 9, 10, 11, 12));
    await device.close();
    expect(await read).toBe(' [{1,2,3}{4,5,6}]\n [{7,8,9}{10,11,12}]\n');
  });

  it('prefixes each line with the time and the ms since the previous line (or the opening)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 4, 1, 12, 34, 56, 789));
    const output = join(dir, 'stamped.txt');
    const device = fileDevice({ output, printTimeStamp: true });
    await device.open();
    vi.setSystemTime(new Date(2024, 4, 1, 12, 34, 56, 829));
    await device.write(Uint8Array.of(255, 0, 0, 0, 0, 0));
    vi.setSystemTime(new Date(2024, 4, 1, 12, 34, 59, 5));
    await device.write(Uint8Array.of(0, 0, 255, 9, 9, 9));
    await device.close();
    expect(await readFile(output, 'utf8')).toBe(
      '2024-05-01T12:34:56.829 | +  40 [{255,0,0}{0,0,0}]\n' +
        '2024-05-01T12:34:59.005 | +2176 [{0,0,255}{9,9,9}]\n',
    );
  });

  it('truncates the file on every open', async () => {
    const output = join(dir, 'old.txt');
    await writeFile(output, 'an old line that must go\n');
    const device = fileDevice({ output });
    await device.open();
    await device.write(Uint8Array.of(7, 8, 9, 0, 0, 0));
    await device.close();
    expect(await readFile(output, 'utf8')).toBe(' [{7,8,9}{0,0,0}]\n');
    await device.open();
    await device.close();
    expect(await readFile(output, 'utf8')).toBe('');
  });

  it('rejects an unusable path with the path and the OS reason, and is not recoverable', async () => {
    const output = join(dir, 'missing-folder', 'leds.txt');
    const device = fileDevice({ output });
    expect(device.recoverable).toBe(false);
    await expect(device.open()).rejects.toThrow(
      `file device: cannot open "${output}" (ENOENT: no such file or directory): set device.output to a writable file path`,
    );
  });

  it('refuses to write while closed, and closes twice without complaint', async () => {
    const device = fileDevice({ output: join(dir, 'x.txt') });
    await expect(device.write(Uint8Array.of(0, 0, 0, 0, 0, 0))).rejects.toThrow(
      'file device: write before open',
    );
    await device.open();
    await device.close();
    await device.close();
    await expect(device.write(Uint8Array.of(0, 0, 0, 0, 0, 0))).rejects.toThrow(
      'file device: write before open',
    );
  });
});

/** The paths this process holds open. */
async function openPaths(): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets;
}

describe('FileDevice behind a DeviceController', () => {
  it('writes frames, black once on switchOff and on disable, truncates on re-enable, and lets go of the file on close', async () => {
    const output = join(dir, 'controller.txt');
    const config = runDevice({ type: 'file', hardwareLedCount: 2, output });
    const controller = new DeviceController(config);
    await controller.enable();
    expect(controller.status.state).toBe('on');
    expect(await openPaths()).toContain(output);

    controller.write(Uint8Array.of(255, 0, 0, 0, 0, 255));
    await controller.flush();
    controller.switchOff();
    controller.switchOff();
    await controller.flush();
    controller.write(Uint8Array.of(0, 255, 0, 1, 2, 3));
    await controller.disable();
    expect(controller.status).toMatchObject({ state: 'off', enabled: false, frames: 4 });
    expect(await readFile(output, 'utf8')).toBe(
      ' [{255,0,0}{0,0,255}]\n [{0,0,0}{0,0,0}]\n [{0,255,0}{1,2,3}]\n [{0,0,0}{0,0,0}]\n',
    );
    expect(await openPaths()).not.toContain(output);

    // Turning the device back on reopens (truncates) the file and shows the newest frame again.
    await controller.enable();
    expect(await readFile(output, 'utf8')).toBe(' [{0,255,0}{1,2,3}]\n');
    await controller.close();
    await controller.close();
    expect(controller.status.state).toBe('closed');
    expect(await openPaths()).not.toContain(output);
    expect(await readFile(output, 'utf8')).toBe(' [{0,255,0}{1,2,3}]\n [{0,0,0}{0,0,0}]\n');
  });

  it('is in error with the path and the OS reason when the file cannot be opened, without retrying', async () => {
    const output = join(dir, 'no-such-folder', 'leds.txt');
    const logs: string[] = [];
    const config = runDevice({ type: 'file', output });
    const controller = new DeviceController(config, {
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    await controller.enable();
    const error = `file device: cannot open "${output}" (ENOENT: no such file or directory): set device.output to a writable file path`;
    expect(controller.status).toMatchObject({ state: 'error', enabled: true, error });
    expect(logs).toEqual([`error: ${error}`]);
    await controller.close();
  });
});
