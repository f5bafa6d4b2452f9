import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadStream } from 'node:tty';
import { afterEach, describe, expect, it } from 'vitest';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 10;

/** Two joined pseudo-terminals: the server's serial port, and the LED controller's end. */
async function ptyPair(): Promise<{ device: string; controller: string; socat: ChildProcess }> {
  const socat = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  const ends = await new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${text}`)), 5000);
    socat.stderr?.on('data', (chunk: Buffer) => {
      text += String(chunk);
      const found = [...text.matchAll(/PTY is (\S+)/g)].map((m) => m[1] as string);
      if (found.length === 2 && text.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return { device: ends[0] as string, controller: ends[1] as string, socat };
}

/**
 * Reads Adalight frames ("Ada", hi, lo, hi^lo^0x55, RGB × count) from the controller's end,
 * checking each header; a header that does not check out fails the test.
 */
class AdaReader {
  readonly frames: number[][][] = [];
  readonly #stream: ReadStream;
  #buffer = Buffer.alloc(0);

  constructor(path: string) {
    // A tty stream reads without blocking a thread-pool thread until the pty closes.
    this.#stream = new ReadStream(openSync(path, 'r'));
    this.#stream.setRawMode(true);
    this.#stream.on('error', () => {});
    this.#stream.on('data', (chunk) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk as Buffer]);
      for (;;) {
        if (this.#buffer.length < 6) return;
        expect(this.#buffer.subarray(0, 3).toString('latin1')).toBe('Ada');
        const [hi, lo, chk] = [this.#buffer[3] ?? 0, this.#buffer[4] ?? 0, this.#buffer[5] ?? 0];
        expect(chk).toBe(hi ^ lo ^ 0x55);
        const count = hi * 256 + lo + 1;
        const length = 6 + count * 3;
        if (this.#buffer.length < length) return;
        const rgb = this.#buffer.subarray(6, length);
        this.frames.push(
          Array.from(
            { length: count },
            (_, i) => [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]] as number[],
          ),
        );
        this.#buffer = this.#buffer.subarray(length);
      }
    });
  }

  close(): void {
    this.#stream.destroy();
  }
}

let t: TestServer | undefined;
let socat: ChildProcess | undefined;
let reader: AdaReader | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  reader?.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
  await t?.close();
  if (socat && socat.exitCode === null) {
    const exited = new Promise((r) => socat?.once('exit', r));
    socat.kill();
    await exited;
  }
  t = reader = socat = undefined;
});

/** Starts a server whose instance 0 drives an adalight device at `output`, without a boot effect. */
async function startAdalightServer(
  output: string,
  device: Record<string, unknown> = {},
): Promise<TestServer> {
  t = await startServer({
    prepare: (server) => {
      const config = configuration([0], LEDS) as unknown as Configuration;
      const settings = config.instances[0]?.settings as Record<string, unknown>;
      settings.device = { type: 'adalight', output, hardwareLedCount: LEDS, ...device };
      settings.foregroundEffect = { enable: false };
      server.store.replace(config, 'test set-up');
    },
  });
  return t;
}

/**
 * Starts a server whose adalight device is at a link to a pseudo-terminal, retried every 5 s:
 * unplug it by killing `socat` and removing `link`, plug it in again with `plugIn()`.
 */
async function serverOnReplugablePort(
  name: string,
): Promise<{ server: TestServer; link: string; plugIn: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'glowkit-lost-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const link = join(dir, name);
  const plugIn = async () => {
    const pair = await ptyPair();
    socat = pair.socat;
    symlinkSync(pair.device, `${link}.new`);
    renameSync(`${link}.new`, link);
  };
  await plugIn();
  const server = await startAdalightServer(link, {
    delayAfterConnect: 0,
    enableAttemptsInterval: 5,
  });
  return { server, link, plugIn };
}

describe('an adalight device on a serial port', () => {
  it('receives the frames of an effect after a restore configures it', async () => {
    const pair = await ptyPair();
    socat = pair.socat;
    t = await startServer();
    reader = new AdaReader(pair.controller);
    const config = configuration([0], LEDS) as unknown as Configuration;
    const settings = config.instances[0]?.settings as Record<string, unknown>;
    settings.device = {
      type: 'adalight',
      output: pair.device,
      hardwareLedCount: LEDS,
      rate: 115200,
      delayAfterConnect: 0,
      streamProtocol: '0',
      colorOrder: 'rgb',
    };
    settings.smoothing = { enable: false };
    settings.foregroundEffect = { enable: false };
    settings.color = {
      channelAdjustment: [
        { id: 'n', leds: '*', gammaRed: 1, gammaGreen: 1, gammaBlue: 1, brightnessCompensation: 0 },
      ],
    };
    const auth = { headers: { Authorization: `Bearer ${t.token}` } };
    const restarted = new Promise((resolve) => t?.server.once('restart-complete', resolve));
    const restore = await post(
      `${t.http}/json-rpc`,
      { command: 'config', subcommand: 'restoreconfig', config },
      auth,
    );
    expect(restore.json.success).toBe(true);
    await restarted;
    await until(() => t?.server.runtime.instance(0)?.view.device.state === 'on');

    const color = await post(
      `${t.http}/json-rpc`,
      { command: 'color', priority: 20, color: [255, 0, 0] },
      auth,
    );
    expect(color.json.success).toBe(true);
    await until(() => reader?.frames.at(-1)?.[0]?.join() === '255,0,0');
    expect(reader.frames.at(-1)).toEqual(Array.from({ length: LEDS }, () => [255, 0, 0]));

    const effect = await post(
      `${t.http}/json-rpc`,
      { command: 'effect', priority: 10, effect: { name: 'Rainbow Wave' } },
      auth,
    );
    expect(effect.json.success).toBe(true);
    const seen = reader.frames.length;
    // The rainbow's frames arrive, and they change.
    await until(() => (reader?.frames.length ?? 0) > seen + 5);
    const recent = reader.frames.slice(seen).map((f) => JSON.stringify(f));
    expect(new Set(recent).size).toBeGreaterThan(2);
    expect(reader.frames.at(-1)).toHaveLength(LEDS);
  });

  it('shows LEDDEVICE off while its serial port is lost, and on again once it is back', async () => {
    const { server, link, plugIn } = await serverOnReplugablePort('ttyLOST0');
    const session = await LiveSocket.open(server.ws, server.token);
    cleanups.push(() => session.close());
    const ledDevice = async () => {
      const info = (await session.call({ command: 'serverinfo' })).info as Record<string, unknown>;
      const components = info.components as { name: string; enabled: boolean }[];
      return {
        enabled: components.find((c) => c.name === 'LEDDEVICE')?.enabled,
        state: (info.device as { state: string }).state,
      };
    };
    const pushed = (enabled: boolean) =>
      session.next(
        (p) =>
          p.command === 'components-update' &&
          JSON.stringify(p.data) === JSON.stringify({ name: 'LEDDEVICE', enabled }),
        30_000,
      );
    await until(() => t?.server.runtime.instance(0)?.view.device.state === 'on', 15_000);
    await session.call({ command: 'serverinfo', subscribe: ['components-update'] });
    expect(await ledDevice()).toEqual({ enabled: true, state: 'on' });

    // The cable is pulled.
    const exited = new Promise((resolve) => socat?.once('exit', resolve));
    socat?.kill();
    await exited;
    unlinkSync(link);
    await pushed(false);
    expect(await ledDevice()).toEqual({ enabled: false, state: 'error' });
    // Switched on by a user meanwhile: accepted, and still shown off while the port is gone.
    expect(
      await session.call({
        command: 'componentstate',
        componentstate: { component: 'LEDDEVICE', state: true },
      }),
    ).toMatchObject({ success: true });
    expect(await ledDevice()).toEqual({ enabled: false, state: 'error' });

    // Plugged in again: the device's retry brings it back.
    await plugIn();
    await pushed(true);
    expect(await ledDevice()).toEqual({ enabled: true, state: 'on' });
  });

  it('pushes device-update to its subscribers as the device goes to error and back', async () => {
    const { server, link, plugIn } = await serverOnReplugablePort('ttyLOST1');
    const watcher = await LiveSocket.open(server.ws, server.token);
    cleanups.push(() => watcher.close());
    // A Hyperion.ng client subscribes to every topic it knows: Glowkit's own is not among them.
    const hyperionClient = await LiveSocket.open(server.ws, server.token);
    cleanups.push(() => hyperionClient.close());
    await until(() => t?.server.runtime.instance(0)?.view.device.state === 'on', 15_000);
    expect(
      await watcher.call({ command: 'serverinfo', subscribe: ['device-update'] }),
    ).toMatchObject({ success: true });
    expect(await watcher.call({ command: 'serverinfo', subcommand: 'getSubscriptions' })).toEqual(
      expect.objectContaining({ info: { subscriptions: ['device-update'] } }),
    );
    await hyperionClient.call({ command: 'serverinfo', subscribe: [] });
    const device = (state: string) =>
      watcher.next(
        (p) => p.command === 'device-update' && (p.data as { state: string }).state === state,
        30_000,
      );

    // The cable is pulled: the subscriber hears the error and why.
    const exited = new Promise((resolve) => socat?.once('exit', resolve));
    socat?.kill();
    await exited;
    unlinkSync(link);
    const lost = await device('error');
    expect(lost).toMatchObject({
      command: 'device-update',
      instance: 0,
      data: { type: 'adalight', state: 'error', enabled: true },
    });
    expect(Object.keys(lost.data as object).sort()).toEqual([
      'attempts',
      'dropped',
      'enabled',
      'error',
      'frames',
      'state',
      'type',
    ]);
    expect((lost.data as { error: string }).error).toContain(link);

    // Plugged in again: the device's retry brings it back, and the subscriber hears that too.
    await plugIn();
    const back = await device('on');
    expect(back).toMatchObject({
      command: 'device-update',
      instance: 0,
      data: { type: 'adalight', state: 'on', enabled: true, attempts: 0 },
    });
    expect((back.data as { error?: string }).error).toBeUndefined();
    // What serverinfo says agrees with the last push.
    const info = (await watcher.call({ command: 'serverinfo' })).info as { device: unknown };
    expect(info.device).toMatchObject({ type: 'adalight', state: 'on', enabled: true });
    await hyperionClient.next((p) => p.command === 'components-update');
    expect(hyperionClient.pushes.some((p) => p.command === 'device-update')).toBe(false);
  });

  it('reports a port that does not exist in serverinfo and keeps the instance running', async () => {
    t = await startAdalightServer('/dev/glowkit-no-such-port');
    const auth = { headers: { Authorization: `Bearer ${t.token}` } };
    await until(() => t?.server.runtime.instance(0)?.view.device.state === 'error');
    const info = (await post(`${t.http}/json-rpc`, { command: 'serverinfo' }, auth)).json
      .info as Record<string, unknown>;
    const device = info.device as { state: string; error: string };
    expect(device.state).toBe('error');
    expect(device.error).toContain('/dev/glowkit-no-such-port');
    const color = await post(
      `${t.http}/json-rpc`,
      { command: 'color', priority: 20, color: [1, 2, 3] },
      auth,
    );
    expect(color.json.success).toBe(true);
  });
});
