import { fileURLToPath } from 'node:url';
import { instanceRunSettings } from '@glowkit/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EffectCatalogue } from '../src/effects/effect-catalogue.js';
import { LedInstance } from '../src/instance/led-instance.js';
import { BUNDLED_EFFECT_NAMES } from './support/bundled-effects.js';

const BUNDLED = fileURLToPath(new URL('../../../effects/', import.meta.url));
const LEDS = 300;

/** A 300-LED frame around a picture: 100 on top and bottom, 50 on each side. */
function frameLayout(): Record<string, number>[] {
  const leds: Record<string, number>[] = [];
  const side = (n: number, at: (i: number) => Record<string, number>) => {
    for (let i = 0; i < n; i++) leds.push(at(i));
  };
  side(100, (i) => ({ hmin: i / 100, hmax: (i + 1) / 100, vmin: 0, vmax: 0.1 }));
  side(50, (i) => ({ hmin: 0.9, hmax: 1, vmin: i / 50, vmax: (i + 1) / 50 }));
  side(100, (i) => ({ hmin: 1 - (i + 1) / 100, hmax: 1 - i / 100, vmin: 0.9, vmax: 1 }));
  side(50, (i) => ({ hmin: 0, hmax: 0.1, vmin: 1 - (i + 1) / 50, vmax: 1 - i / 50 }));
  return leds;
}

let catalogue: EffectCatalogue;
beforeAll(async () => {
  catalogue = await EffectCatalogue.load({
    bundledDir: BUNDLED,
    paths: [],
    disable: [],
    rootDir: BUNDLED,
  });
});

describe('every bundled effect', () => {
  it('loads without problems', () => {
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.effects.length).toBe(16);
  });

  // vitest runs five at a time (maxConcurrency): on two cores each keeps a realistic frame rate.
  const names = BUNDLED_EFFECT_NAMES;
  describe.concurrent.each(names.map((n) => [n]))('%s', (name) => {
    it('runs 2 s on 300 LEDs without error, and its frames change', async () => {
      const instance = new LedInstance({
        id: 0,
        name: 'test',
        settings: instanceRunSettings({
          device: { type: 'virtual', hardwareLedCount: LEDS },
          leds: frameLayout(),
          smoothing: { enable: false },
          foregroundEffect: { enable: false },
        }),
        catalogue: () => catalogue,
        resourceDirs: [BUNDLED],
      });
      const frames = new Set<string>();
      instance.on('leds', (colors) => {
        if (frames.size < 50) frames.add(Buffer.from(colors).toString('base64'));
      });
      try {
        await instance.start();
        // Palette Journey holds each palette for 8 s by design: a short hold shows it changing.
        const args =
          name === 'Palette Journey'
            ? { ...catalogue.find(name)?.args, 'hold-time': 0.5, 'fade-time': 0.5 }
            : undefined;
        const started = await instance.runEffect({
          name,
          args,
          priority: 50,
          durationMs: -1,
          origin: 'test',
        });
        expect(started).toEqual({ ok: true });
        const begun = performance.now();
        // It changes what the LEDs show (however slowly a loaded machine runs it)…
        await vi.waitFor(() => expect(frames.size).toBeGreaterThan(1), { timeout: 30_000 });
        // …and it is still running, without problems, at least 2 s after it started.
        const left = 2000 - (performance.now() - begun);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        expect(instance.view.effectProblems).toEqual([]);
        expect(instance.view.activeEffects.map((e) => e.name)).toEqual([name]);
      } finally {
        await instance.close();
      }
    }, 60_000);
  });
});
