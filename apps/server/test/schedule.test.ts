/**
 * `schedEvents`: daily actions at local times of day, run through the server's state (suspend,
 * idle…). The server runs on a clock the test moves (its `clock` option), so 23:00 is reached
 * at once and the test never depends on the real time of day.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { setconfigRequest } from './support/configs.js';
import { fileDeviceConfiguration, shows } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { ManualClock } from './support/manual-clock.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 3;
const BLUE = Array.from({ length: LEDS }, () => '0,0,255');
const BLACK = Array.from({ length: LEDS }, () => '0,0,0');

let t: TestServer | undefined;
let socket: LiveSocket | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await t?.close();
  t = undefined;
});

type Json = Record<string, unknown>;

/** Local time on a day of the test's calendar (28 November 2026 is day 0). */
const at = (day: number, hour: number, minute: number, second = 0) =>
  new Date(2026, 10, 28 + day, hour, minute, second).getTime();

const rpc = async (body: Json): Promise<Json> =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Json;
const state = async () => ((await rpc({ command: 'serverinfo' })).info as Json).power;

/** A server whose LEDs show blue (the background colour) on a clock at 22:00 on day 0. */
async function start(schedEvents: Json) {
  const clock = new ManualClock(at(0, 22, 0));
  let output = '';
  t = await startServer({
    clock,
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, {
        backgroundEffect: { enable: true, type: 'color', color: [0, 0, 255] },
      });
      config.global.settings.schedEvents = schedEvents;
      server.store.replace(config, 'test set-up');
    },
  });
  socket = await LiveSocket.open(t.ws, t.token);
  await socket.call({ command: 'serverinfo', subscribe: ['event-update'] });
  await shows(output, BLUE);
  return { clock, output, socket };
}

const event = (s: LiveSocket) => s.next((p) => p.command === 'event-update');
const events = (s: LiveSocket) => s.pushes.filter((p) => p.command === 'event-update');

describe('schedEvents', () => {
  it('runs each action daily at its local time, and skips a time it cannot read with one line', async () => {
    const { clock, output, socket } = await start({
      enable: true,
      actions: [
        { event: '23:00', action: 'Suspend' },
        { event: '7:30', action: 'Resume' },
        { event: '25:00', action: 'Idle' },
      ],
    });
    const skipped = t?.logs.filter((l) => String(l.msg).includes('scheduled action is skipped'));
    expect(skipped).toHaveLength(1);
    expect(skipped?.[0]).toMatchObject({ key: '/actions/2/event', value: '25:00' });

    clock.advanceTo(at(0, 22, 59, 59));
    expect(await state()).toEqual({ state: 'working' });
    expect(events(socket)).toEqual([]);

    clock.advanceTo(at(0, 23, 0));
    expect(await event(socket)).toMatchObject({ data: { event: 'Suspend' } });
    await shows(output, BLACK);
    expect(await state()).toEqual({ state: 'suspended' });

    clock.advanceTo(at(1, 7, 30));
    expect(await event(socket)).toMatchObject({ data: { event: 'Resume' } });
    await shows(output, BLUE);

    // The next day again, once.
    clock.advanceTo(at(1, 23, 30));
    expect(await event(socket)).toMatchObject({ data: { event: 'Suspend' } });
    expect(await state()).toEqual({ state: 'suspended' });
    expect(events(socket)).toEqual([]);
    // Still one line about the bad time: the group was read once.
    expect(
      t?.logs.filter((l) => String(l.msg).includes('scheduled action is skipped')),
    ).toHaveLength(1);
  });

  it('takes a changed schedule at setconfig and at a restart, and does nothing while disabled', async () => {
    const { clock, socket } = await start({
      enable: false,
      actions: [{ event: '22:30', action: 'Idle' }],
    });
    clock.advanceTo(at(0, 22, 45));
    expect(await state()).toEqual({ state: 'working' });

    const reply = await rpc(
      setconfigRequest({
        schedEvents: { enable: true, actions: [{ event: '23:15', action: 'ToggleIdle' }] },
      }),
    );
    expect(reply).toMatchObject({ success: true });
    clock.advanceTo(at(0, 23, 15));
    expect(await event(socket)).toMatchObject({ data: { event: 'Idle' } });
    expect(await state()).toEqual({ state: 'idle' });

    // Saved straight into the store, it applies at the next restart.
    const config = t?.server.store.read();
    if (!config) throw new Error('no configuration');
    config.global.settings.schedEvents = {
      enable: true,
      actions: [{ event: '00:05', action: 'ResumeIdle' }],
    };
    t?.server.store.replace(config, 'test: a new schedule');
    await t?.server.restart('test');
    clock.advanceTo(at(1, 0, 5));
    await until(async () => ((await state()) as Json).state === 'working');
    // The 23:15 toggle is gone: the next day passes without it.
    clock.advanceTo(at(1, 23, 30));
    expect(await state()).toEqual({ state: 'working' });
  });
});
