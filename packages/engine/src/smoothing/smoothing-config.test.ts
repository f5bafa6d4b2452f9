import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMOOTHING,
  sanitizeSmoothingConfig,
  smoothingFromEffectArgs,
  smoothingFromSettings,
} from './smoothing-config.js';

describe('DEFAULT_SMOOTHING', () => {
  it('is the shipped default group, frozen', () => {
    expect(DEFAULT_SMOOTHING).toEqual({
      type: 'linear',
      timeMs: 150,
      updateFrequency: 25,
      interpolationRate: 25,
      decay: 1,
      dithering: false,
      updateDelay: 0,
    });
    expect(Object.isFrozen(DEFAULT_SMOOTHING)).toBe(true);
  });
});

describe('smoothingFromSettings', () => {
  it('gives the defaults, enabled, without warnings when the group is missing', () => {
    expect(smoothingFromSettings(undefined)).toEqual({
      enabled: true,
      config: DEFAULT_SMOOTHING,
      warnings: [],
    });
    expect(smoothingFromSettings({})).toEqual({
      enabled: true,
      config: DEFAULT_SMOOTHING,
      warnings: [],
    });
  });

  it('maps every key of a valid group', () => {
    const read = smoothingFromSettings({
      enable: false,
      type: 'decay',
      time_ms: 300,
      updateFrequency: 60.5,
      interpolationRate: 120,
      decay: 2.5,
      dithering: true,
      updateDelay: 3,
      continuousOutput: true, // removed in 2.0.0-alpha.11: old configurations still carry it
    });
    expect(read).toEqual({
      enabled: false,
      config: {
        type: 'decay',
        timeMs: 300,
        updateFrequency: 60.5,
        interpolationRate: 120,
        decay: 2.5,
        dithering: true,
        updateDelay: 3,
      },
      warnings: [],
    });
  });

  it('clamps out-of-range numbers to the schema ranges, one warning each', () => {
    const read = smoothingFromSettings({
      time_ms: 9000,
      updateFrequency: 0,
      interpolationRate: 5000,
      decay: 50,
      updateDelay: -3,
    });
    expect(read.config).toEqual({
      ...DEFAULT_SMOOTHING,
      timeMs: 5000,
      updateFrequency: 1,
      interpolationRate: 1000,
      decay: 20,
      updateDelay: 0,
    });
    expect(read.warnings).toEqual([
      'smoothing.time_ms: 9000 is outside 1..5000; using 5000.',
      'smoothing.updateFrequency: 0 is outside 1..2000; using 1.',
      'smoothing.interpolationRate: 5000 is outside 1..1000; using 1000.',
      'smoothing.decay: 50 is outside 1..20; using 20.',
      'smoothing.updateDelay: -3 is outside 0..2048; using 0.',
    ]);
  });

  it('falls back to the default for values of the wrong type, with a warning', () => {
    const read = smoothingFromSettings({
      enable: 'yes',
      type: 'cubic',
      time_ms: '150',
      dithering: 1,
      updateDelay: null,
    });
    expect(read.enabled).toBe(true);
    expect(read.config).toEqual(DEFAULT_SMOOTHING);
    expect(read.warnings).toEqual([
      'smoothing.enable: "yes" is not true or false; using true.',
      'smoothing.dithering: 1 is not true or false; using false.',
      'smoothing.type: "cubic" is not one of linear, decay; using "linear".',
      'smoothing.time_ms: "150" is not a number; using the default 150.',
      'smoothing.updateDelay: null is not a number; using the default 0.',
    ]);
  });

  it('rounds a fraction where a whole number belongs', () => {
    const read = smoothingFromSettings({ time_ms: 150.6, updateDelay: 1.2 });
    expect(read.config.timeMs).toBe(151);
    expect(read.config.updateDelay).toBe(1);
    expect(read.warnings).toEqual([
      'smoothing.time_ms: 150.6 is not a whole number; using 151.',
      'smoothing.updateDelay: 1.2 is not a whole number; using 1.',
    ]);
  });

  it('reports a group that is not an object and uses the defaults', () => {
    const read = smoothingFromSettings([1, 2]);
    expect(read.config).toEqual(DEFAULT_SMOOTHING);
    expect(read.enabled).toBe(true);
    expect(read.warnings).toEqual([
      'smoothing: expected an object, got an array; using the default smoothing settings.',
    ]);
  });

  it('returns a config the caller may change without touching the defaults', () => {
    const read = smoothingFromSettings({});
    read.config.timeMs = 1;
    expect(DEFAULT_SMOOTHING.timeMs).toBe(150);
  });
});

describe('smoothingFromEffectArgs', () => {
  it('is undefined unless smoothing-custom-settings is exactly true', () => {
    expect(smoothingFromEffectArgs(undefined)).toBeUndefined();
    expect(smoothingFromEffectArgs({})).toBeUndefined();
    expect(smoothingFromEffectArgs({ 'smoothing-custom-settings': false })).toBeUndefined();
    expect(smoothingFromEffectArgs({ 'smoothing-custom-settings': 'true' })).toBeUndefined();
    expect(smoothingFromEffectArgs({ 'smoothing-custom-settings': null })).toBeUndefined();
  });

  it('gives a linear smoothing with the effect time and frequency and no delay', () => {
    // fire.json's arguments.
    expect(
      smoothingFromEffectArgs({
        'smoothing-custom-settings': true,
        'smoothing-time_ms': 100,
        'smoothing-updateFrequency': 30.0,
        'color-start': [255, 0, 0],
      }),
    ).toEqual({
      type: 'linear',
      timeMs: 100,
      updateFrequency: 30,
      interpolationRate: 25,
      decay: 1,
      dithering: false,
      updateDelay: 0,
    });
  });

  it("uses the effect schemas' defaults (200 ms, 25 Hz) for missing or bad values", () => {
    expect(smoothingFromEffectArgs({ 'smoothing-custom-settings': true })).toMatchObject({
      type: 'linear',
      timeMs: 200,
      updateFrequency: 25,
    });
    expect(
      smoothingFromEffectArgs({
        'smoothing-custom-settings': true,
        'smoothing-time_ms': 'fast',
        'smoothing-updateFrequency': [],
      }),
    ).toMatchObject({ timeMs: 200, updateFrequency: 25 });
  });

  it('clamps values the engine cannot run', () => {
    expect(
      smoothingFromEffectArgs({
        'smoothing-custom-settings': true,
        'smoothing-time_ms': 0,
        'smoothing-updateFrequency': 0,
      }),
    ).toMatchObject({ timeMs: 1, updateFrequency: 1 });
  });
});

describe('sanitizeSmoothingConfig', () => {
  it('clamps and repairs a hand-built config silently', () => {
    expect(
      sanitizeSmoothingConfig({
        type: 'spline' as 'linear',
        timeMs: 0.4,
        updateFrequency: Number.NaN,
        interpolationRate: 0,
        decay: 0,
        dithering: 'yes' as unknown as boolean,
        updateDelay: 99999,
      }),
    ).toEqual({
      type: 'linear',
      timeMs: 1,
      updateFrequency: 25,
      interpolationRate: 1,
      decay: 1,
      dithering: false,
      updateDelay: 2048,
    });
  });
});
