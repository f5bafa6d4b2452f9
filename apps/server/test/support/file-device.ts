/**
 * What the LEDs show, read where a user would look without hardware: a `file` device, which
 * writes one line per frame (`{r,g,b}` per LED) to its `output`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Configuration } from '../../src/store/config-store.js';
import { configuration } from './configs.js';
import { until } from './until.js';

/**
 * One instance (id 0) of `leds` LEDs on a `file` device writing to `output`, colours passed in
 * rgb order, no smoothing and no boot effect, so that a frame sent is the frame written;
 * `changes` replace whole groups of the instance.
 */
export function fileDeviceConfiguration(
  output: string,
  leds: number,
  changes: Record<string, unknown> = {},
): Configuration {
  const config = configuration([0], leds) as unknown as Configuration;
  const settings = config.instances[0]?.settings as Record<string, unknown>;
  settings.device = { type: 'file', hardwareLedCount: leds, output, colorOrder: 'rgb' };
  settings.smoothing = { enable: false };
  settings.foregroundEffect = { enable: false };
  Object.assign(settings, changes);
  return config;
}

/** The last frame the device wrote, `[r, g, b]` per LED; none before it opened the file. */
export function lastFrame(output: string): number[][] {
  if (!existsSync(output)) return [];
  const last = readFileSync(output, 'utf8').trim().split('\n').at(-1) ?? '';
  return [...last.matchAll(/\{(\d+),(\d+),(\d+)\}/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
  ]);
}

/** The last frame the device wrote, `"r,g,b"` per LED. */
export const lastFrameText = (output: string): string[] =>
  lastFrame(output).map((led) => led.join());

/**
 * Waits (10 s at most) until the device's last frame is `leds` (`"r,g,b"` each); then fails
 * with the frame it shows instead, so the failure says what the LEDs show.
 */
export async function shows(output: string, leds: readonly string[]): Promise<void> {
  try {
    await until(() => JSON.stringify(lastFrameText(output)) === JSON.stringify(leds));
  } catch {
    expect(lastFrameText(output)).toEqual(leds);
  }
}
