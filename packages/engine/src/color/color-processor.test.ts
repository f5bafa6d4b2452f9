import { withDefaults } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { ColorProcessor } from './color-processor.js';

/** The `color` group of Hyperion.ng's shipped default settings. */
const shipped = {
  imageToLedMappingType: 'multicolor_mean',
  channelAdjustment: [
    {
      id: 'default',
      leds: '*',
      white: [255, 255, 255],
      red: [255, 0, 0],
      green: [0, 255, 0],
      blue: [0, 0, 255],
      cyan: [0, 255, 255],
      magenta: [255, 0, 255],
      yellow: [255, 255, 0],
      gammaRed: 2.2,
      gammaGreen: 2.2,
      gammaBlue: 2.2,
      backlightThreshold: 0,
      backlightColored: false,
      brightness: 100,
      brightnessCompensation: 100,
      saturationGain: 1.0,
      brightnessGain: 1.0,
      temperature: 6600,
    },
  ],
};

const withEntry = (entry: Record<string, unknown>) => ({
  channelAdjustment: [{ ...shipped.channelAdjustment[0], ...entry }],
});

/** The processor of a stored `color` group, completed as the server hands it over. */
const processorOf = (group: unknown, ledCount: number) =>
  ColorProcessor.fromSettings(withDefaults('color', group), ledCount);

function applied(processor: ColorProcessor, rgb: number[], backlight = true): number[] {
  const frame = Uint8Array.from(rgb);
  processor.apply(frame, { backlight });
  return [...frame];
}

describe('ColorProcessor with the shipped defaults', () => {
  const processor = processorOf(shipped, 4);

  it('dims white to 85 and mixes to 128 (brightness 100, compensation 100), keeps red', () => {
    expect(applied(processor, [255, 255, 255, 255, 255, 0, 255, 0, 0, 0, 0, 0])).toEqual([
      85, 85, 85, 128, 128, 0, 255, 0, 0, 0, 0, 0,
    ]);
    expect(processor.warnings).toEqual([]);
  });

  it('applies gamma 2.2 before the decomposition', () => {
    // 128 → 55 each; R/G/B corners 33, C/M/Y 9 → trunc(128·9·255/65025) = 4, W 2 → 0.
    expect(applied(processor, [128, 128, 128])).toEqual([41, 41, 41]);
    // 128 → 55 on red alone: 55.
    expect(applied(processor, [128, 0, 0])).toEqual([55, 0, 0]);
  });

  it('turns full red into (85, 0, 0) at brightness 50', () => {
    const half = processorOf(withEntry({ brightness: 50 }), 1);
    expect(applied(half, [255, 0, 0])).toEqual([85, 0, 0]);
  });

  it("lists adjustments with serverinfo's keys in ng's order", () => {
    expect(Object.keys(processor.adjustments[0] ?? {})).toEqual([
      'id',
      'white',
      'red',
      'green',
      'blue',
      'cyan',
      'magenta',
      'yellow',
      'backlightThreshold',
      'backlightColored',
      'brightness',
      'brightnessCompensation',
      'gammaRed',
      'gammaGreen',
      'gammaBlue',
      'saturationGain',
      'brightnessGain',
      'temperature',
      'leds',
    ]);
    expect(processor.adjustments[0]).toMatchObject({ id: 'default', gammaRed: 2.2, leds: '*' });
  });
});

describe('ColorProcessor defaults and warnings', () => {
  it("gives an entry's missing keys the schema's defaults: gamma 2.2, compensation 100", () => {
    const processor = processorOf({ channelAdjustment: [{ leds: '*' }] }, 1);
    expect(applied(processor, [128, 0, 0])).toEqual([55, 0, 0]);
    expect(applied(processor, [255, 255, 255])).toEqual([85, 85, 85]);
    expect(processor.adjustments[0]).toMatchObject({
      id: 'default',
      gammaRed: 2.2,
      brightness: 100,
      brightnessCompensation: 100,
      temperature: 6600,
    });
  });

  it('uses the shipped adjustment when the group has none', () => {
    for (const color of [undefined, {}]) {
      const processor = processorOf(color, 1);
      expect(applied(processor, [255, 255, 255])).toEqual([85, 85, 85]);
      expect(processor.adjustments[0]?.gammaRed).toBe(2.2);
      expect(processor.warnings).toEqual([]);
    }
  });

  it('runs the bounds the schema allows as they are (gamma 100, temperature 1000)', () => {
    const processor = processorOf(withEntry({ gammaRed: 100, temperature: 1000 }), 1);
    expect(processor.adjustments[0]).toMatchObject({ gammaRed: 100, temperature: 1000 });
    expect(processor.warnings).toEqual([]);
  });

  it('passes colours unchanged with an empty channelAdjustment', () => {
    const processor = processorOf({ channelAdjustment: [] }, 1);
    expect(applied(processor, [255, 255, 255])).toEqual([255, 255, 255]);
    expect(processor.warnings).toEqual(['channelAdjustment is empty; colours pass unchanged']);
    expect(processor.patch({ brightness: 50 })).toMatchObject({
      ok: false,
      error: { code: 'adjustment-none', details: {} },
    });
  });
});

