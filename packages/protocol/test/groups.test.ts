import { describe, expect, it } from 'vitest';
import {
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  isGlobalGroup,
  isInstanceGroup,
} from '../src/index.js';

describe('group names', () => {
  it('are the 15 global and 10 instance groups of Hyperion.ng, with no overlap', () => {
    expect(GLOBAL_GROUPS).toHaveLength(15);
    expect(INSTANCE_GROUPS).toHaveLength(10);
    expect(GLOBAL_GROUPS.filter((name) => isInstanceGroup(name))).toEqual([]);
    expect(isGlobalGroup('webConfig')).toBe(true);
    expect(isGlobalGroup('leds')).toBe(false);
    expect(isInstanceGroup('leds')).toBe(true);
    expect(isInstanceGroup('constructor')).toBe(false);
    expect(isGlobalGroup(undefined)).toBe(false);
  });
});

describe('groupValue', () => {
  it('parses a string holding JSON into the object or array it holds', () => {
    expect(groupValue('{"enable":true,"port":19444}')).toEqual({ enable: true, port: 19444 });
    expect(groupValue(' [ {"hmin":0,"hmax":1} ] ')).toEqual([{ hmin: 0, hmax: 1 }]);
  });

  it('returns objects and arrays as they are, and null as null', () => {
    const group = { enable: false };
    const leds = [{ hmin: 0 }];
    expect(groupValue(group)).toBe(group);
    expect(groupValue(leds)).toBe(leds);
    expect(groupValue(null)).toBeNull();
  });

  it('refuses what a validator refuses', () => {
    for (const value of [
      5,
      true,
      undefined,
      'not json',
      '"text"',
      '7',
      'null',
      `${'['.repeat(65)}`,
    ]) {
      expect(() => groupValue(value), String(value)).toThrow(TypeError);
    }
  });
});
