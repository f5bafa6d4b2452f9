/**
 * `osEvents`: the machine's sleep, as systemd-logind tells it on the system bus, suspends and
 * resumes the LEDs. The test runs its own `dbus-daemon` on a socket in a temp dir (given to the
 * server as its system bus) and plays logind: a connection owning `org.freedesktop.login1` emits
 * `PrepareForSleep(true)` and `(false)`; a stranger's `gdbus emit` of the same signal is ignored.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Message, type MessageBus, sessionBus } from 'dbus-next';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { fileDeviceConfiguration, shows } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 3;
const BLUE = Array.from({ length: LEDS }, () => '0,0,255');
const BLACK = Array.from({ length: LEDS }, () => '0,0,0');

let t: TestServer | undefined;
let socket: LiveSocket | undefined;
let daemon: ChildProcess | undefined;
let logind: MessageBus | undefined;
let dir: string | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await t?.close();
  t = undefined;
  logind?.disconnect();
  logind = undefined;
  if (daemon && daemon.exitCode === null) {
    const exited = once(daemon, 'exit');
    daemon.kill();
    await exited;
  }
  daemon = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

type Json = Record<string, unknown>;

/** A private bus (the session configuration: anyone may own any name), its address. */
async function startBus(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'glowkit-dbus-'));
  const child = spawn(
    'dbus-daemon',
    [
      '--session',
      `--address=unix:path=${join(dir, 'system_bus_socket')}`,
      '--nofork',
      '--print-address=1',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  daemon = child;
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += String(chunk);
  });
  await until(() => printed.includes('\n'));
  return printed.trim();
}

/** Connects as logind: owns its name, so that its signals pass the server's match rule. */
async function playLogind(address: string): Promise<(sleeping: boolean) => void> {
  const bus = sessionBus({ busAddress: address });
  logind = bus;
  await bus.requestName('org.freedesktop.login1', 0);
  return (sleeping) =>
    bus.send(
      Message.newSignal(
        '/org/freedesktop/login1',
        'org.freedesktop.login1.Manager',
        'PrepareForSleep',
        'b',
        [sleeping],
      ),
    );
}

async function start(address: string, listening = true) {
  let output = '';
  t = await startServer({
    systemBusAddress: address,
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
  socket = await LiveSocket.open(t.ws, t.token);
  await socket.call({ command: 'serverinfo', subscribe: ['event-update'] });
  await shows(output, BLUE);
  // Listening once the match rule is in place.
  if (listening) await until(() => logged('system events: the LEDs'));
  return { output, socket };
}

const logged = (start: string): boolean =>
  (t?.logs ?? []).some((l) => String(l.msg).startsWith(start));
const rpc = async (body: Json): Promise<Json> =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json as Json;
const powerState = async () => ((await rpc({ command: 'serverinfo' })).info as Json).power;
const eventNames = (s: LiveSocket) =>
  s.pushes.filter((p) => p.command === 'event-update').map((p) => (p.data as Json).event);

describe('osEvents', () => {
  it("suspends when logind says the machine sleeps and resumes when it wakes, and ignores a stranger's signal", async () => {
    const address = await startBus();
    const { output, socket } = await start(address);
    const sleep = await playLogind(address);

    // Not logind: the bus does not pass it to the server.
    // `--session` with the bus's address: gdbus's `--address` would be a peer connection, whose
    // messages the bus does not route.
    execFileSync(
      'gdbus',
      [
        'emit',
        '--session',
        '--object-path',
        '/org/freedesktop/login1',
        '--signal',
        'org.freedesktop.login1.Manager.PrepareForSleep',
        'true',
      ],
      { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address } },
    );

    sleep(true);
    await socket.next((p) => p.command === 'event-update' && (p.data as Json).event === 'Suspend');
    await shows(output, BLACK);
    expect(await powerState()).toEqual({ state: 'suspended' });

    sleep(false);
    await socket.next((p) => p.command === 'event-update' && (p.data as Json).event === 'Resume');
    await shows(output, BLUE);
    expect(await powerState()).toEqual({ state: 'working' });
    // Had the stranger's signal been taken, a Suspend and a Resume would have come first.
    expect(eventNames(socket)).toEqual([]);
  });

  it('leaves LEDs a user suspended before the sleep suspended after it', async () => {
    const address = await startBus();
    const { socket } = await start(address);
    const sleep = await playLogind(address);
    await rpc({ command: 'system', subcommand: 'suspend' });
    await socket.next((p) => p.command === 'event-update');
    sleep(true);
    await until(() => logged('system events: the machine goes to sleep'));
    sleep(false);
    await until(() => logged('system events: the machine woke up'));
    expect(await powerState()).toEqual({ state: 'suspended' });
    expect(eventNames(socket)).toEqual([]);
  });

  it('says in one line that there is no system bus, and runs on', async () => {
    dir = mkdtempSync(join(tmpdir(), 'glowkit-dbus-'));
    await start(`unix:path=${join(dir, 'no-bus-here')}`, false);
    const lines = () =>
      (t?.logs ?? []).filter((l) => String(l.msg).startsWith('system events: no system bus'));
    await until(() => lines().length > 0);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ level: 30 });
    expect(await powerState()).toEqual({ state: 'working' });
  });
});
