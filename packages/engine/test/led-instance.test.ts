import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rename, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceRunSettings, type RunDevice } from '@glowkit/protocol';
import { GifWriter } from 'omggif';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { childProcesses as children } from '../../../scripts/child-processes.mjs';
import { writeEffect } from '../../../scripts/write-effect.mjs';
import type { DeviceConfig } from '../src/devices/led-device.js';
import { WledDevice } from '../src/devices/network/wled-device.js';
import { EffectCatalogue } from '../src/effects/effect-catalogue.js';
import { LedInstance, type LedInstanceOptions } from '../src/instance/led-instance.js';
import { frame } from './support/frames.js';
import { openPtyPair, type PtyPair } from './support/pty-pair.js';
import { WledStandIn } from './support/wled-stand-in.js';

const BUNDLED = fileURLToPath(new URL('../../../effects/', import.meta.url));
const LEDS = 4;

let catalogue: EffectCatalogue;
let dir: string;
beforeAll(async () => {
  catalogue = await EffectCatalogue.load({
    bundledDir: BUNDLED,
    paths: [],
    disable: [],
    rootDir: BUNDLED,
  });
  dir = mkdtempSync(join(tmpdir(), 'glowkit-instance-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
function instanceWith(
  settings: Record<string, unknown> = {},
  extra: Partial<LedInstanceOptions> = {},
): {
  instance: LedInstance;
  output: string;
} {
  const output = join(dir, `leds-${serial++}.txt`);
  const options: LedInstanceOptions = {
    id: 0,
    name: 'test',
    // The server's part: the stored groups completed with the schemas' defaults.
    settings: instanceRunSettings({
      device: { type: 'file', output, hardwareLedCount: LEDS },
      leds: Array.from({ length: LEDS }, (_, i) => ({
        hmin: i / LEDS,
        hmax: (i + 1) / LEDS,
        vmin: 0,
        vmax: 1,
      })),
      smoothing: { enable: false },
      foregroundEffect: { enable: false },
      // Colours pass unchanged: gamma 1, full brightness, no compensation.
      color: {
        channelAdjustment: [
          {
            id: 'neutral',
            leds: '*',
            gammaRed: 1,
            gammaGreen: 1,
            gammaBlue: 1,
            brightness: 100,
            brightnessCompensation: 0,
          },
        ],
      },
      ...settings,
    }),
    catalogue: () => catalogue,
    resourceDirs: [BUNDLED],
    ...extra,
  };
  return { instance: new LedInstance(options), output };
}

/** The lines the file device wrote so far (none before it opened the file). */
const lines = (output: string): string[] =>
  existsSync(output)
    ? readFileSync(output, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
    : [];

/** Polls until `check` holds; the timeout is generous, for a loaded machine, and only bounds a failure. */
async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('LedInstance', () => {
  it('writes a colour through adjustment and colour order to the device', async () => {
    const { instance } = instanceWith({
      device: {
        type: 'file',
        output: join(dir, 'order.txt'),
        hardwareLedCount: 6,
        colorOrder: 'bgr',
      },
      color: {
        channelAdjustment: [{ id: 'x', leds: '*', brightness: 100, brightnessCompensation: 0 }],
      },
    });
    await instance.start();
    instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [255, 0, 0]);
    const file = join(dir, 'order.txt');
    // 4 layout LEDs in bgr order, then 2 hardware LEDs beyond the layout stay black.
    await until(
      () => lines(file).at(-1) === ' [{0,0,255}{0,0,255}{0,0,255}{0,0,255}{0,0,0}{0,0,0}]',
    );
    await instance.close();
  });

  it('gives the colours as chosen before the blacklist, adjustment and colour order (rawColors)', async () => {
    const { instance } = instanceWith({
      device: {
        type: 'file',
        output: join(dir, 'raw.txt'),
        hardwareLedCount: LEDS,
        colorOrder: 'grb',
      },
      ledConfig: { ledBlacklist: [{ start: 3, num: 1 }] },
      color: { channelAdjustment: [{ id: 'x', leds: '*', gammaRed: 2.2, brightness: 50 }] },
    });
    const raw: string[] = [];
    instance.on('rawColors', (frame) => raw.push([...frame].join()));
    await instance.start();
    instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [255, 96, 0]);
    const chosen = Array.from({ length: LEDS }, () => '255,96,0').join();
    await until(() => raw.at(-1) === chosen);
    expect([...instance.view.rawColors].join()).toBe(chosen);
    // The device and the final colours differ: adjusted, reordered, the blacklisted LED black.
    await until(() => lines(join(dir, 'raw.txt')).length > 0);
    expect([...instance.view.lastColors.subarray(9, 12)]).toEqual([0, 0, 0]);
    expect([...instance.view.lastColors.subarray(0, 3)]).not.toEqual([255, 96, 0]);
    // Nothing to show: black.
    instance.clear(10);
    await until(
      () =>
        raw.at(-1) ===
        Array(LEDS * 3)
          .fill(0)
          .join(),
    );
    await instance.close();
  });

  it('switches the device off when it starts with nothing to show', async () => {
    const { instance, output } = instanceWith();
    await instance.start();
    await until(() => lines(output).length === 1);
    expect(lines(output)).toEqual([' [{0,0,0}{0,0,0}{0,0,0}{0,0,0}]']);
    expect(instance.view.device.state).toBe('on');
    await instance.close();
  });

  it('maps a picture onto the LEDs with the layout', async () => {
    const { instance, output } = instanceWith();
    await instance.start();
    // 4×1 picture: each LED covers one column.
    const data = Uint8Array.from([10, 0, 0, 20, 0, 0, 30, 0, 0, 40, 0, 0]);
    instance.setImage(
      { priority: 20, durationMs: -1, origin: 'test' },
      { width: 4, height: 1, data },
    );
    await until(() => lines(output).at(-1) === ' [{10,0,0}{20,0,0}{30,0,0}{40,0,0}]');
    await instance.close();
  });

  it('shows per-LED colours of a network input, updates them in place, and clears only its own', async () => {
    const { instance, output } = instanceWith({ boblightServer: { enable: true } });
    await instance.start();
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'BOBLIGHTSERVER' });
    let priorityEvents = 0;
    instance.on('priorities', () => priorityEvents++);
    const first = instance.registerSource({
      priority: 128,
      origin: 'Boblight@10.0.0.2',
      component: 'BOBLIGHTSERVER',
    });
    if (!first) throw new Error('not registered');
    // Two LEDs' worth: the rest stay black.
    expect(instance.showSourceLeds(first, Uint8Array.from([255, 0, 0, 0, 0, 255]))).toBe(true);
    await until(() => lines(output).at(-1) === ' [{255,0,0}{0,0,255}{0,0,0}{0,0,0}]');
    expect(instance.view.priorities).toEqual([
      {
        active: true,
        componentId: 'BOBLIGHTSERVER',
        origin: 'Boblight@10.0.0.2',
        priority: 128,
        visible: true,
      },
    ]);
    const events = priorityEvents;
    // Longer than the layout: cut. The same source, no priority change announced.
    expect(instance.showSourceLeds(first, new Uint8Array(30).fill(255))).toBe(true);
    await until(
      () => lines(output).at(-1) === ' [{255,255,255}{255,255,255}{255,255,255}{255,255,255}]',
    );
    expect(priorityEvents).toBe(events);
    // Another client takes the priority: the input no longer clears it.
    instance.setColor({ priority: 128, durationMs: -1, origin: 'other' }, [7, 7, 7]);
    expect(instance.holds(first)).toBe(false);
    expect(instance.showSourceLeds(first, new Uint8Array(12))).toBe(false);
    expect(instance.clearSource(first)).toBe(false);
    expect(instance.view.priorities.map((p) => p.origin)).toEqual(['other']);
    await instance.close();
  });

  it('takes the grabbers as instCapture says, and treats their frames as pictures', async () => {
    const { instance, output } = instanceWith({ instCapture: { systemEnable: true } });
    await instance.start();
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'GRABBER' });
    expect(instance.view.components).toContainEqual({ enabled: false, name: 'V4L' });
    const handle = instance.registerSource({
      priority: 250,
      origin: 'System',
      owner: 'X11',
      component: 'GRABBER',
    });
    if (!handle) throw new Error('not registered');
    // Side by side 3D (`videomode`, as for Hyperion.ng's grabbers): the left half is the picture.
    instance.setVideoMode('3DSBS');
    const data = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    expect(instance.showSourceImage(handle, { width: 4, height: 1, data })).toBe(true);
    // Mapped from the 2×1 half: no blue, no grey of the right half.
    await until(() => lines(output).at(-1) === ' [{255,0,0}{0,255,0}{0,255,0}{0,255,0}]');
    expect(instance.view.priorities).toMatchObject([
      { active: true, componentId: 'GRABBER', origin: 'System', owner: 'X11', priority: 250 },
    ]);
    // The image stream sees it as a picture too.
    expect(instance.view.picture?.width).toBe(2);
    expect(await instance.setComponent('V4L', true)).toEqual({ ok: true });
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'V4L' });
    await instance.close();
  });

  it('tells what the visible source shows: its own picture, its colours, or nothing', async () => {
    const { instance } = instanceWith();
    await instance.start();
    const seen: unknown[] = [];
    instance.on('visible', (source) =>
      seen.push(
        source && {
          priority: source.priority,
          component: source.component,
          image: source.image,
          first: source.colors ? [...source.colors.subarray(0, 3)] : undefined,
        },
      ),
    );
    const handle = instance.registerSource({
      priority: 140,
      origin: 'Forwarder@10.0.0.2',
      component: 'FLATBUFSERVER',
    });
    if (!handle) throw new Error('not registered');
    const picture = { width: 2, height: 1, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
    instance.showSourceImage(handle, picture);
    instance.setColor({ priority: 20, durationMs: -1, origin: 'test' }, [9, 8, 7]);
    instance.clear(20);
    instance.clearSource(handle);
    expect(seen).toEqual([
      // The very picture the source gave, not a copy or its video-mode part.
      { priority: 140, component: 'FLATBUFSERVER', image: picture, first: undefined },
      { priority: 20, component: 'COLOR', image: undefined, first: [9, 8, 7] },
      { priority: 140, component: 'FLATBUFSERVER', image: picture, first: undefined },
      undefined,
    ]);
    expect((seen[0] as { image: unknown }).image).toBe(picture);
    await instance.close();
  });

  it('ends a timed colour on time, and then shows black at once', async () => {
    const { instance, output } = instanceWith();
    await instance.start();
    // The muxer's own tests show, on a fake clock, that its timer ends an input exactly on time;
    // here: that timer ends the colour (never early), and black goes out in the same turn, not
    // on a later tick. How late a timer runs on a loaded machine is not the engine's to assert.
    const ended: Array<{ at: number; expiresAt: number; blackInSameTurn?: boolean }> = [];
    let blackFrames = 0;
    instance.on('leds', (frame) => {
      if (frame.every((v) => v === 0)) blackFrames++;
    });
    instance.muxer.on('removed', (input, reason) => {
      if (reason !== 'expired') return;
      const record: (typeof ended)[number] = {
        at: instance.muxer.now(),
        expiresAt: input.expiresAt,
      };
      const before = blackFrames;
      queueMicrotask(() => {
        record.blackInSameTurn = blackFrames > before;
      });
      ended.push(record);
    });
    instance.setColor({ priority: 10, durationMs: 200, origin: 'test' }, [9, 0, 0]);
    await until(() => lines(output).at(-1)?.startsWith(' [{9,0,0}'));
    await until(() => lines(output).at(-1) === ' [{0,0,0}{0,0,0}{0,0,0}{0,0,0}]');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.at).toBeGreaterThanOrEqual(ended[0]?.expiresAt ?? Infinity);
    expect(ended[0]?.blackInSameTurn).toBe(true);
    expect(instance.view.priorities).toEqual([]);
    await instance.close();
  });

  it('smooths linearly towards a new colour', async () => {
    // A second-long ramp: even on a loaded machine, whose timers run late, some steps show.
    const { instance } = instanceWith({
      smoothing: { enable: true, type: 'linear', time_ms: 1000, updateFrequency: 50 },
    });
    const seen: number[] = [];
    instance.on('leds', (frame) => seen.push(frame[0] ?? 0));
    await instance.start();
    instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [20, 0, 0]);
    await until(() => seen.at(-1) === 20);
    seen.length = 0;
    // A new colour at the same priority ramps from the old one, never through black.
    instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [200, 0, 0]);
    await until(() => seen.at(-1) === 200);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(20);
    // Intermediate values on the way, rising.
    const ramp = seen.filter((v) => v > 20 && v < 200);
    expect(ramp.length).toBeGreaterThan(0);
    expect([...ramp].sort((a, b) => a - b)).toEqual(ramp);
    await instance.close();
  });

  it('runs the boot effect at priority 1 for its duration, then the background colour', async () => {
    const { instance } = instanceWith({
      // Long enough that the effect surely still runs when start() returns on a loaded machine.
      foregroundEffect: { enable: true, type: 'effect', effect: 'Warm Pulse', duration_ms: 3000 },
      backgroundEffect: { enable: true, type: 'color', color: [0, 0, 9] },
    });
    await instance.start();
    expect(instance.view.activeEffects).toMatchObject([
      { name: 'Warm Pulse', priority: 1, timeout: 3000 },
    ]);
    expect(instance.muxer.get(254)).toBeUndefined();
    await until(() => instance.muxer.get(254)?.component === 'COLOR', 10_000);
    expect(instance.view.activeEffects).toEqual([]);
    // A colour hides the background; clearing it brings the background back.
    instance.setColor({ priority: 50, durationMs: -1, origin: 'test' }, [5, 5, 5]);
    await until(() => instance.muxer.get(254) === undefined);
    instance.clear(50);
    await until(() => instance.muxer.get(254) !== undefined);
    await instance.close();
  });

  it('keeps a background effect running while a short source covers it', async () => {
    const { instance } = instanceWith(
      { backgroundEffect: { enable: true, type: 'effect', effect: 'Warm Pulse' } },
      { backgroundHideGraceMs: 60_000 },
    );
    await instance.start();
    await until(() => instance.effects.children.length === 1);
    const [background] = instance.effects.children;
    expect(background).toMatchObject({ priority: 254, name: 'Warm Pulse' });
    // A notification's colour comes and goes: the background shows again where it left off,
    // its script never restarted.
    instance.setColor({ priority: 50, durationMs: -1, origin: 'test' }, [5, 5, 5]);
    await until(() => instance.view.priorities[0]?.priority === 50);
    expect(instance.view.priorities.map((p) => [p.priority, p.visible])).toEqual([
      [50, true],
      [254, false],
    ]);
    instance.clear(50);
    await until(() => instance.view.priorities[0]?.priority === 254);
    expect(instance.view.priorities[0]?.visible).toBe(true);
    expect(instance.effects.children).toEqual([background]);
    await instance.close();
  });

  it('stops a covered background effect after its grace and starts it anew when uncovered', async () => {
    const { instance } = instanceWith(
      { backgroundEffect: { enable: true, type: 'effect', effect: 'Warm Pulse' } },
      { backgroundHideGraceMs: 50 },
    );
    await instance.start();
    await until(() => instance.effects.children.length === 1);
    const [before] = instance.effects.children;
    instance.setColor({ priority: 50, durationMs: -1, origin: 'test' }, [5, 5, 5]);
    // Covered for longer than its grace: its child is gone and its priority with it.
    await until(() => instance.effects.children.length === 0, 10_000);
    await until(() => instance.muxer.get(254) === undefined);
    await until(() => !children().includes(before?.pid ?? 0), 10_000);
    instance.clear(50);
    await until(() => instance.effects.children.length === 1, 10_000);
    expect(instance.effects.children[0]?.pid).not.toBe(before?.pid);
    await instance.close();
  });

  it('switches ALL off and on: effects stop and come back', async () => {
    const { instance, output } = instanceWith();
    await instance.start();
    await instance.runEffect({ name: 'Warm Pulse', priority: 30, durationMs: -1, origin: 'test' });
    expect(await instance.setComponent('ALL', false)).toEqual({ ok: true });
    expect(instance.view.activeEffects).toEqual([]);
    await until(() => lines(output).at(-1) === ' [{0,0,0}{0,0,0}{0,0,0}{0,0,0}]');
    expect(await instance.setComponent('ALL', true)).toEqual({ ok: true });
    expect(instance.view.activeEffects).toMatchObject([{ name: 'Warm Pulse', priority: 30 }]);
    await instance.close();
  });

  it('shows what it runs through a read-only view that is always current', async () => {
    const { instance, output } = instanceWith({
      color: { imageToLedMappingType: 'unicolor_mean', channelAdjustment: [{ id: 'tv' }] },
    });
    const { view } = instance;
    expect(view).toMatchObject({
      id: 0,
      name: 'test',
      ledCount: LEDS,
      mappingType: 'unicolor_mean',
    });
    expect(view.settings.leds).toHaveLength(LEDS);
    expect([...view.lastColors]).toEqual(new Array(LEDS * 3).fill(0));
    await instance.start();
    await until(() => view.device.state === 'on');
    expect(view.device).toMatchObject({ type: 'file', enabled: true, error: undefined });
    instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [0, 0, 255]);
    await until(() => lines(output).at(-1)?.startsWith(' [{0,0,255}'));
    expect(view.priorities).toMatchObject([
      { componentId: 'COLOR', priority: 10, visible: true, value: { RGB: [0, 0, 255] } },
    ]);
    expect([...view.lastColors.subarray(0, 3)]).toEqual([0, 0, 255]);
    expect(instance.adjust({ id: 'tv', brightness: 50 })).toEqual({ ok: true });
    expect(view.adjustments).toMatchObject([{ id: 'tv', brightness: 50 }]);
    expect(await instance.setComponent('SMOOTHING', false)).toEqual({ ok: true });
    expect(view.components).toContainEqual({ enabled: false, name: 'SMOOTHING' });
    await instance.runEffect({ name: 'Warm Pulse', priority: 5, durationMs: -1, origin: 'test' });
    expect(view.activeEffects).toMatchObject([{ name: 'Warm Pulse', priority: 5 }]);
    expect(view.effectProblems).toEqual([]);
    // Read-only: a reader cannot change the instance through it.
    expect(() => {
      (view as { mappingType: string }).mappingType = 'multicolor_mean';
    }).toThrow(TypeError);
    expect(view.mappingType).toBe('unicolor_mean');
    await instance.close();
  });

  it('reports each failure as a code with its parameters, in no wire protocol’s words', async () => {
    const { instance } = instanceWith();
    await instance.start();
    const source = { priority: 30, durationMs: -1, origin: 'test' };
    const failures = [
      await instance.runEffect({ ...source, name: 'No Such' }),
      await instance.runEffect({ ...source, name: 'Warm Pulse', args: { period: 'slow' } }),
      await instance.runEffect({ ...source, name: 'X', pythonScript: ':/effects/none.py' }),
      await instance.setComponent('AUDIO', true),
      await instance.setComponent('TOASTER', true),
      instance.adjust({ id: 'lamp', brightness: 10 }),
    ];
    expect(await instance.setComponent('ALL', false)).toEqual({ ok: true });
    failures.push(instance.setColor(source, [1, 2, 3]));
    const known = [
      'ALL',
      'SMOOTHING',
      'BLACKBORDER',
      'FORWARDER',
      'BOBLIGHTSERVER',
      'GRABBER',
      'V4L',
      'LEDDEVICE',
    ];
    expect(
      failures.map((f) => (f.ok ? f : { code: f.error.code, details: f.error.details })),
    ).toEqual([
      { code: 'effect-not-found', details: { name: 'No Such' } },
      {
        code: 'effect-args-invalid',
        details: {
          violations: [{ pointer: '/period', rule: 'must be a number, not "slow"' }],
        },
      },
      {
        code: 'effect-script-unknown',
        details: {
          script: ':/effects/none.py',
          known: expect.arrayContaining([':/effects/pulse.py']),
        },
      },
      { code: 'component-unavailable', details: { name: 'AUDIO', known } },
      { code: 'component-unknown', details: { name: 'TOASTER', known } },
      { code: 'adjustment-not-found', details: { id: 'lamp', known: ['neutral'] } },
      { code: 'instance-off', details: {} },
    ]);
    // The messages are plain lines for a log: no JSON pointer into a request, no reply text.
    for (const failure of failures) {
      if (failure.ok) continue;
      expect(failure.error.message).not.toMatch(/serverinfo|componentstate|Invalid params|^\//);
      expect(failure.error.message).not.toContain('\n');
    }
    expect(instance.view.priorities).toEqual([]);
    await instance.close();
  });

  it('leaves no process, timer or file handle after close, and after a restart', async () => {
    const fds = () => readdirSync('/proc/self/fd').length;
    const handlesBefore = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
    const fdsBefore = fds();
    for (let round = 0; round < 2; round++) {
      const { instance } = instanceWith({
        smoothing: { enable: true, type: 'linear', time_ms: 100, updateFrequency: 25 },
        device: {
          type: 'file',
          output: join(dir, `restart-${round}.txt`),
          hardwareLedCount: LEDS,
          rewriteTime: 50,
        },
      });
      await instance.start();
      await instance.runEffect({
        name: 'Rainbow Wave',
        priority: 30,
        durationMs: -1,
        origin: 'test',
      });
      await instance.runEffect({ name: 'Scanner', priority: 40, durationMs: -1, origin: 'test' });
      expect(children().length).toBe(2);
      await instance.close();
      expect(children()).toEqual([]);
    }
    // Closed pipes and sockets leave the handle list a few turns later (later still on a busy
    // machine); a leak never does.
    await vi.waitFor(
      () => {
        expect(
          process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length,
        ).toBeLessThanOrEqual(handlesBefore);
        expect(fds()).toBeLessThanOrEqual(fdsBefore);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});

/** The bundled effects and one more, `name`, running `source` as `file`. */
async function catalogueWith(name: string, file: string, source: string): Promise<EffectCatalogue> {
  const folder = join(dir, `effects-${file.replace(/\.py$/, '')}`);
  writeEffect(folder, name, file, source);
  const loaded = await EffectCatalogue.load({
    bundledDir: BUNDLED,
    paths: [folder],
    disable: [],
    rootDir: dir,
  });
  expect(loaded.problems).toEqual([]);
  return loaded;
}

describe('LedInstance: an effect that ignores a stop', () => {
  /** A catalogue with one effect whose script never polls abort(). */
  const stubbornCatalogue = () =>
    catalogueWith(
      'Stubborn',
      'stubborn.py',
      'import hyperion, time\nwhile True:\n    hyperion.setColor(9, 9, 9)\n    time.sleep(0.05)\n',
    );

  it.each([
    ['its priority is cleared', (instance: LedInstance) => instance.clear(40)],
    [
      'a colour takes its priority',
      (instance: LedInstance) =>
        instance.setColor({ priority: 40, durationMs: -1, origin: 'test' }, [1, 2, 3]),
    ],
  ])('logs and keeps the kill when %s', async (_case, stop) => {
    const custom = await stubbornCatalogue();
    const logs: string[] = [];
    const { instance } = instanceWith(
      {},
      {
        catalogue: () => custom,
        effectLimits: { abortGraceMs: 200 },
        log: (level, message) => logs.push(`${level}: ${message}`),
      },
    );
    await instance.start();
    expect(
      await instance.runEffect({ name: 'Stubborn', priority: 40, durationMs: -1, origin: 'test' }),
    ).toEqual({ ok: true });
    stop(instance);
    const message =
      "Effect 'Stubborn' was killed: it did not end within 200 ms of being stopped; its script should check hyperion.abort() more often";
    await until(() => logs.includes(`warn: ${message}`), 15_000);
    expect(instance.view.effectProblems).toMatchObject([
      { name: 'Stubborn', priority: 40, reason: 'killed', message },
    ]);
    expect(children()).toEqual([]);
    await instance.close();
  });
});

describe('LedInstance: an effect that fails at start', () => {
  it('answers the failure once, logs what the script printed first, and gives the priority up', async () => {
    const custom = await catalogueWith(
      'Broken',
      'broken.py',
      'import hyperion\nprint("reading my settings")\nraise ValueError("no settings")\n',
    );
    const logs: string[] = [];
    const { instance } = instanceWith(
      {},
      {
        catalogue: () => custom,
        log: (level, message) => logs.push(`${level}: ${message}`),
        // A script counts as started 1 s after READY by default; a loaded machine can take that
        // long to run its first lines, and the failure would then be a stop, not a refusal.
        effectLimits: { startTimeoutMs: 60_000 },
      },
    );
    await instance.start();
    const message = "Effect 'Broken' failed: ValueError: no settings (broken.py line 3)";
    expect(
      await instance.runEffect({ name: 'Broken', priority: 40, durationMs: -1, origin: 'test' }),
    ).toEqual({
      ok: false,
      error: {
        code: 'effect-start-failed',
        message,
        details: { exit: expect.objectContaining({ reason: 'failed', message }) },
      },
    });
    expect(logs).toContain("info: effect 'Broken': reading my settings");
    expect(logs).toContain("warn: effect 'Broken': ValueError: no settings");
    expect(instance.view.effectProblems).toMatchObject([
      { name: 'Broken', priority: 40, reason: 'failed', message },
    ]);
    expect(instance.view.priorities.map((p) => p.priority)).not.toContain(40);
    expect(instance.view.activeEffects).toEqual([]);
    await instance.close();
    expect(children()).toEqual([]);
  });
});

describe('LedInstance: an effect folder copied from Hyperion.ng', () => {
  /** Hyperion.ng's gif.py as it reads its args and pictures, trimmed to the file source. */
  const GIF_PY = [
    'import hyperion, time',
    '',
    "imageFile = hyperion.args.get('file')",
    "framesPerSecond = float(hyperion.args.get('fps', 25))",
    "reverse = bool(hyperion.args.get('reverse', False))",
    "cropLeft = int(hyperion.args.get('cropLeft', 0))",
    "cropTop = int(hyperion.args.get('cropTop', 0))",
    "cropRight = int(hyperion.args.get('cropRight', 0))",
    "cropBottom = int(hyperion.args.get('cropBottom', 0))",
    "grayscale = bool(hyperion.args.get('grayscale', False))",
    '',
    'sleepTime = 1./framesPerSecond',
    'imageFrameList = []',
    'if imageFile:',
    '    imageFrameList = hyperion.getImage(imageFile, cropLeft, cropTop, cropRight, cropBottom, grayscale)',
    '    if imageFrameList and reverse:',
    '        imageFrameList.reverse()',
    '',
    'while not hyperion.abort() and imageFrameList:',
    '    for image in imageFrameList:',
    '        if hyperion.abort():',
    '            break',
    "        hyperion.setImage(image['imageWidth'], image['imageHeight'], image['imageData'])",
    '        time.sleep(sleepTime)',
    '',
  ].join('\n');

  /** Hyperion.ng's effects/fire.json, as it is. */
  const FIRE_JSON = `{
\t"name" : "Fire",
\t"script" : "gif.py",
\t"args" :
\t{
\t\t"cropBottom": 0,
\t\t"cropLeft": 0,
\t\t"cropRight": 0,
\t\t"cropTop": 0,
\t\t"file" : ":fire.gif",
\t\t"fps" :25,
\t\t"grayscale": false,
\t\t"imageSource": "file",
\t\t"reverse" : false
\t}
}
`;

  const GIF_SCHEMA = {
    type: 'object',
    script: 'gif.py',
    title: 'edt_eff_gif_header',
    required: true,
    properties: {
      imageSource: { type: 'string', title: 'edt_eff_image_source', enum: ['url', 'file'] },
      url: { type: 'string', title: 'edt_eff_url', default: '' },
      file: { type: 'string', title: 'edt_eff_image', default: '' },
      fps: { type: 'integer', title: 'edt_eff_fps', default: 25, minimum: 1, maximum: 100 },
      cropLeft: { type: 'integer', title: 'edt_eff_cropLeft', default: 0, minimum: 0 },
      cropTop: { type: 'integer', title: 'edt_eff_cropTop', default: 0, minimum: 0 },
      cropRight: { type: 'integer', title: 'edt_eff_cropRight', default: 0, minimum: 0 },
      cropBottom: { type: 'integer', title: 'edt_eff_cropBottom', default: 0, minimum: 0 },
      grayscale: { type: 'boolean', title: 'edt_eff_grayscale', default: false },
      reverse: { type: 'boolean', title: 'edt_eff_reverse', default: false },
    },
    additionalProperties: false,
  };

  /** A one-frame 2×2 GIF of one colour. */
  function solidGif(color: number): Uint8Array {
    const buffer = new Uint8Array(256);
    const writer = new GifWriter(buffer, 2, 2, { palette: [color, 0x000000] });
    writer.addFrame(0, 0, 2, 2, [0, 0, 0, 0]);
    return buffer.slice(0, writer.end());
  }

  it.each([
    ['beside its definition and script', 'effect' as const],
    ['in another effects.paths folder', 'shared' as const],
  ])('runs it unchanged with its GIF %s', async (_case, gifIn) => {
    const copied = join(dir, `hyperion-effects-${gifIn}`);
    const shared = join(dir, `hyperion-gifs-${gifIn}`);
    mkdirSync(join(copied, 'schema'), { recursive: true });
    mkdirSync(shared, { recursive: true });
    writeFileSync(join(copied, 'fire.json'), FIRE_JSON);
    writeFileSync(join(copied, 'gif.py'), GIF_PY);
    writeFileSync(join(copied, 'schema', 'gif.schema.json'), JSON.stringify(GIF_SCHEMA));
    writeFileSync(join(gifIn === 'effect' ? copied : shared, 'fire.gif'), solidGif(0xff6600));
    const custom = await EffectCatalogue.load({
      bundledDir: BUNDLED,
      paths: [copied, shared],
      disable: [],
      rootDir: dir,
    });
    expect(custom.problems).toEqual([]);
    const logs: string[] = [];
    const { instance, output } = instanceWith(
      {},
      { catalogue: () => custom, log: (level, message) => logs.push(`${level}: ${message}`) },
    );
    await instance.start();
    expect(
      await instance.runEffect({ name: 'Fire', priority: 40, durationMs: -1, origin: 'test' }),
      logs.join('\n'),
    ).toEqual({ ok: true });
    await until(() => lines(output).at(-1) === ` [${'{255,102,0}'.repeat(LEDS)}]`, 15_000);
    expect(instance.view.effectProblems).toEqual([]);
    await instance.close();
  });
});

describe('LedInstance: black borders', () => {
  // Primaries, which the neutral adjustment passes unchanged.
  const A = [255, 0, 0];
  const B = [0, 0, 255];
  /** Four LEDs, a tenth of the height each: top left, top right, bottom left, bottom right. */
  const edges = [
    { hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1 },
    { hmin: 0.5, hmax: 1, vmin: 0, vmax: 0.1 },
    { hmin: 0, hmax: 0.5, vmin: 0.9, vmax: 1 },
    { hmin: 0.5, hmax: 1, vmin: 0.9, vmax: 1 },
  ];
  /** A letterboxed film, 64×36 with 5-row bars: its upper half A, its lower half B. */
  const film = frame({
    width: 64,
    height: 36,
    bars: 5,
    picture: B as [number, number, number],
    overlays: [{ x: 0, y: 5, width: 64, height: 13, color: A as [number, number, number] }],
  });
  const line = (...colors: number[][]) => ` [${colors.map((c) => `{${c.join(',')}}`).join('')}]`;
  const lit = line(A, A, B, B);
  const dark = line([0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]);

  it('lights the top and bottom LEDs of a letterboxed picture with its edges, not black', async () => {
    const { instance, output } = instanceWith({ leds: edges });
    await instance.start();
    expect(instance.view.components).toEqual([
      { enabled: true, name: 'ALL' },
      { enabled: false, name: 'SMOOTHING' },
      { enabled: true, name: 'BLACKBORDER' },
      { enabled: false, name: 'FORWARDER' },
      { enabled: false, name: 'BOBLIGHTSERVER' },
      { enabled: false, name: 'GRABBER' },
      { enabled: false, name: 'V4L' },
      { enabled: true, name: 'LEDDEVICE' },
    ]);
    instance.setImage({ priority: 50, durationMs: -1, origin: 'test' }, film);
    await until(() => lines(output).at(-1) === lit);
    expect(instance.view.blackBorder.border).toEqual({
      unknown: false,
      horizontal: 6,
      vertical: 0,
    });
    await instance.close();
  });

  it('switches with BLACKBORDER at run time, and starts as the group says', async () => {
    const { instance, output } = instanceWith({ leds: edges });
    const changes: unknown[] = [];
    instance.on('component', (change) => changes.push(change));
    await instance.start();
    instance.setImage({ priority: 50, durationMs: -1, origin: 'test' }, film);
    await until(() => lines(output).at(-1) === lit);
    expect(await instance.setComponent('BLACKBORDER', false)).toEqual({ ok: true });
    // The picture is mapped whole at once: the top and bottom LEDs see the bars.
    await until(() => lines(output).at(-1) === dark);
    expect(instance.view.blackBorder.border.unknown).toBe(true);
    expect(await instance.setComponent('BLACKBORDER', true)).toEqual({ ok: true });
    await until(() => lines(output).at(-1) === lit);
    expect(changes).toEqual([
      { name: 'BLACKBORDER', enabled: false },
      { name: 'BLACKBORDER', enabled: true },
    ]);
    await instance.close();

    const off = instanceWith({ leds: edges, blackborderdetector: { enable: false } });
    await off.instance.start();
    expect(off.instance.view.components).toContainEqual({ enabled: false, name: 'BLACKBORDER' });
    off.instance.setImage({ priority: 50, durationMs: -1, origin: 'test' }, film);
    await until(() => lines(off.output).at(-1) === dark);
    await off.instance.close();
  });

  it('runs the group it was built with', () => {
    const { instance } = instanceWith({
      blackborderdetector: { mode: 'letterbox', threshold: 20 },
    });
    expect(instance.view.blackBorder.settings).toEqual({
      enable: true,
      threshold: 20,
      unknownFrameCnt: 600,
      borderFrameCnt: 50,
      maxInconsistentCnt: 10,
      blurRemoveCnt: 1,
      mode: 'letterbox',
    });
  });

  it('leaves an effect’s picture whole: its bars stay black', async () => {
    const folder = join(dir, 'letterbox-effect');
    mkdirSync(join(folder, 'schema'), { recursive: true });
    writeFileSync(
      join(folder, 'letterbox.json'),
      JSON.stringify({ name: 'Letterbox', script: 'letterbox.py', args: {} }),
    );
    writeFileSync(
      join(folder, 'schema', 'letterbox.schema.json'),
      JSON.stringify({
        type: 'object',
        script: 'letterbox.py',
        title: 'edt_eff_letterbox_header',
        properties: {},
        additionalProperties: false,
      }),
    );
    writeFileSync(
      join(folder, 'letterbox.py'),
      [
        'import hyperion, time',
        `data = bytearray(${JSON.stringify([...film.data])})`,
        'while not hyperion.abort():',
        `    hyperion.setImage(${film.width}, ${film.height}, data)`,
        '    time.sleep(0.05)',
        '',
      ].join('\n'),
    );
    const custom = await EffectCatalogue.load({
      bundledDir: BUNDLED,
      paths: [folder],
      disable: [],
      rootDir: dir,
    });
    expect(custom.problems).toEqual([]);
    // The top edge, a band across the upper half (A with or without the bars), the bottom right.
    const leds = [edges[0], edges[1], { hmin: 0, hmax: 1, vmin: 0.3, vmax: 0.4 }, edges[3]];
    const { instance, output } = instanceWith({ leds }, { catalogue: () => custom });
    await instance.start();
    expect(
      await instance.runEffect({ name: 'Letterbox', priority: 40, durationMs: -1, origin: 'test' }),
    ).toEqual({ ok: true });
    const whole = line([0, 0, 0], [0, 0, 0], A, [0, 0, 0]);
    await until(() => lines(output).at(-1) === whole);
    // The same picture from a picture source, in front of the effect, is mapped inside its bars.
    instance.setImage({ priority: 30, durationMs: -1, origin: 'test' }, film);
    await until(() => lines(output).at(-1) === line(A, A, A, B));
    instance.clear(30);
    await until(() => lines(output).at(-1) === whole);
    await instance.close();
  });
});

describe('LedInstance: a serial device that is lost', () => {
  let cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups = [];
  });

  /** A pty pair whose device end `link` points to, as a udev name points to a USB port. */
  async function plugIn(link: string): Promise<PtyPair> {
    const pair = await openPtyPair();
    cleanups.push(() => pair.close());
    await symlink(pair.device, `${link}.new`);
    await rename(`${link}.new`, link);
    return pair;
  }

  /**
   * An instance on an adalight device at `link` that retries every `interval` s, whose port is
   * then pulled out; its component pushes.
   */
  async function lostDevice(name: string, interval: number) {
    const link = join(dir, name);
    const first = await plugIn(link);
    const { instance } = instanceWith({
      device: {
        type: 'adalight',
        output: link,
        hardwareLedCount: LEDS,
        delayAfterConnect: 0,
        enableAttemptsInterval: interval,
      },
    });
    cleanups.push(() => instance.close());
    const pushed: { name: string; enabled: boolean }[] = [];
    instance.on('component', (change) => pushed.push(change));
    await instance.start();
    await until(() => instance.view.device.state === 'on', 15_000);
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'LEDDEVICE' });
    // The cable is pulled: nothing at the link until it is plugged in again.
    await first.close();
    await unlink(link);
    await until(() => pushed.length > 0, 15_000);
    expect(pushed).toEqual([{ name: 'LEDDEVICE', enabled: false }]);
    expect(instance.view.device.state).toBe('error');
    expect(instance.view.components).toContainEqual({ enabled: false, name: 'LEDDEVICE' });
    // What the user asked for is kept.
    expect(instance.components.get('LEDDEVICE')).toBe(true);
    return { instance, link, pushed };
  }

  it('shows LEDDEVICE off while the port is gone, and on again when the device reconnects', async () => {
    const { instance, link, pushed } = await lostDevice('ttyLOST0', 5); // ng's shortest
    await plugIn(link);
    // The device's own retry, enableAttemptsInterval later, brings it back.
    await until(() => pushed.length > 1, 30_000);
    expect(pushed).toEqual([
      { name: 'LEDDEVICE', enabled: false },
      { name: 'LEDDEVICE', enabled: true },
    ]);
    expect(instance.view.device.state).toBe('on');
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'LEDDEVICE' });
  });

  it('takes componentstate LEDDEVICE true while lost, and tries the device again at once', async () => {
    // Retries two minutes apart: back within this test only by being tried at once.
    const { instance, link, pushed } = await lostDevice('ttyLOST1', 120);
    expect(await instance.setComponent('LEDDEVICE', true)).toEqual({ ok: true });
    expect(instance.view.device.error).toContain('cannot open serial port');
    expect(instance.view.components).toContainEqual({ enabled: false, name: 'LEDDEVICE' });
    expect(pushed).toHaveLength(1);
    await plugIn(link);
    expect(await instance.setComponent('LEDDEVICE', true)).toEqual({ ok: true });
    expect(instance.view.device.state).toBe('on');
    expect(pushed.at(-1)).toEqual({ name: 'LEDDEVICE', enabled: true });
    expect(instance.view.components).toContainEqual({ enabled: true, name: 'LEDDEVICE' });
  });
});

