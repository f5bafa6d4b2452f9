/**
 * `system`: suspend and resume every running instance, toggle between them, restart the service
 * (automation.md §6). What a user sees: the LEDs (a `file` device), serverinfo's components and
 * running effects, and the `event-update` pushes.
 */
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { fileDeviceConfiguration, lastFrameText, shows } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 3;

let t: TestServer | undefined;
let socket: LiveSocket | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await t?.close();
  t = undefined;
});

type Json = Record<string, unknown>;

async function start() {
  let output = '';
  t = await startServer({
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      server.store.replace(fileDeviceConfiguration(output, LEDS), 'test set-up');
    },
  });
  socket = await LiveSocket.open(t.ws, t.token);
  await socket.call({ command: 'serverinfo', subscribe: ['event-update'] });
  return { t, output, socket };
}

const rpc = async (body: Json): Promise<Json> =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Json;

const info = async () => (await rpc({ command: 'serverinfo' })).info as Json;
const allOn = async () =>
  ((await info()).components as { name: string; enabled: boolean }[]).find((c) => c.name === 'ALL')
    ?.enabled;

const events = (s: LiveSocket) =>
  s.pushes.filter((p) => p.command === 'event-update').map((p) => (p.data as Json).event);

describe('system', () => {
  it('suspends every instance (dark, effects stopped) and resumes what it ran', async () => {
    const { output, socket } = await start();
    await rpc({ command: 'effect', priority: 50, effect: { name: 'Warm Pulse' } });
    expect(await rpc({ command: 'system', subcommand: 'suspend', tan: 3 })).toEqual({
      command: 'system-suspend',
      success: true,
      tan: 3,
    });
    await shows(output, ['0,0,0', '0,0,0', '0,0,0']);
    expect(await allOn()).toBe(false);
    expect((await info()).activeEffects).toEqual([]);
    expect(await socket.next((p) => p.command === 'event-update')).toEqual({
      command: 'event-update',
      data: { event: 'Suspend' },
    });

    expect(await rpc({ command: 'system', subcommand: 'resume' })).toMatchObject({
      command: 'system-resume',
      success: true,
    });
    expect(await allOn()).toBe(true);
    expect((await info()).activeEffects).toMatchObject([{ name: 'Warm Pulse', priority: 50 }]);
    // The effect lights the LEDs again.
    await until(() => lastFrameText(output).some((led) => led !== '0,0,0'));
  });

  it('pushes each event that happened, and answers success when there is nothing to do', async () => {
    const { socket } = await start();
    expect(await rpc({ command: 'system', subcommand: 'resume' })).toMatchObject({ success: true });
    await rpc({ command: 'system', subcommand: 'toggleSuspend' });
    expect(await allOn()).toBe(false);
    await rpc({ command: 'system', subcommand: 'suspend' });
    await rpc({ command: 'system', subcommand: 'toggleSuspend' });
    expect(await allOn()).toBe(true);
    const got = await Promise.all([
      socket.next((p) => p.command === 'event-update' && (p.data as Json).event === 'Suspend'),
      socket.next((p) => p.command === 'event-update' && (p.data as Json).event === 'Resume'),
    ]);
    expect(got.map((p) => p.data)).toEqual([{ event: 'Suspend' }, { event: 'Resume' }]);
    // The resume with nothing suspended and the second suspend pushed nothing.
    expect(events(socket)).toEqual([]);
  });

  it('leaves an instance its user switched off alone on resume', async () => {
    await start();
    await rpc({ command: 'componentstate', componentstate: { component: 'ALL', state: false } });
    await rpc({ command: 'system', subcommand: 'suspend' });
    await rpc({ command: 'system', subcommand: 'resume' });
    expect(await allOn()).toBe(false);
  });

  it('restarts the service after the reply', async () => {
    const { t } = await start();
    const restarted = once(t.server, 'restart-complete');
    expect(await rpc({ command: 'system', subcommand: 'restart', tan: 5 })).toEqual({
      command: 'system-restart',
      success: true,
      tan: 5,
    });
    const [report] = (await restarted) as [{ reason: string }];
    expect(report.reason).toBe('system restart');
    expect(await allOn()).toBe(true);
  });
});
