import { describe, expect, it } from 'vitest';
import { DEVICE_CONFIG_DEFAULTS, deviceConfigOf } from './led-device.js';

describe('deviceConfigOf', () => {
  it('gives the defaults for a missing group, without warnings', () => {
    const { config, warnings } = deviceConfigOf(undefined);
    expect(config).toEqual({
      type: 'virtual',
      hardwareLedCount: 1,
      colorOrder: 'rgb',
      autoStart: true,
      latchTime: 0,
      rewriteTime: 0,
      enableAttempts: 6,
      enableAttemptsInterval: 15,
    });
    expect(warnings).toEqual([]);
  });

  it('reads valid values and keeps device-specific keys as given', () => {
    const { config, warnings } = deviceConfigOf({
      type: 'File',
      hardwareLedCount: 40,
      colorOrder: 'GRB',
      autoStart: false,
      latchTime: 30,
      rewriteTime: 1000,
      enableAttempts: 0,
      enableAttemptsInterval: 120,
      output: '/tmp/leds.txt',
      printTimeStamp: true,
    });
    expect(warnings).toEqual([]);
    expect(config).toEqual({
      type: 'file',
      hardwareLedCount: 40,
      colorOrder: 'grb',
      autoStart: false,
      latchTime: 30,
      rewriteTime: 1000,
      enableAttempts: 0,
      enableAttemptsInterval: 120,
      output: '/tmp/leds.txt',
      printTimeStamp: true,
    });
  });

  it('falls back to each default with a warning naming the key, never throwing', () => {
    const { config, warnings } = deviceConfigOf({
      type: 7,
      hardwareLedCount: 0,
      colorOrder: 'rgbw',
      autoStart: 'yes',
      latchTime: 12.5,
      rewriteTime: -1,
      enableAttempts: '3',
      enableAttemptsInterval: 2,
    });
    expect(config).toEqual({ ...DEVICE_CONFIG_DEFAULTS });
    expect(warnings).toEqual([
      'device.type: expected a device type name, got 7; using "virtual"',
      'device.colorOrder: expected one of rgb, bgr, rbg, brg, gbr, grb, got "rgbw"; using "rgb"',
      'device.autoStart: expected true or false, got "yes"; using true',
      'device.hardwareLedCount: expected an integer from 1 to 65536, got 0; using 1',
      'device.latchTime: expected an integer from 0 to 1000, got 12.5; using 0',
      'device.rewriteTime: expected an integer from 0 to 3600000, got -1; using 0',
      'device.enableAttempts: expected an integer from 0 to 120, got "3"; using 6',
      'device.enableAttemptsInterval: expected an integer from 5 to 120, got 2; using 15',
    ]);
  });

  it('warns about a group that is not an object and uses the defaults', () => {
    const { config, warnings } = deviceConfigOf([1, 2]);
    expect(config.type).toBe('virtual');
    expect(warnings).toEqual([
      'device: expected an object, got an array; using the defaults (a virtual device)',
    ]);
  });

  it('does not let a bad common key through the device-specific pass-through', () => {
    const { config } = deviceConfigOf({ hardwareLedCount: 'many', host: '10.0.0.2' });
    expect(config.hardwareLedCount).toBe(1);
    expect(config.host).toBe('10.0.0.2');
  });
});
