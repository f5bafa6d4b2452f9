import { withDefaults } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMOOTHING,
  smoothingConfigOf,
  smoothingFromEffectArgs,
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

describe('smoothingConfigOf', () => {
  it('maps every key of a complete group; keys it does not know ride along unread', () => {
    const group = withDefaults('smoothing', {
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
    expect(smoothingConfigOf(group)).toEqual({
      type: 'decay',
      timeMs: 300,
      updateFrequency: 60.5,
      interpolationRate: 120,
      decay: 2.5,
      dithering: true,
      updateDelay: 3,
    });
  });

  it("runs the schema's bounds as they are (time_ms 1, updateDelay 2048)", () => {
    const group = withDefaults('smoothing', { time_ms: 1, updateDelay: 2048, decay: 20 });
    expect(smoothingConfigOf(group)).toMatchObject({ timeMs: 1, updateDelay: 2048, decay: 20 });
  });

  it('gives the defaults for an empty group', () => {
    expect(smoothingConfigOf(withDefaults('smoothing', {}))).toEqual(DEFAULT_SMOOTHING);
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
