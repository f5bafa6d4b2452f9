import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  diffConfigurations,
  groupChange,
  normalizeConfiguration,
} from './config-diff.js';

/** A configuration as getconfig returns it: every group present. */
function configuration(overrides: {
  general?: unknown;
  instances?: Array<{ id: number; name?: string; enabled?: boolean; settings?: object }>;
}) {
  const instances = (overrides.instances ?? [{ id: 0, name: 'Living room' }]).map((i) => ({
    id: i.id,
    name: i.name ?? `Instance ${i.id}`,
    enabled: i.enabled ?? true,
    settings: {
      device: { type: 'file', rate: 115200, output: '/tmp/leds' },
      leds: [{ hmin: 0, hmax: 0.5, vmin: 0, vmax: 0.1 }],
      smoothing: { enable: true, time_ms: 200 },
      ...i.settings,
    },
  }));
  return {
    global: {
      settings: {
        general: overrides.general ?? { name: 'Glowkit', showOptHelp: true },
        webConfig: { port: 8090, sslPort: 8092 },
      },
      uuid: '0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
    },
    instanceIds: instances.map((i) => i.id),
    instances,
  };
}

describe('changedKeys', () => {
  it('lists changed, removed and added keys, the old order first', () => {
    const before = { type: 'file', rate: 115200, output: '/tmp/a', latchTime: 0 };
    const after = { type: 'file', output: '/tmp/b', rate: 9600, colorOrder: 'grb' };
    expect(changedKeys(before, after)).toEqual(['rate', 'output', 'latchTime', 'colorOrder']);
  });

  it('compares nested values deeply', () => {
    expect(changedKeys({ a: { x: [1] } }, { a: { x: [1] } })).toEqual([]);
    expect(changedKeys({ a: { x: [1] } }, { a: { x: [2] } })).toEqual(['a']);
  });
});

describe('groupChange', () => {
  it('reports nothing for equal groups', () => {
    expect(groupChange('device', { a: 1, b: 2 }, { b: 2, a: 1 })).toBeUndefined();
  });

  it('reports an object group with its changed keys', () => {
    expect(groupChange('device', { rate: 1, output: 'a' }, { rate: 2, output: 'b' })).toEqual({
      group: 'device',
      kind: 'changed',
      keys: ['rate', 'output'],
    });
  });

  it('reports an array group by its lengths and the items that differ', () => {
    expect(groupChange('leds', [1, 2, 3], [1, 9, 3, 4, 5])).toEqual({
      group: 'leds',
      kind: 'changed',
      keys: [],
      items: { before: 3, after: 5, changed: 3 },
    });
  });

  it('reports a group left out (or null) as reset, unless it was not stored either', () => {
    expect(groupChange('logger', { level: 'warn' }, undefined)).toEqual({
      group: 'logger',
      kind: 'reset',
      keys: [],
    });
    expect(groupChange('logger', undefined, undefined)).toBeUndefined();
  });

  it('reports a group not stored before as added, and a changed shape as replaced', () => {
    expect(groupChange('logger', undefined, { level: 'warn' })?.kind).toBe('added');
    expect(groupChange('leds', { a: 1 }, [1])).toEqual({
      group: 'leds',
      kind: 'changed',
      keys: [],
    });
  });
});

describe('normalizeConfiguration', () => {
  it('stores as the server does: JSON strings parsed, null reset, names and enabled defaulted', () => {
    const normalized = normalizeConfiguration({
      global: { settings: { general: '{"name":"Hall"}', logger: null } },
      instances: [{ id: 3, settings: { device: { type: 'file' } } }],
    });
    expect(normalized.global.get('general')).toEqual({ name: 'Hall' });
    expect(normalized.global.get('logger')).toBeUndefined();
    expect(normalized.global.has('webConfig')).toBe(true);
    expect(normalized.global.has('device')).toBe(false);
    const instance = normalized.instances.get(3);
    expect(instance?.name).toBe('Instance 3');
    expect(instance?.enabled).toBe(true);
    expect(instance?.settings.get('device')).toEqual({ type: 'file' });
    expect(instance?.settings.get('leds')).toBeUndefined();
  });
});

describe('diffConfigurations', () => {
  it('finds nothing between a configuration and itself', () => {
    const current = configuration({});
    const diff = diffConfigurations(current, structuredClone(current));
    expect(diff).toEqual({ global: [], instances: [], unchanged: true });
  });

  it('lists global groups that change, with their keys, and those reset', () => {
    const current = configuration({});
    const incoming = configuration({ general: { name: 'Hall', showOptHelp: true } });
    delete (incoming.global.settings as Record<string, unknown>).webConfig;
    const diff = diffConfigurations(current, incoming);
    expect(diff.global).toEqual([
      { group: 'general', kind: 'changed', keys: ['name'] },
      { group: 'webConfig', kind: 'reset', keys: [] },
    ]);
    expect(diff.instances).toEqual([]);
    expect(diff.unchanged).toBe(false);
  });

  it('lists instances added, removed, renamed and changed, in id order', () => {
    const current = configuration({
      instances: [
        { id: 0, name: 'Living room' },
        { id: 1, name: 'Desk strip' },
      ],
    });
    const incoming = configuration({
      instances: [
        {
          id: 0,
          name: 'TV backlight',
          enabled: false,
          settings: { device: { type: 'file', rate: 9600, output: '/tmp/other' } },
        },
        { id: 2, name: 'Kitchen' },
      ],
    });
    const diff = diffConfigurations(current, incoming);
    expect(diff.global).toEqual([]);
    expect(diff.instances).toEqual([
      {
        id: 0,
        kind: 'changed',
        name: 'TV backlight',
        previousName: 'Living room',
        enabled: { before: true, after: false },
        groups: [{ group: 'device', kind: 'changed', keys: ['rate', 'output'] }],
      },
      { id: 1, kind: 'removed', name: 'Desk strip', groups: [] },
      { id: 2, kind: 'added', name: 'Kitchen', groups: [] },
    ]);
  });

  it('reads a file without instances as one that removes them all', () => {
    const current = configuration({});
    const diff = diffConfigurations(current, { global: current.global });
    expect(diff.global).toEqual([]);
    expect(diff.instances).toEqual([{ id: 0, kind: 'removed', name: 'Living room', groups: [] }]);
  });

  it('does not report a file without names as renaming instances that carry the default name', () => {
    const current = configuration({ instances: [{ id: 4 }] });
    const incoming = structuredClone(current) as { instances: Array<Record<string, unknown>> };
    delete incoming.instances[0]?.name;
    expect(diffConfigurations(current, incoming).unchanged).toBe(true);
  });

  it('sees groups given as JSON strings as their values', () => {
    const current = configuration({});
    const incoming = structuredClone(current) as {
      instances: Array<{ settings: Record<string, unknown> }>;
    };
    const settings = incoming.instances[0]?.settings as Record<string, unknown>;
    settings.smoothing = JSON.stringify({ time_ms: 200, enable: true });
    expect(diffConfigurations(current, incoming).unchanged).toBe(true);
    settings.smoothing = JSON.stringify({ time_ms: 100, enable: true });
    expect(diffConfigurations(current, incoming).instances).toEqual([
      {
        id: 0,
        kind: 'changed',
        name: 'Living room',
        groups: [{ group: 'smoothing', kind: 'changed', keys: ['time_ms'] }],
      },
    ]);
  });
});
