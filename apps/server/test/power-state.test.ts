/**
 * The working / idle / suspended state (automation.md §6, without Hyperion.ng's quirks), as a
 * user sees it: the LEDs of a `file` device, the USB video grabber's ffmpeg child (a lavfi source
 * stands in for the capture device), serverinfo's `power.state`, components and device, and the
 * `event-update` pushes.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTURE_TIMING, ffmpegChildren, startCaptureServer } from './support/capture-server.js';
import { post } from './support/client.js';
import { fileDeviceConfiguration, lastFrameText, shows } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 4;
const DEVICE = '/dev/video-glowkit-power';
const ORANGE = Array.from({ length: LEDS }, () => '255,128,0');
const BLACK = Array.from({ length: LEDS }, () => '0,0,0');
const BLUE = Array.from({ length: LEDS }, () => '0,0,255');

let t: TestServer | undefined;
let socket: LiveSocket | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await t?.close();
  t = undefined;
});

type Json = Record<string, unknown>;

const rpc = async (body: Json, instance?: number): Promise<Json> =>
  (
    await post(`${t?.http}/json-rpc`, instance === undefined ? body : { ...body, instance }, {
      headers: { Authorization: `Bearer ${t?.token}` },
    })
  ).json as Json;

interface Info {
  power: { state: string };
  components: { name: string; enabled: boolean }[];
  device: { state: string } | null;
  priorities: { priority: number; componentId: string }[];
  grabbers: { video: { status: { state: string } } };
}
const info = async (instance?: number): Promise<Info> =>
  (await rpc({ command: 'serverinfo' }, instance)).info as Info;
const component = async (name: string, instance?: number) =>
  (await info(instance)).components.find((c) => c.name === name)?.enabled;
const system = (subcommand: string) => rpc({ command: 'system', subcommand });

/** One instance taking the USB video grabber (an orange lavfi picture) at 240, LEDs to a file. */
async function startCapturing() {
  const started = await startCaptureServer({
    leds: LEDS,
    instCapture: { v4lEnable: true, v4lPriority: 240 },
    grabberV4L2: { enable: true, device: DEVICE, width: 64, height: 36, fps: 10 },
    server: {
      capture: {
        timing: CAPTURE_TIMING,
        videoDevices: {
          [DEVICE]: ['-re', '-f', 'lavfi', '-i', 'color=c=0xff8000:s=64x36:r=10,format=rgb24'],
        },
      },
    },
  });
  t = started.t;
  socket = await LiveSocket.open(t.ws, t.token);
  await socket.call({ command: 'serverinfo', subscribe: ['event-update'] });
  await shows(started.output, ORANGE);
  expect(ffmpegChildren()).toHaveLength(1);
  return { output: started.output, socket };
}

const event = (s: LiveSocket, name: string) =>
  s.next((p) => p.command === 'event-update' && (p.data as Json).event === name);

describe('suspend', () => {
  it('turns the LEDs off, releases the device, stops the grabber, and resume brings all back', async () => {
    const { output, socket } = await startCapturing();
    expect((await info()).power).toEqual({ state: 'working' });

    expect(await system('suspend')).toMatchObject({ command: 'system-suspend', success: true });
    await event(socket, 'Suspend');
    await shows(output, BLACK);
    // The device is closed (a WLED handed back), not only dark, and ffmpeg has exited.
    await until(() => ffmpegChildren().length === 0);
    const suspended = await info();
    expect(suspended.power).toEqual({ state: 'suspended' });
    expect(suspended.device?.state).toBe('off');
    expect(suspended.grabbers.video.status.state).toBe('stopped');

    expect(await system('resume')).toMatchObject({ command: 'system-resume', success: true });
    await event(socket, 'Resume');
    await shows(output, ORANGE);
    expect(ffmpegChildren()).toHaveLength(1);
    const resumed = await info();
    expect(resumed.power).toEqual({ state: 'working' });
    expect(resumed.device?.state).toBe('on');
  });
});

