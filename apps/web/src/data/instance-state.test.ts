import { describe, expect, it } from 'vitest';
import { info } from './fixtures.js';
import {
  brightnessOf,
  componentsOf,
  type InstanceParts,
  stateOf,
  withAdjustments,
  withComponent,
  withDevice,
  withPriorities,
} from './instance-state.js';

describe('stateOf', () => {
  it('reads what the overview shows from serverinfo', () => {
    const state = stateOf(info, 1000);
    expect(state.device?.state).toBe('on');
    expect(state.components).toEqual({ ALL: true, SMOOTHING: true, LEDDEVICE: false });
    expect(state.brightness).toBe(80);
    expect(state.leds.length).toBe(1);
    expect(state.priorities.find((p) => p.visible)?.owner).toBe('Rainbow Wave');
  });

  it('reads a stopped instance (empty parts, no device) without failing', () => {
    const state = stateOf(
      { device: null, priorities: [], components: [], adjustment: [], leds: [] },
      0,
    );
    expect(state.device).toBeNull();
    expect(state.priorities.find((p) => p.visible)).toBeUndefined();
    expect(state.brightness).toBeUndefined();
  });
});

describe('pushes', () => {
  it('reads a components-update and an adjustment-update', () => {
    expect(componentsOf([{ name: 'LEDDEVICE', enabled: true }])).toEqual({ LEDDEVICE: true });
    expect(brightnessOf([{ brightness: 42 }])).toBe(42);
    expect(brightnessOf([])).toBeUndefined();
  });

  it('give a new state with the change, and leave the rest as it was', () => {
    const state = stateOf(info, 1000);
    const switched = withComponent(state, { name: 'LEDDEVICE', enabled: true });
    expect(switched).not.toBe(state);
    expect(switched.components).toEqual({ ALL: true, SMOOTHING: true, LEDDEVICE: true });
    expect(switched.priorities).toBe(state.priorities);
    expect(withAdjustments(state, [{ brightness: 42 }]).brightness).toBe(42);
    // No adjustment listed: the brightness known stays.
    expect(withAdjustments(state, []).brightness).toBe(80);
    const lost = withDevice(state, {
      ...(info.device as NonNullable<InstanceParts['device']>),
      state: 'error',
      error: 'port gone',
    });
    expect(lost.device).toMatchObject({ state: 'error', error: 'port gone' });
    const cleared = withPriorities(state, [], true, 5000);
    expect(cleared.priorities).toEqual([]);
    expect(cleared.prioritiesAt).toBe(5000);
  });

  it('know whether a priority is pinned, from serverinfo and from each priorities-update', () => {
    // Automatic unless the server says otherwise.
    expect(stateOf(info, 0).autoSelect).toBe(true);
    const pinned = stateOf({ ...info, priorities_autoselect: false }, 0);
    expect(pinned.autoSelect).toBe(false);
    expect(withPriorities(pinned, info.priorities, true, 1).autoSelect).toBe(true);
    expect(withPriorities(stateOf(info, 0), info.priorities, false, 1).autoSelect).toBe(false);
  });
});
