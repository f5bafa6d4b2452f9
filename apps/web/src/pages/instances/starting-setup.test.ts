import { defaultInstanceSettings, type InstanceSettings } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLASSIC, generateLayout } from '../../components/layout-generator/layouts.js';
import { withSpec } from '../../components/layout-generator/stored-spec.js';
import { startingSetup } from './starting-setup.js';

describe("a new instance's set-up", () => {
  it("starts a new instance's one-LED layout as the default frame, the device counting its LEDs", () => {
    const settings = defaultInstanceSettings() as InstanceSettings;
    expect(settings.leds).toHaveLength(1);
    const start = startingSetup(settings);
    const frame =
      DEFAULT_CLASSIC.top + DEFAULT_CLASSIC.right + DEFAULT_CLASSIC.bottom + DEFAULT_CLASSIC.left;
    expect(start.spec).toEqual({ kind: 'classic', ...DEFAULT_CLASSIC });
    expect(start.leds).toHaveLength(frame);
    expect(start.device).toMatchObject({ type: 'virtual', hardwareLedCount: frame });
  });

  it('keeps a layout of its own as stored, with the inputs that made it', () => {
    const settings = defaultInstanceSettings() as InstanceSettings;
    const spec = {
      kind: 'matrix' as const,
      width: 4,
      height: 2,
      start: 'top-left' as const,
      order: 'rows' as const,
      serpentine: false,
    };
    const made = generateLayout(spec);
    if (!made.ok) throw new Error('the matrix should be valid');
    const own = {
      ...settings,
      device: { ...settings.device, hardwareLedCount: 8 },
      leds: made.leds,
      ledConfig: withSpec(settings.ledConfig, spec),
    } as InstanceSettings;
    const start = startingSetup(own);
    expect(start.leds).toEqual(made.leds);
    expect(start.spec).toEqual(spec);
    expect(start.device.hardwareLedCount).toBe(8);
  });
});