describe('idle', () => {
  it('stops the captures but keeps the LED device on and lets colours show', async () => {
    const { output, socket } = await startCapturing();
    await rpc({ command: 'color', color: [0, 0, 255], priority: 50 });
    await shows(output, BLUE);

    expect(await system('idle')).toMatchObject({ command: 'system-idle', success: true });
    await event(socket, 'Idle');
    // Clients' colours are cleared (clear -1) and the capture stops: nothing shows.
    await shows(output, BLACK);
    await until(() => ffmpegChildren().length === 0);
    const idle = await info();
    expect(idle.power).toEqual({ state: 'idle' });
    expect(idle.device?.state).toBe('on');
    expect(idle.components.find((c) => c.name === 'V4L')?.enabled).toBe(false);
    expect(idle.components.find((c) => c.name === 'LEDDEVICE')?.enabled).toBe(true);
    expect(idle.components.find((c) => c.name === 'ALL')?.enabled).toBe(true);

    // Colours and effects are still allowed while idle.
    expect(await rpc({ command: 'color', color: [0, 0, 255], priority: 50 })).toMatchObject({
      success: true,
    });
    await shows(output, BLUE);
    await rpc({ command: 'clear', priority: 50 });
    await shows(output, BLACK);

    expect(await system('resumeIdle')).toMatchObject({
      command: 'system-resumeIdle',
      success: true,
    });
    await event(socket, 'ResumeIdle');
    await shows(output, ORANGE);
    expect(ffmpegChildren()).toHaveLength(1);
    expect((await info()).power).toEqual({ state: 'working' });
    expect(await component('V4L')).toBe(true);
  });

  it('resolves the toggles, leaves idle on resume, and ignores idle while suspended', async () => {
    const { output, socket } = await startCapturing();
    await system('toggleIdle');
    await event(socket, 'Idle');
    expect((await info()).power.state).toBe('idle');
    await system('toggleIdle');
    await event(socket, 'ResumeIdle');
    expect((await info()).power.state).toBe('working');

    // `resume` leaves idle too (in Hyperion.ng only toggleIdle does).
    await system('idle');
    await event(socket, 'Idle');
    await system('resume');
    await event(socket, 'ResumeIdle');
    expect((await info()).power.state).toBe('working');
    await shows(output, ORANGE);

    // Suspended from idle, one resume brings everything back, and the next idle works.
    await system('idle');
    await event(socket, 'Idle');
    await system('toggleSuspend');
    await event(socket, 'Suspend');
    await system('idle');
    expect((await info()).power.state).toBe('suspended');
    await system('toggleSuspend');
    await event(socket, 'Resume');
    await shows(output, ORANGE);
    expect(await component('V4L')).toBe(true);
    await system('idle');
    await event(socket, 'Idle');
    expect((await info()).power.state).toBe('idle');
    // Only changes were pushed: the idle while suspended pushed nothing.
    expect(socket.pushes.filter((p) => p.command === 'event-update')).toEqual([]);
  });
});

describe('instances started later', () => {
  it('take the state: an instance started while suspended stays dark until resume', async () => {
    let second = '';
    t = await startServer({
      prepare: (server) => {
        second = join(server.options.dataDir, 'second.txt');
        const both = fileDeviceConfiguration(join(server.options.dataDir, 'leds.txt'), LEDS);
        // Instance 1, stopped: its own file, and blue behind everything once it runs.
        const [one] = fileDeviceConfiguration(second, LEDS, {
          backgroundEffect: { enable: true, type: 'color', color: [0, 0, 255] },
        }).instances;
        if (one) both.instances.push({ ...one, id: 1, name: 'Second', enabled: false });
        both.instanceIds = [0, 1];
        server.store.replace(both, 'test set-up');
      },
    });
    await system('suspend');
    expect(
      await rpc({ command: 'instance', subcommand: 'startInstance', instance: 1 }),
    ).toMatchObject({ success: true });
    await until(async () => (await info(1)).device !== null);
    await until(async () => (await component('ALL', 1)) === false);
    // Never opened: nothing was written (a WLED is never taken over while suspended).
    expect((await info(1)).device).toMatchObject({ state: 'off', frames: 0 });
    expect(lastFrameText(second)).toEqual([]);

    await system('resume');
    await shows(second, BLUE);
    expect(await component('ALL', 1)).toBe(true);
  });

  it('take the state after a restart', async () => {
    let output = '';
    t = await startServer({
      prepare: (server) => {
        output = join(server.options.dataDir, 'leds.txt');
        server.store.replace(
          fileDeviceConfiguration(output, LEDS, {
            backgroundEffect: { enable: true, type: 'color', color: [0, 0, 255] },
          }),
          'test set-up',
        );
      },
    });
    await shows(output, BLUE);
    await system('suspend');
    await shows(output, BLACK);
    await t.server.restart('test');
    await until(async () => (await component('ALL')) === false);
    expect((await info()).power.state).toBe('suspended');
    // The rebuilt instance's device never opened: not a frame of blue between the restart and
    // the suspension.
    expect((await info()).device).toMatchObject({ state: 'off', frames: 0 });
    await shows(output, BLACK);
    await system('resume');
    await shows(output, BLUE);
  });
});