describe('LedInstance with a WLED', () => {
  it('started off (the service suspended), never contacts the WLED until ALL is switched on', async () => {
    const wled = await WledStandIn.start();
    const before = wled.snapshot();
    try {
      const device = (config: DeviceConfig) =>
        new WledDevice(config as RunDevice<'wled'>, {
          ddpPort: wled.ddpPort,
          rawPort: wled.rawPort,
          timeoutMs: 500,
        });
      const { instance } = instanceWith(
        {
          device: { type: 'wled', host: wled.host, hardwareLedCount: LEDS },
          backgroundEffect: { enable: true, type: 'color', color: [0, 0, 255] },
        },
        { deviceTypes: new Map([['wled', device]]) },
      );
      instance.startOff();
      await instance.start();
      await instance.device.flush();
      expect(instance.view.components).toContainEqual({ enabled: false, name: 'ALL' });
      expect(instance.view.device.state).toBe('off');
      expect(instance.muxer.inputs).toEqual([]);
      expect(wled.requests).toEqual([]);

      expect(await instance.setComponent('ALL', true)).toEqual({ ok: true });
      // The background colour shows: the WLED is taken over now.
      await until(() => wled.live === true);
      const frames = await wled.waitForFrames('ddp', 1);
      expect([...(frames.at(-1) ?? [])].slice(0, 3)).toEqual([0, 0, 255]);
      // Suspended again: the WLED is handed back (live off, its own state) and the device closed.
      expect(await instance.setComponent('ALL', false)).toEqual({ ok: true });
      await until(() => wled.live === false);
      expect(wled.state).toEqual(before);
      expect(instance.view.device.state).toBe('off');
      await instance.close();
    } finally {
      await wled.close();
    }
  });

  it('hands the WLED back whenever nothing is shown, and when the instance stops', async () => {
    const wled = await WledStandIn.start();
    const before = wled.snapshot();
    try {
      const device = (config: DeviceConfig) =>
        new WledDevice(config as RunDevice<'wled'>, {
          ddpPort: wled.ddpPort,
          rawPort: wled.rawPort,
          timeoutMs: 500,
        });
      const { instance } = instanceWith(
        { device: { type: 'wled', host: wled.host, hardwareLedCount: LEDS } },
        { deviceTypes: new Map([['wled', device]]) },
      );
      await instance.start();
      // Started with nothing to show: taken over on open, then handed back at once.
      await until(() => wled.posts.length >= 2);
      expect(wled.live).toBe(false);
      instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [255, 0, 0]);
      await until(() => wled.live === true);
      const frames = await wled.waitForFrames('ddp', 1);
      expect([...(frames.at(-1) ?? [])].slice(0, 3)).toEqual([255, 0, 0]);
      instance.clear(10);
      await until(() => wled.live === false);
      expect(wled.state).toEqual(before);
      instance.setColor({ priority: 10, durationMs: -1, origin: 'test' }, [0, 0, 255]);
      await until(() => wled.live === true);
      await instance.close();
      expect(wled.live).toBe(false);
      expect(wled.state).toEqual(before);
    } finally {
      await wled.close();
    }
  });
});
