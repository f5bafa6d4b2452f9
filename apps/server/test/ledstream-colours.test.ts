/**
 * What the `ledcolors` LED stream shows: the colours as chosen, before colour adjustment, colour
 * order and smoothing (Hyperion.ng's `rawLedColors`, engine.md §4 step 2), so that a live view shows
 * what the user picked while the device gets the adjusted, reordered, smoothed frame.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeEffect } from './support/effects.js';
import { fileDeviceConfiguration, lastFrameText } from './support/file-device.js';
import { LiveSocket } from './support/live-socket.js';
import { startServer, type TestServer } from './support/server.js';
import { until } from './support/until.js';

const LEDS = 6;

let t: TestServer | undefined;
let socket: LiveSocket | undefined;
let cleanups: (() => void)[] = [];
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

/**
 * A server whose colours are far from identity: gamma 2.2 and half brightness, a `grb` device, and
 * (unless `smoothing` says otherwise) a slow smoothing, so that the device's frame and the chosen
 * colour differ in every way engine.md lists.
 */
async function start(smoothing: Record<string, unknown>, effectsDir?: string) {
  let output = '';
  t = await startServer({
    prepare: (server) => {
      output = join(server.options.dataDir, 'leds.txt');
      const config = fileDeviceConfiguration(output, LEDS, {
        color: {
          imageToLedMappingType: 'multicolor_mean',
          channelAdjustment: [
            { id: 'default', gammaRed: 2.2, gammaGreen: 2.2, gammaBlue: 2.2, brightness: 50 },
          ],
        },
        smoothing,
      });
      const device = config.instances[0]?.settings.device as Record<string, unknown>;
      device.colorOrder = 'grb';
      if (effectsDir) config.global.settings.effects = { paths: [effectsDir], disable: [] };
      server.store.replace(config, 'test set-up');
    },
  });
  socket = await LiveSocket.open(t.ws, t.token);
  expect(await socket.call({ command: 'ledcolors', subcommand: 'ledstream-start' })).toMatchObject({
    success: true,
  });
  return { output, socket };
}

const leds = (push: Record<string, unknown>) => (push.data as { leds: number[] }).leds;
const streamed = (rgb: readonly number[]) => (push: Record<string, unknown>) =>
  push.command === 'ledcolors-ledstream-update' &&
  JSON.stringify(leds(push)) === JSON.stringify(Array.from({ length: LEDS }, () => rgb).flat());

describe('the LED stream', () => {
  it('streams the colour as chosen, while the device gets it adjusted and reordered', async () => {
    const { output, socket } = await start({ enable: false });
    await socket.call({ command: 'color', priority: 50, color: [255, 96, 0] });
    // Every LED exactly the chosen colour: no push with another value may stand for it.
    const frame = await socket.next(
      (p) => p.command === 'ledcolors-ledstream-update' && leds(p).some((v) => v > 0),
    );
    expect(leds(frame)).toEqual(Array.from({ length: LEDS }, () => [255, 96, 0]).flat());
    // The device's frame is the adjusted one (gamma and brightness), in its own colour order.
    await until(
      () => lastFrameText(output).length === LEDS && lastFrameText(output)[0] !== '0,0,0',
    );
    const device = lastFrameText(output)[0]?.split(',').map(Number) ?? [];
    expect(device).not.toEqual([255, 96, 0]);
    expect(device).not.toEqual([96, 255, 0]);
    // grb: green's byte first, and green was darkened by the gamma.
    expect(device[1]).toBeGreaterThan(device[0] ?? 255);
  });

  it('streams the new colour at once while the smoothing still ramps the device towards it', async () => {
    // A ten-second ramp: the device is surely still on its way when the stream has the colour.
    const { output, socket } = await start({
      enable: true,
      type: 'linear',
      time_ms: 10_000,
      updateFrequency: 25,
    });
    await socket.call({ command: 'color', priority: 50, color: [0, 200, 255] });
    await socket.next(streamed([0, 200, 255]));
    // Meanwhile the device is on its ramp (smoothing comes after what the stream sends).
    await until(() => (lastFrameText(output)[0] ?? '0,0,0') !== '0,0,0');
    // And no stream frame carried a ramp step: every non-black frame is the chosen colour.
    const frames = socket.pushes
      .filter((p) => p.command === 'ledcolors-ledstream-update')
      .map((p) => leds(p).slice(0, 3).join());
    expect(frames.filter((f) => f !== '0,0,0' && f !== '0,200,255')).toEqual([]);
  });

  it("streams a picture's colours as mapped, before the adjustment", async () => {
    const { socket } = await start({ enable: false });
    const reply = await socket.call({
      command: 'image',
      priority: 50,
      imagewidth: 2,
      imageheight: 2,
      imagedata: Buffer.from(Array.from({ length: 4 }, () => [0, 200, 255]).flat()).toString(
        'base64',
      ),
    });
    expect(reply).toMatchObject({ success: true });
    await socket.next(streamed([0, 200, 255]));
  });

  it("streams an effect's colours as its script sets them", async () => {
    const custom = mkdtempSync(join(tmpdir(), 'glowkit-fx-'));
    cleanups.push(() => rmSync(custom, { recursive: true, force: true }));
    writeEffect(
      custom,
      'Orange',
      'orange.py',
      'import hyperion, time\nwhile not hyperion.abort():\n    hyperion.setColor(255, 96, 0)\n    time.sleep(0.1)\n',
    );
    const { socket } = await start({ enable: false }, custom);
    expect(
      await socket.call({ command: 'effect', priority: 50, effect: { name: 'Orange' } }),
    ).toMatchObject({ success: true });
    await socket.next(streamed([255, 96, 0]));
  });
});
