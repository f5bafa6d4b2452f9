import { instanceRunSettings } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { LedLayout } from './led-layout.js';

/** `count` LEDs side by side across the top tenth of the picture. */
const topRow = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    hmin: i / count,
    hmax: (i + 1) / count,
    vmin: 0,
    vmax: 0.08,
  }));

/** A classic frame: 8 LEDs along the top and bottom, 4 down each side, 1/8 deep. */
const frame = () => [
  ...Array.from({ length: 8 }, (_, i) => ({
    hmin: i / 8,
    hmax: (i + 1) / 8,
    vmin: 0,
    vmax: 0.125,
  })),
  ...Array.from({ length: 4 }, (_, j) => ({
    hmin: 0.875,
    hmax: 1,
    vmin: j / 4,
    vmax: (j + 1) / 4,
  })),
  ...Array.from({ length: 8 }, (_, i) => ({
    hmin: 1 - (i + 1) / 8,
    hmax: 1 - i / 8,
    vmin: 0.875,
    vmax: 1,
  })),
  ...Array.from({ length: 4 }, (_, j) => ({
    hmin: 0,
    hmax: 0.125,
    vmin: 1 - (j + 1) / 4,
    vmax: 1 - j / 4,
  })),
];

describe('LedLayout', () => {
  it("takes Hyperion.ng's default one-LED layout as a 1×1 canvas", () => {
    const layout = LedLayout.fromSettings([{ hmax: 1, hmin: 0, vmax: 0.08, vmin: 0 }], {
      hardwareLedCount: 1,
    });
    expect(layout.ledCount).toBe(1);
    expect(layout.gridSize()).toEqual({ width: 1, height: 1 });
    expect(layout.warnings).toEqual([]);
  });

  it('sizes the effect canvas by distinct LED centres, fixing flat layouts', () => {
    // 30 centres across, 1 down: 30 ≥ 3·1, so the height becomes 30/2.
    expect(LedLayout.fromSettings(topRow(30), { hardwareLedCount: 30 }).gridSize()).toEqual({
      width: 30,
      height: 15,
    });
    // Across: the 8 top/bottom centres (62, 187 … 937); the sides' 62 and 937 repeat them.
    // Down: 62 and 937 for top and bottom, 125/375/625/875 for the sides: 6.
    const classic = LedLayout.fromSettings(frame(), { hardwareLedCount: 24 });
    expect(classic.ledCount).toBe(24);
    expect(classic.gridSize()).toEqual({ width: 8, height: 6 });
  });

  it('fits the canvas into 80×80 keeping its aspect ratio', () => {
    // 200 × 1 → 200 × 100 → 80 × 40.
    expect(LedLayout.fromSettings(topRow(200), { hardwareLedCount: 200 }).gridSize()).toEqual({
      width: 80,
      height: 40,
    });
  });

  it('keeps a slightly tall canvas undistorted (ng made 5×6 into 3×6)', () => {
    const matrix = (columns: number, rows: number) =>
      Array.from({ length: columns * rows }, (_, n) => {
        const c = n % columns;
        const r = Math.floor(n / columns);
        return { hmin: c / columns, hmax: (c + 1) / columns, vmin: r / rows, vmax: (r + 1) / rows };
      });
    expect(LedLayout.fromSettings(matrix(5, 6), { hardwareLedCount: 30 }).gridSize()).toEqual({
      width: 5,
      height: 6,
    });
    // A height over twice the width is still corrected, as in ng: 4 × 11 → 5 × 11.
    expect(LedLayout.fromSettings(matrix(4, 11), { hardwareLedCount: 44 }).gridSize()).toEqual({
      width: 5,
      height: 11,
    });
  });

  it('has min(entries, hardwareLedCount) LEDs and says when it drops some', () => {
    const dropped = LedLayout.fromSettings(topRow(3), { hardwareLedCount: 2 });
    expect(dropped.ledCount).toBe(2);
    expect(dropped.rects).toHaveLength(2);
    expect(dropped.warnings).toEqual([
      'the layout has 3 LEDs but the device 2; LEDs 2…2 are dropped',
    ]);
    const short = LedLayout.fromSettings(topRow(2), { hardwareLedCount: 5 });
    expect(short.ledCount).toBe(2);
    expect(short.warnings).toEqual([]);
  });

  // The schema bounds the edges to 0…1 and refuses a reversed pair, an LED without its four
  // edges and an empty layout (protocol's boundary and relation tests); the migration at open
  // rewrites what an older database holds.
  it('runs the layout shapes from before 2.0.0-alpha.9 as the server hands them over', () => {
    const { leds } = instanceRunSettings({
      leds: [
        { hscan: { minimum: 0, maximum: 0.5 }, vscan: { minimum: 0, maximum: 0.1 } },
        { h: { min: 0.5, max: 1 }, v: { min: 0.9, max: 1 } },
      ],
    });
    const layout = LedLayout.fromSettings(leds, { hardwareLedCount: 2 });
    expect(layout.rects).toEqual([
      { hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1 },
      { hmin: 0.5, hmax: 1, vmin: 0.9, vmax: 1 },
    ]);
  });

  it('blacklists ledBlacklist entries and all-zero rectangles', () => {
    const leds = [...topRow(5), { hmin: 0, hmax: 0, vmin: 0, vmax: 0 }];
    const layout = LedLayout.fromSettings(leds, {
      hardwareLedCount: 6,
      blacklist: [
        { start: 1, num: 2 },
        { start: 5, num: 3 },
      ],
    });
    expect([...layout.blacklist]).toEqual([0, 1, 1, 0, 0, 1]);
    expect(layout.warnings).toEqual([
      'ledBlacklist[1]: LEDs 5…7 go beyond the 6 LEDs of the layout',
    ]);
    const frameBytes = new Uint8Array(18).fill(200);
    layout.applyBlacklist(frameBytes);
    expect([...frameBytes]).toEqual([
      200, 200, 200, 0, 0, 0, 0, 0, 0, 200, 200, 200, 200, 200, 200, 0, 0, 0,
    ]);
  });

  it("keeps each LED's own colour order, and the device's for an LED without one", () => {
    const layout = LedLayout.fromSettings(
      [
        { hmin: 0, hmax: 0.5, vmin: 0, vmax: 1, colorOrder: 'bgr' },
        { hmin: 0.5, hmax: 1, vmin: 0, vmax: 1 },
        { hmin: 0.5, hmax: 1, vmin: 0, vmax: 1, name: 'corner' },
      ],
      { hardwareLedCount: 3 },
    );
    expect(layout.colorOrders).toEqual(['bgr', undefined, undefined]);
    expect(layout.rects[0]?.colorOrder).toBe('bgr');
    expect(layout.warnings).toEqual([]);
  });
});
