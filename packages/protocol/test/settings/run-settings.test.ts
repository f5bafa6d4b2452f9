import { describe, expect, it } from 'vitest';
import {
  defaultDevice,
  defaultGroup,
  defaultInstanceSettings,
  instanceRunSettings,
  RUN_GROUPS,
  validateGroup,
  withDefaults,
} from '../../src/index.js';

describe('withDefaults', () => {
  it('fills every key a partial group leaves out, at every depth, and keeps unknown keys', () => {
    const color = withDefaults('color', {
      channelAdjustment: [{ id: 'tv', brightness: 40 }],
      futureOption: 1,
    });
    const entry = color.channelAdjustment[0];
    expect(entry).toMatchObject({ id: 'tv', brightness: 40, gammaRed: 2.2, temperature: 6600 });
    // Keys a new configuration leaves out are filled too (they are outside defaultProperties).
    expect(color).toMatchObject({ accuracyLevel: 2, reducedPixelSetFactorFactor: '0' });
    expect(color.imageToLedMappingType).toBe('multicolor_mean');
    expect(color.futureOption).toBe(1);
  });

  it('fills a missing group as a whole, every key included', () => {
    expect(withDefaults('smoothing', undefined)).toEqual(defaultGroup('smoothing'));
    expect(withDefaults('color', undefined)).toMatchObject({
      ...defaultGroup('color'),
      accuracyLevel: 2,
    });
  });

  it("fills a device from its type's schema, and a type Glowkit lacks from the common keys", () => {
    expect(withDefaults('device', { type: 'wled', host: 'wled.local' })).toEqual({
      ...defaultDevice('wled'),
      host: 'wled.local',
      // A new device leaves segments out (defaultProperties); its keys have defaults.
      segments: { streamSegmentId: -1, switchOffOtherSegments: true },
    });
    expect(withDefaults('device', { type: 'ws2812spi', rate: 1 })).toEqual({
      ...defaultGroup('device'),
      type: 'ws2812spi',
      rate: 1,
    });
  });

  it("leaves an LED's own colour order out when it has none (the device's applies)", () => {
    const [plain, own] = withDefaults('leds', [
      { hmin: 0, hmax: 0.5, vmin: 0, vmax: 1 },
      { hmin: 0.5, hmax: 1, vmin: 0, vmax: 1, colorOrder: 'grb' },
    ]);
    expect(plain).not.toHaveProperty('colorOrder');
    expect(own?.colorOrder).toBe('grb');
  });

  it('fills the black-border group the engine runs the detector with', () => {
    expect(withDefaults('blackborderdetector', { mode: 'osd' })).toEqual({
      enable: true,
      threshold: 5,
      unknownFrameCnt: 600,
      borderFrameCnt: 50,
      maxInconsistentCnt: 10,
      blurRemoveCnt: 1,
      mode: 'osd',
    });
    expect(instanceRunSettings({}).blackborderdetector).toEqual(
      defaultGroup('blackborderdetector'),
    );
  });

  it('leaves the value it was given unchanged', () => {
    const given = { enable: false };
    withDefaults('smoothing', given);
    expect(given).toEqual({ enable: false });
  });

  it('gives valid groups for the default configuration', () => {
    const settings = instanceRunSettings(defaultInstanceSettings());
    for (const name of RUN_GROUPS) expect(validateGroup(name, settings[name]), name).toEqual([]);
  });
});

describe('instanceRunSettings', () => {
  it('rewrites the old shapes a restored group may still hold, as the migration at open does', () => {
    const settings = instanceRunSettings({
      device: { type: ' AdaLight ', lightberry_apa102_mode: true, rate: 500000 },
    });
    expect(settings.device).toMatchObject({
      type: 'adalight',
      streamProtocol: '1',
      rate: 500000,
      // Hyperion.ng writes the rate alone: the list's default must not replace it.
      rateList: 'CUSTOM',
    });
    expect(
      instanceRunSettings({ device: { type: 'adalight', rate: 921600 } }).device,
    ).toMatchObject({ rateList: '921600', rate: 921600 });
  });

  it('does not change the stored groups it reads', () => {
    const stored = { device: { type: 'ADALIGHT', rate: 500000 } };
    instanceRunSettings(stored);
    expect(stored).toEqual({ device: { type: 'ADALIGHT', rate: 500000 } });
  });
});