describe('ColorProcessor LED ranges', () => {
  const red6 = [255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0];

  it('gives each LED the last entry that covers it, single indices included', () => {
    const processor = processorOf(
      {
        channelAdjustment: [
          { id: 'all', leds: '*' },
          { id: 'dim', leds: '1-2, 4', brightness: 50 },
        ],
      },
      6,
    );
    expect(applied(processor, red6)).toEqual([
      255, 0, 0, 85, 0, 0, 85, 0, 0, 255, 0, 0, 85, 0, 0, 255, 0, 0,
    ]);
  });

  it('leaves LEDs no entry covers unchanged', () => {
    const processor = processorOf({ channelAdjustment: [{ leds: '0', brightness: 0 }] }, 2);
    expect(applied(processor, [255, 0, 0, 12, 34, 56])).toEqual([0, 0, 0, 12, 34, 56]);
  });

  it('reports lists it cannot read and LEDs beyond the layout', () => {
    const processor = processorOf(
      {
        channelAdjustment: [
          { id: 'a', leds: '0;1', brightness: 0 },
          { id: 'b', leds: '4-9, 2-1, 20', brightness: 0 },
        ],
      },
      6,
    );
    expect(applied(processor, red6)).toEqual([
      255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(processor.warnings).toEqual([
      'channelAdjustment[0].leds: "0;1" is not "*" or a list like "0-9,12"; the adjustment covers no LED',
      'channelAdjustment[1].leds: "4-9" goes beyond the 6 LEDs of the layout; it stops at 5',
      'channelAdjustment[1].leds: "2-1" runs backwards; it is ignored',
      'channelAdjustment[1].leds: "20" is beyond the 6 LEDs of the layout',
    ]);
  });
});

describe('ColorProcessor backlight', () => {
  it('lifts dark colours to the floor only when asked', () => {
    const processor = processorOf(withEntry({ backlightThreshold: 50 }), 1);
    expect(applied(processor, [0, 0, 0], true)).toEqual([85, 85, 85]);
    expect(applied(processor, [0, 0, 0], false)).toEqual([0, 0, 0]);
  });
});

describe('ColorProcessor.patch (the adjustment command)', () => {
  const two = () =>
    processorOf(
      {
        channelAdjustment: [
          { ...shipped.channelAdjustment[0], id: 'tv', leds: '0' },
          { ...shipped.channelAdjustment[0], id: 'desk', leds: '1' },
        ],
      },
      2,
    );

  it('patches the first entry when there is no id, and rebuilds its tables', () => {
    const processor = two();
    const result = processor.patch({ brightness: 50 });
    expect(result).toMatchObject({ ok: true, adjustment: { id: 'tv', brightness: 50 } });
    expect(applied(processor, [255, 0, 0, 255, 0, 0])).toEqual([85, 0, 0, 255, 0, 0]);
    expect(processor.adjustments[0]?.brightness).toBe(50);
  });

  it('patches the entry with the given id', () => {
    const processor = two();
    expect(processor.patch({ id: 'desk', red: [0, 0, 255], gammaRed: 1 }).ok).toBe(true);
    expect(applied(processor, [255, 0, 0, 255, 0, 0])).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it('answers an unknown id with the known ids (ng sends no reply)', () => {
    expect(two().patch({ id: 'lamp', brightness: 10 })).toMatchObject({
      ok: false,
      error: { code: 'adjustment-not-found', details: { id: 'lamp', known: ['tv', 'desk'] } },
    });
  });

  // A bad value never reaches the processor: protocol's parseAdjustmentRequest refuses it
  // (packages/protocol/test/adjustment.test.ts; on a server, apps/server/test/adjustment-command.test.ts).
  it('changes nothing when the id is unknown', () => {
    const processor = two();
    expect(processor.patch({ id: 'lamp', brightness: 10 }).ok).toBe(false);
    expect(processor.adjustments.map((a) => a.brightness)).toEqual([100, 100]);
    expect(applied(processor, [255, 0, 0, 255, 0, 0])).toEqual([255, 0, 0, 255, 0, 0]);
  });

  it("keeps the entry's key order, and copies the patch's triples", () => {
    const processor = two();
    const white: [number, number, number] = [255, 255, 0];
    const result = processor.patch({ id: 'desk', white, brightness: 90 });
    white[2] = 255;
    expect(Object.keys(processor.adjustments[1] ?? {})).toEqual(
      Object.keys(processor.adjustments[0] ?? {}),
    );
    expect(result).toMatchObject({ ok: true, adjustment: { white: [255, 255, 0] } });
    expect(processor.adjustments[1]?.white).toEqual([255, 255, 0]);
  });
});
