// What the LED tests need besides a browser: a known starting point on the server (a 60-LED frame
// and no boot effect, set through the JSON API the way any client would), and the colours the
// live picture shows, read from its canvas as a person would see them.
import type { Locator } from 'playwright-core';
import { DEFAULT_CLASSIC, generateLayout } from '../../src/components/layout-generator/layouts.js';
import type { Glowkit } from './glowkit.js';

/** One LED's colour on the picture: red, green, blue, 0..255. */
export type Rgb = [number, number, number];

/** Sends one JSON-RPC request with the admin token; resolves with `info`, throws the server's error. */
export async function jsonRpc<T = unknown>(
  glowkit: Glowkit,
  request: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${glowkit.url}/json-rpc`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${glowkit.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  const reply = (await response.json()) as { success: boolean; info?: T; error?: string };
  if (!reply.success) {
    throw new Error(`${JSON.stringify(request).slice(0, 200)} failed: ${JSON.stringify(reply)}`);
  }
  return reply.info as T;
}

/** The 60-LED frame the tests use: 20 along the top and bottom, 10 along each side. */
export const FRAME_60 = { ...DEFAULT_CLASSIC, top: 20, bottom: 20, left: 10, right: 10 };

/**
 * Gives instance 0 a 60-LED frame (and its virtual device 60 LEDs), and switches its boot effect
 * off, so that what the LEDs show is only what a test sets. Rebuilds the instance (the server
 * answers once it runs again).
 */
export async function useFrameOf60Leds(glowkit: Glowkit): Promise<void> {
  const made = generateLayout({ kind: 'classic', ...FRAME_60 });
  if (!made.ok) throw new Error(`the test's frame is invalid: ${JSON.stringify(made.problems)}`);
  const config = await jsonRpc<{ instances: Array<{ settings: Record<string, object> }> }>(
    glowkit,
    { command: 'config', subcommand: 'getconfig' },
  );
  const settings = config.instances[0]?.settings ?? {};
  await jsonRpc(glowkit, {
    command: 'config',
    subcommand: 'setconfig',
    instance: 0,
    config: {
      device: { ...settings.device, hardwareLedCount: made.leds.length },
      leds: made.leds,
      foregroundEffect: { ...settings.foregroundEffect, enable: false },
    },
  });
  // The boot effect may have started before the rebuild (a fresh server runs it for 3 s): gone.
  await jsonRpc(glowkit, { command: 'clear', instance: [0], priority: -1 });
}

/**
 * The colour each LED of a `<gk-led-picture>` shows: the canvas pixel at the middle of each LED's
 * area of the layout (the picture draws every LED as a filled rectangle there).
 */
export function ledColours(picture: Locator): Promise<Rgb[]> {
  return picture.evaluate((element) => {
    const host = element as HTMLElement & {
      layout: ReadonlyArray<{ hmin: number; hmax: number; vmin: number; vmax: number }>;
    };
    const canvas = host.shadowRoot?.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return [];
    const { width, height } = canvas;
    const pixels = context.getImageData(0, 0, width, height).data;
    const at = (fraction: number, size: number) =>
      Math.min(size - 1, Math.max(0, Math.floor(fraction * size)));
    return host.layout.map((led): [number, number, number] => {
      const x = at((led.hmin + led.hmax) / 2, width);
      const y = at((led.vmin + led.vmax) / 2, height);
      const o = (y * width + x) * 4;
      return [pixels[o] ?? 0, pixels[o + 1] ?? 0, pixels[o + 2] ?? 0];
    });
  });
}

/** The brightest channel of the brightest LED: 0 when every LED is dark. */
export function brightest(colours: Rgb[]): number {
  return Math.max(0, ...colours.flat());
}

/** How many different colours the LEDs show. */
export function distinctColours(colours: Rgb[]): number {
  return new Set(colours.map((c) => c.join(','))).size;
}

/** Whether every LED is grey (its channels within `tolerance` of each other) and lit. */
export function allGrey(colours: Rgb[], tolerance = 12): boolean {
  return (
    colours.length > 0 &&
    colours.every((c) => Math.max(...c) - Math.min(...c) <= tolerance && Math.max(...c) > 0)
  );
}
