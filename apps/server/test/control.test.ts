import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/client.js';
import { writeEffect } from './support/effects.js';
import { fileDeviceConfiguration, lastFrame } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 10;

let t: TestServer | undefined;
let cleanups: (() => void)[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

async function start(changes: Record<string, unknown> = {}, effectsDir?: string) {
  let output = '';
  t = await startServer({
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, changes);
      if (effectsDir) config.global.settings.effects = { paths: [effectsDir], disable: [] };
      server.store.replace(config, 'test set-up');
    },
  });
  return { t, output };
}

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t?.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t?.token}` } }))
    .json;

const red = Array.from({ length: LEDS }, () => [255, 0, 0]);
const black = Array.from({ length: LEDS }, () => [0, 0, 0]);

describe('colours over HTTP', () => {
  it('shows a colour on every LED and lists it in serverinfo', async () => {
    const { output } = await start();
    const reply = await rpc({ command: 'color', priority: 50, color: [255, 0, 0], origin: 'Test' });
    expect(reply).toEqual({ command: 'color', success: true, tan: 0 });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(red));
    const info = (await rpc({ command: 'serverinfo', tan: 2 })).info as Record<string, unknown>;
    expect(info.priorities).toEqual([
      {
        active: true,
        componentId: 'COLOR',
        origin: 'Test@127.0.0.1',
        priority: 50,
        value: { HSL: [0, 1, 0.5], RGB: [255, 0, 0] },
        visible: true,
      },
    ]);
    expect(info.activeLedColor).toEqual([{ 'HSL Value': [0, 1, 0.5], 'RGB Value': [255, 0, 0] }]);
    expect(info.components).toEqual([
      { enabled: true, name: 'ALL' },
      { enabled: false, name: 'SMOOTHING' },
      { enabled: true, name: 'BLACKBORDER' },
      // The forwarder forwards another instance (none: `forwarder.instance` 255).
      { enabled: false, name: 'FORWARDER' },
      { enabled: false, name: 'BOBLIGHTSERVER' },
      // The instance takes no grabber (instCapture's defaults).
      { enabled: false, name: 'GRABBER' },
      { enabled: false, name: 'V4L' },
      { enabled: true, name: 'LEDDEVICE' },
      // The daemon-wide picture inputs, listening (their groups are enabled).
      { enabled: true, name: 'FLATBUFSERVER' },
      { enabled: true, name: 'PROTOSERVER' },
    ]);
  });

  it('ends a timed colour on time and goes black at once', async () => {
    const { output } = await start();
    const sent = Date.now();
    await rpc({ command: 'color', priority: 50, color: [255, 0, 0], duration: 300 });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(red));
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(black));
    // Never early; that the engine ends it on time, not on a later tick, its own tests show on the
    // muxer's clock (how late a timer runs on a loaded machine is not the server's to assert).
    expect(Date.now() - sent).toBeGreaterThanOrEqual(290);
    const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(info.priorities).toEqual([]);
  });

  it('shows the lowest priority number and falls back when it is cleared', async () => {
    const { output } = await start();
    await rpc({ command: 'color', priority: 100, color: [0, 0, 255] });
    await rpc({ command: 'color', priority: 10, color: [255, 0, 0] });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(red));
    expect(await rpc({ command: 'clear', priority: 10 })).toMatchObject({ success: true });
    await until(() => lastFrame(output)[0]?.join() === '0,0,255');
    expect(await rpc({ command: 'clearall' })).toMatchObject({ success: true });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(black));
  });

  it('repeats a list of colours along the strip', async () => {
    const { output } = await start();
    await rpc({ command: 'color', priority: 20, color: [1, 2, 3, 4, 5, 6] });
    await until(() => lastFrame(output)[1]?.join() === '4,5,6');
    expect(lastFrame(output).slice(0, 4)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('lights one LED alone for a moment, as the layout editor identifies an LED', async () => {
    const { output } = await start();
    await rpc({ command: 'color', priority: 100, color: [0, 0, 255] });
    // A colour for every LED (and two past the strip, as a layout longer than the device's count
    // sends): the seventh white, the others black, at priority 1 for a moment.
    const colors = Array.from({ length: LEDS + 2 }, (_, i) =>
      i === 6 ? [255, 255, 255] : [0, 0, 0],
    );
    const reply = await rpc({ command: 'color', priority: 1, color: colors.flat(), duration: 500 });
    expect(reply).toMatchObject({ success: true });
    await until(() => lastFrame(output)[6]?.join() === '255,255,255');
    expect(lastFrame(output)).toEqual(colors.slice(0, LEDS));
    // Then what showed before comes back.
    await until(() => lastFrame(output)[6]?.join() === '0,0,255');
  });

  it('refuses bad requests with a pointer to each problem', async () => {
    await start();
    const reply = await rpc({ command: 'color', priority: 300, color: [255, 0] });
    expect(reply.success).toBe(false);
    expect(reply.error).toBe('Invalid params');
    const details = (reply.errorData as { description: string }[]).map((d) => d.description);
    expect(details.some((d) => d.startsWith('/priority:'))).toBe(true);
    expect(details.some((d) => d.startsWith('/color:'))).toBe(true);
  });

  it('answers a request without a token with 401', async () => {
    await start();
    const result = await post(`${t?.http}/json-rpc`, {
      command: 'color',
      priority: 1,
      color: [1, 2, 3],
    });
    expect(result.status).toBe(401);
  });
});

describe('effects', () => {
  it('runs a bundled effect, lists it, and stops it on clear with nothing left', async () => {
    const { output } = await start();
    const reply = await rpc({ command: 'effect', priority: 60, effect: { name: 'Warm Pulse' } });
    expect(reply).toMatchObject({ command: 'effect', success: true });
    const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(info.activeEffects).toMatchObject([{ name: 'Warm Pulse', priority: 60, timeout: -1 }]);
    expect(info.priorities).toMatchObject([
      { componentId: 'EFFECT', owner: 'Warm Pulse', priority: 60, visible: true },
    ]);
    // Its frames reach the device.
    await until(() => lastFrame(output).some((led) => led.some((c) => c > 0)));
    await rpc({ command: 'clear', priority: 60 });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(black));
    const after = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(after.activeEffects).toEqual([]);
  });

  it('refuses args that break the option schema, naming each pointer', async () => {
    await start();
    const reply = await rpc({
      command: 'effect',
      priority: 60,
      effect: { name: 'Warm Pulse', args: { period: 'slow', color: [300, 0, 0] } },
    });
    expect(reply.success).toBe(false);
    const details = (reply.errorData as { description: string }[]).map((d) => d.description);
    expect(details.some((d) => d.startsWith('/effect/args/period'))).toBe(true);
    expect(details.some((d) => d.startsWith('/effect/args/color/0'))).toBe(true);
    const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(info.priorities).toEqual([]);
  });

  it('answers an unknown effect name', async () => {
    await start();
    const reply = await rpc({ command: 'effect', priority: 60, effect: { name: 'No Such' } });
    expect(reply).toMatchObject({ success: false, error: "Effect 'No Such' not found" });
  });

  it('keeps the data directory (database, admin token) from an effect script', async () => {
    const custom = mkdtempSync(join(tmpdir(), 'glowkit-fx-'));
    cleanups.push(() => rmSync(custom, { recursive: true, force: true }));
    writeEffect(custom, 'Snoop', 'snoop.py', 'import hyperion\n');
    const { t: server, output } = await start({}, custom);
    const dataDir = server.server.options.dataDir;
    const files = readdirSync(dataDir).map((name) => join(dataDir, name));
    expect(files.length).toBeGreaterThan(0);
    // Written now that the data directory is known: the runner reads the script at each run.
    // Blue when every read was refused, white when one succeeded.
    writeFileSync(
      join(custom, 'snoop.py'),
      [
        'import hyperion, time',
        'read = 0',
        `for path in ${JSON.stringify(files)}:`,
        '    try:',
        '        open(path, "rb").read(1)',
        '        read += 1',
        '    except OSError:',
        '        pass',
        'colour = (255, 255, 255) if read else (0, 0, 255)',
        'while not hyperion.abort():',
        '    hyperion.setColor(*colour)',
        '    time.sleep(0.05)',
        '',
      ].join('\n'),
    );
    expect(await rpc({ command: 'effect', priority: 50, effect: { name: 'Snoop' } })).toMatchObject(
      {
        success: true,
      },
    );
    await until(() => lastFrame(output)[0]?.join() === '0,0,255');
  });

  it('answers why an effect failed at start, and the next priority shows', async () => {
    const custom = mkdtempSync(join(tmpdir(), 'glowkit-fx-'));
    cleanups.push(() => rmSync(custom, { recursive: true, force: true }));
    writeEffect(custom, 'Broken', 'broken.py', 'import hyperion\nraise ValueError("no luck")\n');
    const { output } = await start({}, custom);
    await rpc({ command: 'color', priority: 100, color: [0, 255, 0] });
    const reply = await rpc({ command: 'effect', priority: 50, effect: { name: 'Broken' } });
    expect(reply.success).toBe(false);
    expect(JSON.stringify(reply.errorData)).toContain('no luck');
    await until(() => lastFrame(output)[0]?.join() === '0,255,0');
    const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(info.priorities).toMatchObject([{ priority: 100, visible: true }]);
    expect(JSON.stringify(info.effectErrors)).toContain('no luck');
    expect(existsSync(custom)).toBe(true);
  });

  it('logs an effect killed for ignoring a stop, and lists it in effectErrors', async () => {
    const custom = mkdtempSync(join(tmpdir(), 'glowkit-fx-'));
    cleanups.push(() => rmSync(custom, { recursive: true, force: true }));
    writeEffect(
      custom,
      'Stubborn',
      'stubborn.py',
      'import hyperion, time\nwhile True:\n    hyperion.setColor(9, 9, 9)\n    time.sleep(0.05)\n',
    );
    await start({}, custom);
    expect(await rpc({ command: 'effect', priority: 50, effect: { name: 'Stubborn' } })).toEqual({
      command: 'effect',
      success: true,
      tan: 0,
    });
    expect(await rpc({ command: 'clear', priority: 50 })).toMatchObject({ success: true });
    const message =
      "Effect 'Stubborn' was killed: it did not end within 500 ms of being stopped; its script should check hyperion.abort() more often";
    // The kill comes once the grace time is over: poll, bounded by count.
    let errors: unknown[] = [];
    for (let i = 0; i < 150 && errors.length === 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
      errors = info.effectErrors as unknown[];
    }
    expect(errors).toMatchObject([{ name: 'Stubborn', priority: 50, reason: 'killed', message }]);
    expect(t?.logs.filter((l) => l.level === 40 && l.msg === message)).toHaveLength(1);
  });
});

describe('sessions over WebSocket', () => {
  it('pushes priorities-update to subscribers and streams the LED colours', async () => {
    await start();
    const socket = await LiveSocket.open(t?.ws ?? '', t?.token ?? '');
    try {
      const info = await socket.call({ command: 'serverinfo', subscribe: ['priorities-update'] });
      expect(info.success).toBe(true);
      expect(
        await socket.call({ command: 'ledcolors', subcommand: 'ledstream-start' }),
      ).toMatchObject({
        command: 'ledcolors-ledstream-start',
        success: true,
      });
      const first = await socket.next((p) => p.command === 'ledcolors-ledstream-update');
      expect(first).toMatchObject({ instance: 0, data: { leds: Array(LEDS * 3).fill(0) } });
      await socket.call({ command: 'color', priority: 5, color: [0, 0, 255] });
      const update = await socket.next((p) => p.command === 'priorities-update');
      expect(update).toMatchObject({
        instance: 0,
        data: { priorities: [{ priority: 5, visible: true }], priorities_autoselect: true },
      });
      const leds = await socket.next(
        (p) =>
          p.command === 'ledcolors-ledstream-update' &&
          (p.data as { leds: number[] }).leds[2] === 255,
      );
      expect((leds.data as { leds: number[] }).leds.slice(0, 6)).toEqual([0, 0, 255, 0, 0, 255]);
    } finally {
      socket.close();
    }
  });

  it('warns about unknown subscription names but answers success', async () => {
    await start();
    const socket = await LiveSocket.open(t?.ws ?? '', t?.token ?? '');
    try {
      const reply = await socket.call({
        command: 'serverinfo',
        subscribe: ['priorities-update', 'sessions-update'],
      });
      expect(reply.success).toBe(true);
      expect(JSON.stringify(reply.errorData)).toContain('sessions-update');
    } finally {
      socket.close();
    }
  });

  it('switches components: LEDDEVICE off writes black', async () => {
    const { output } = await start();
    await rpc({ command: 'color', priority: 5, color: [255, 0, 0] });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(red));
    const reply = await rpc({
      command: 'componentstate',
      componentstate: { component: 'LEDDEVICE', state: false },
    });
    expect(reply).toMatchObject({ success: true });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(black));
    const info = (await rpc({ command: 'serverinfo' })).info as Record<string, unknown>;
    expect(info.components).toContainEqual({ enabled: false, name: 'LEDDEVICE' });
    const unknown = await rpc({
      command: 'componentstate',
      componentstate: { component: 'AUDIO', state: true },
    });
    expect(unknown.success).toBe(false);
  });
});

describe('instances', () => {
  it('creates, starts, switches to, renames, stops and deletes an instance', async () => {
    await start();
    const socket = await LiveSocket.open(t?.ws ?? '', t?.token ?? '');
    try {
      await socket.call({ command: 'serverinfo', subscribe: ['instance-update'] });
      const created = await socket.call({
        command: 'instance',
        subcommand: 'createInstance',
        name: 'Second strip',
      });
      expect(created).toMatchObject({ success: true, info: { instance: 1 } });
      const update = await socket.next((p) => p.command === 'instance-update');
      expect(update.data).toContainEqual({
        friendly_name: 'Second strip',
        instance: 1,
        running: false,
      });
      expect(
        await socket.call({ command: 'instance', subcommand: 'switchTo', instance: 1 }),
      ).toMatchObject({ success: false });
      expect(
        await socket.call({ command: 'instance', subcommand: 'startInstance', instance: 1 }),
      ).toMatchObject({ success: true });
      expect(
        await socket.call({ command: 'instance', subcommand: 'switchTo', instance: 1 }),
      ).toMatchObject({ success: true, info: { instance: 1 } });
      await socket.call({
        command: 'instance',
        subcommand: 'saveName',
        instance: 1,
        name: 'Desk lamp',
      });
      const stored = t?.server.store.read().instances.map((i) => [i.id, i.name, i.enabled]);
      expect(stored).toEqual([
        [0, 'Instance number 0', true],
        [1, 'Desk lamp', true],
      ]);
      await socket.call({ command: 'instance', subcommand: 'stopInstance', instance: 1 });
      await socket.call({ command: 'instance', subcommand: 'deleteInstance', instance: 1 });
      expect(t?.server.runtime.instances.map((i) => i.id)).toEqual([0]);
      expect(t?.server.store.snapshots().length).toBeGreaterThanOrEqual(3);
    } finally {
      socket.close();
    }
  });

  it('refuses to delete instance 0, keeping it stored and running', async () => {
    const { output } = await start();
    const snapshots = t?.server.store.snapshots().length;
    const reply = await rpc({ command: 'instance', subcommand: 'deleteInstance', instance: 0 });
    expect(reply).toMatchObject({ success: false, error: 'Instance [0] cannot be deleted' });
    expect((reply.errorData as { description: string }[]).map((d) => d.description)).toEqual([
      '/instance: instance 0 is the main instance and always stays; stop it with stopInstance instead',
    ]);
    expect(t?.server.store.read().instances.map((i) => i.id)).toEqual([0]);
    expect(t?.server.store.snapshots().length).toBe(snapshots);
    expect(t?.server.runtime.info(0)?.running).toBe(true);
    expect(
      await rpc({ command: 'color', priority: 50, color: [255, 0, 0], origin: 'Test' }),
    ).toMatchObject({
      success: true,
    });
    await until(() => JSON.stringify(lastFrame(output)) === JSON.stringify(red));
  });
});

describe('pictures and custom effects', () => {
  it('shows a PNG picture and raw RGB, mapped onto the LEDs', async () => {
    const { output } = await start();
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(10, 1);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#00ff00';
    ctx.fillRect(0, 0, 10, 1);
    const png = canvas.toBuffer('image/png').toString('base64');
    expect(
      await rpc({ command: 'image', priority: 70, imagedata: png, format: 'auto' }),
    ).toMatchObject({
      success: true,
    });
    await until(() => lastFrame(output)[9]?.join() === '0,255,0');
    const raw = Buffer.from(Array.from({ length: 10 }, () => [0, 0, 200]).flat()).toString(
      'base64',
    );
    expect(
      await rpc({ command: 'image', priority: 60, imagedata: raw, imagewidth: 10, imageheight: 1 }),
    ).toMatchObject({ success: true });
    await until(() => lastFrame(output)[0]?.join() === '0,0,200');
    const wrong = await rpc({
      command: 'image',
      priority: 60,
      imagedata: raw,
      imagewidth: 9,
      imageheight: 1,
    });
    expect(wrong).toMatchObject({ success: false, error: 'Invalid params' });
    expect(JSON.stringify(wrong.errorData)).toContain('/imagedata');
  });

  it('creates a custom effect, runs it, lists it, and deletes it', async () => {
    await start();
    const socket = await LiveSocket.open(t?.ws ?? '', t?.token ?? '');
    try {
      await socket.call({ command: 'serverinfo', subscribe: ['effects-update'] });
      const created = await socket.call({
        command: 'create-effect',
        name: 'Slow Ice',
        script: ':/effects/pulse.py',
        args: { color: [0, 100, 255], period: 8 },
      });
      expect(created).toMatchObject({ command: 'create-effect', success: true });
      const update = await socket.next((p) => p.command === 'effects-update');
      const names = (update.data as { name: string }[]).map((e) => e.name);
      expect(names).toContain('Slow Ice');
      expect(
        await socket.call({ command: 'effect', priority: 40, effect: { name: 'Slow Ice' } }),
      ).toMatchObject({
        success: true,
      });
      const refused = await socket.call({
        command: 'create-effect',
        name: 'Bad Ice',
        script: ':/effects/pulse.py',
        args: { period: -5 },
      });
      expect(refused.success).toBe(false);
      expect(JSON.stringify(refused.errorData)).toContain('/args/period');
      expect(await socket.call({ command: 'delete-effect', name: 'Slow Ice' })).toMatchObject({
        success: true,
      });
      expect(await socket.call({ command: 'delete-effect', name: 'Warm Pulse' })).toMatchObject({
        success: false,
      });
    } finally {
      socket.close();
    }
  });
});

describe('restart', () => {
  it('applies a restore that changes the layout and the effect while an effect runs', async () => {
    const { output } = await start();
    await rpc({ command: 'effect', priority: 60, effect: { name: 'Warm Pulse' } });
    const before = t?.server.runtime.instance(0);
    expect(before?.view.activeEffects).toHaveLength(1);
    const config = fileDeviceConfiguration(output, LEDS, {
      device: { type: 'file', hardwareLedCount: 3, output, colorOrder: 'rgb' },
      leds: [
        { hmin: 0, hmax: 0.3, vmin: 0, vmax: 1 },
        { hmin: 0.3, hmax: 0.6, vmin: 0, vmax: 1 },
        { hmin: 0.6, hmax: 1, vmin: 0, vmax: 1 },
      ],
      backgroundEffect: { enable: true, type: 'effect', effect: 'Ice Pulse' },
    });
    const restarted = new Promise((resolve) => t?.server.once('restart-complete', resolve));
    const reply = await rpc({ command: 'config', subcommand: 'restoreconfig', config });
    expect(reply.success).toBe(true);
    await restarted;
    // The old instance and its effect are gone; the new one runs the background effect on 3 LEDs.
    expect(before?.view.activeEffects).toEqual([]);
    const after = t?.server.runtime.instance(0);
    expect(after).not.toBe(before);
    expect(after?.view.ledCount).toBe(3);
    await until(
      () => after?.view.priorities.find((p) => p.priority === 254)?.owner === 'Ice Pulse',
    );
    await until(
      () => lastFrame(output).length === 3 && lastFrame(output).some((l) => l.some((c) => c > 0)),
    );
  });
});

describe('a session without a token', () => {
  it('is told to log in with a message, since browsers cannot set WebSocket headers', async () => {
    await start();
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(t?.ws ?? '');
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = new Promise<Record<string, unknown>>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    socket.send(JSON.stringify({ command: 'color', priority: 5, color: [1, 2, 3], tan: 4 }));
    expect(await reply).toMatchObject({ success: false, error: 'No Authorization', tan: 4 });
    expect(JSON.stringify((await reply).errorData)).toContain(
      '\\"command\\":\\"authorize\\",\\"subcommand\\":\\"login\\"',
    );
    socket.close();
  });
});
