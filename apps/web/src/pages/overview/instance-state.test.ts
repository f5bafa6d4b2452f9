import { describe, expect, it } from 'vitest';
import {
  brightnessOf,
  clock,
  componentsOf,
  hex,
  outputSwitchedOff,
  stateOf,
  switchedOn,
  timeLeft,
  visiblePriority,
} from './instance-state.js';

/** A serverinfo reply's parts, as Glowkit's server sends them. */
const info = {
  device: { type: 'virtual', state: 'on', enabled: true, attempts: 0, frames: 70, dropped: 0 },
  priorities: [
    {
      active: true,
      componentId: 'EFFECT',
      duration_ms: 28000,
      origin: 'Glowkit web@127.0.0.1',
      owner: 'Rainbow Wave',
      priority: 60,
      visible: true,
    },
    {
      active: true,
      componentId: 'COLOR',
      priority: 80,
      visible: false,
      value: { RGB: [255, 0, 0] },
    },
  ],
  components: [
    { enabled: true, name: 'ALL' },
    { enabled: true, name: 'SMOOTHING' },
    { enabled: false, name: 'LEDDEVICE' },
  ],
  adjustment: [
    { id: 'default', brightness: 80 },
    { id: 'other', brightness: 10 },
  ],
  leds: [{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.1 }],
};

describe('stateOf', () => {
  it('reads what the overview shows from serverinfo', () => {
    const state = stateOf(info, 1000);
    expect(state.device?.state).toBe('on');
    expect(state.components).toEqual({ ALL: true, SMOOTHING: true, LEDDEVICE: false });
    expect(state.brightness).toBe(80);
    expect(state.ledCount).toBe(1);
    expect(visiblePriority(state)?.owner).toBe('Rainbow Wave');
  });

  it('reads a stopped instance (empty parts, no device) without failing', () => {
    const state = stateOf({ device: null, priorities: [], components: [], adjustment: [] }, 0);
    expect(state.device).toBeNull();
    expect(visiblePriority(state)).toBeUndefined();
    expect(state.brightness).toBeUndefined();
  });
});

describe('the switches', () => {
  const withDevice = (state: string, ledDevice: boolean, all = true) =>
    stateOf(
      {
        ...info,
        device: { ...info.device, state, enabled: state !== 'off' },
        components: [
          { enabled: all, name: 'ALL' },
          { enabled: ledDevice, name: 'LEDDEVICE' },
        ],
      },
      0,
    );

  it('show the LED output switched on while the device is lost, as the user left it', () => {
    // The server shows LEDDEVICE off while its device is in error (as Hyperion.ng does).
    const lost = withDevice('error', false);
    expect(switchedOn(lost, 'LEDDEVICE')).toBe(true);
    expect(switchedOn(lost, 'ALL')).toBe(true);
    // The device line says why the LEDs are dark; the card does not say a switch did it.
    expect(outputSwitchedOff(lost)).toBe(false);
  });

  it('show the LED output off when it was switched off', () => {
    const off = withDevice('off', false);
    expect(switchedOn(off, 'LEDDEVICE')).toBe(false);
    expect(outputSwitchedOff(off)).toBe(true);
    expect(outputSwitchedOff(withDevice('off', true, false))).toBe(true);
    const on = withDevice('on', true);
    expect(switchedOn(on, 'LEDDEVICE')).toBe(true);
    expect(outputSwitchedOff(on)).toBe(false);
    // A stopped instance has no components: nothing was switched.
    expect(outputSwitchedOff(stateOf({ device: null, components: [] }, 0))).toBe(false);
  });
});

describe('time left', () => {
  it('counts down from when the server answered, never below 0', () => {
    const state = stateOf(info, 1000);
    const entry = visiblePriority(state);
    if (!entry) throw new Error('no visible entry');
    expect(timeLeft(state, entry, 1000)).toBe(28000);
    expect(timeLeft(state, entry, 11000)).toBe(18000);
    expect(timeLeft(state, entry, 60000)).toBe(0);
    expect(timeLeft(state, { ...entry, duration_ms: undefined }, 1000)).toBeUndefined();
  });

  it('reads as m:ss or h:mm:ss, rounding up', () => {
    expect(clock(28000)).toBe('0:28');
    expect(clock(27001)).toBe('0:28');
    expect(clock(65000)).toBe('1:05');
    expect(clock(3_723_000)).toBe('1:02:03');
    expect(clock(0)).toBe('0:00');
  });
});

describe('pushes', () => {
  it('reads a components-update and an adjustment-update', () => {
    expect(componentsOf([{ name: 'LEDDEVICE', enabled: true }])).toEqual({ LEDDEVICE: true });
    expect(brightnessOf([{ brightness: 42 }])).toBe(42);
    expect(brightnessOf([])).toBeUndefined();
  });
});

describe('hex', () => {
  it('writes a colour as #rrggbb', () => {
    expect(hex([0, 128, 255])).toBe('#0080ff');
    expect(hex([300, -1, 7.6])).toBe('#ff0008');
  });
});
