import { isDeepStrictEqual } from 'node:util';
import { validateGroup } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VERSION,
  defaultConfiguration,
  defaultGlobalSettings,
  defaultGroup,
  defaultInstanceSettings,
} from '../../src/config/defaults.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';
import { corpusDefaults, hasCorpus } from './corpus.js';

describe('defaults', () => {
  it('has a value for every group, passing its validator', () => {
    for (const name of [...GLOBAL_GROUPS, ...INSTANCE_GROUPS]) {
      const value = defaultGroup(name);
      expect(typeof value, name).toBe('object');
      expect(validateGroup(name, value), name).toEqual([]);
    }
    expect(Array.isArray(defaultGroup('leds'))).toBe(true);
  });

  it('rejects an unknown group name', () => {
    expect(() => defaultGroup('colour')).toThrow(RangeError);
  });

  it('has the documented values', () => {
    expect(defaultGroup('webConfig')).toEqual({
      port: 8090,
      sslPort: 8092,
      crtPath: '',
      keyPath: '',
      keyPassPhrase: '',
      document_root: '',
    });
    expect(defaultGroup('network')).toEqual({ localApiAuth: false });
    expect(defaultGroup('general')).toEqual({
      name: 'My Glowkit Config',
      configVersion: CONFIG_VERSION,
      watchedVersionBranch: 'Stable',
      showOptHelp: true,
    });
    expect(defaultGroup('logger')).toEqual({ level: 'warn' });
    expect(defaultGroup('jsonServer')).toEqual({ port: 19444 });
    expect(defaultGroup('device')).toMatchObject({
      type: 'virtual',
      hardwareLedCount: 1,
      autoStart: true,
      colorOrder: 'rgb',
      latchTime: 0,
      rewriteTime: 0,
      enableAttempts: 6,
      enableAttemptsInterval: 15,
    });
    expect(defaultGroup('leds')).toEqual([{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.08 }]);
    expect(defaultGroup('smoothing')).toEqual({
      enable: true,
      type: 'linear',
      time_ms: 150,
      updateFrequency: 25,
      interpolationRate: 25,
      decay: 1,
      dithering: false,
      updateDelay: 0,
    });
    expect(defaultGroup('flatbufServer')).toMatchObject({ enable: true, port: 19400, timeout: 5 });
    expect(defaultGroup('protoServer')).toEqual({ enable: true, port: 19445, timeout: 5 });
    expect(defaultGroup('boblightServer')).toEqual({ enable: false, port: 19333, priority: 128 });
    expect(defaultGroup('foregroundEffect')).toMatchObject({
      effect: 'Rainbow Wave',
      duration_ms: 3000,
    });
  });

  it('returns a fresh copy on every call', () => {
    const first = defaultGroup('leds') as Record<string, unknown>[];
    (first[0] as Record<string, unknown>).hmax = 0.5;
    first.push({});
    expect(defaultGroup('leds')).toEqual([{ hmin: 0, hmax: 1, vmin: 0, vmax: 0.08 }]);

    const global = defaultGlobalSettings();
    (global.webConfig as Record<string, unknown>).port = 1;
    expect(defaultGlobalSettings().webConfig).toMatchObject({ port: 8090 });

    const instance = defaultInstanceSettings();
    (instance.device as Record<string, unknown>).type = 'wled';
    expect(defaultInstanceSettings().device).toMatchObject({ type: 'virtual' });

    const a = defaultConfiguration();
    const b = defaultConfiguration();
    expect(a).toEqual(b);
    expect(a.instances[0]?.settings).not.toBe(b.instances[0]?.settings);
  });

  it('has one key per group in the global and instance settings', () => {
    expect(Object.keys(defaultGlobalSettings())).toEqual([...GLOBAL_GROUPS]);
    expect(Object.keys(defaultInstanceSettings())).toEqual([...INSTANCE_GROUPS]);
  });

  it('starts a configuration with one enabled instance 0', () => {
    const config = defaultConfiguration();
    expect(config.instanceIds).toEqual([0]);
    expect(config.instances).toHaveLength(1);
    expect(config.instances[0]).toMatchObject({ id: 0, name: 'First LED instance', enabled: true });
    expect(config.instances[0]?.settings).toEqual(defaultInstanceSettings());
    expect(config.global.settings).toEqual(defaultGlobalSettings());
    expect(config.global.uuid).toBeUndefined();
  });
});

describe.skipIf(!hasCorpus)('defaults against the Hyperion.ng corpus', () => {
  const corpus = hasCorpus ? corpusDefaults() : { global: {}, instance: {} };

  /** Every key of `theirs` is in `ours` with a value of the same JSON type, recursively. */
  function sameShape(ours: unknown, theirs: unknown, at: string, out: string[]): void {
    const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
    if (kind(ours) !== kind(theirs)) {
      out.push(`${at}: ${kind(ours)} instead of ${kind(theirs)}`);
      return;
    }
    if (Array.isArray(theirs) && Array.isArray(ours)) {
      theirs.forEach((item, i) => {
        if (i < ours.length) sameShape(ours[i], item, `${at}/${i}`, out);
      });
    } else if (typeof theirs === 'object' && theirs !== null) {
      for (const [key, value] of Object.entries(theirs)) {
        if (!Object.hasOwn(ours as object, key)) out.push(`${at}/${key}: missing`);
        else sameShape((ours as Record<string, unknown>)[key], value, `${at}/${key}`, out);
      }
    }
  }

  it('has every group and every field of the corpus defaults, with the same types', () => {
    expect(Object.keys(corpus.global).sort()).toEqual([...GLOBAL_GROUPS]);
    expect(Object.keys(corpus.instance).sort()).toEqual([...INSTANCE_GROUPS]);
    const problems: string[] = [];
    for (const [name, value] of [
      ...Object.entries(corpus.global),
      ...Object.entries(corpus.instance),
    ]) {
      sameShape(defaultGroup(name), value, name, problems);
    }
    // The virtual device has no output file.
    expect(problems).toEqual(['device/output: missing']);
  });

  it('uses the corpus values except the name and version, the device and the effect names', () => {
    const differences: string[] = [];
    for (const [name, value] of [
      ...Object.entries(corpus.global),
      ...Object.entries(corpus.instance),
    ]) {
      const ours = defaultGroup(name);
      const theirs = value as Record<string, unknown>;
      for (const key of Object.keys(theirs)) {
        if (!isDeepStrictEqual((ours as Record<string, unknown>)[key], theirs[key])) {
          differences.push(`${name}.${key}`);
        }
      }
    }
    // A fresh Glowkit drives the virtual device and names bundled effects (Hyperion.ng's
    // "Warm mood blobs" and "Rainbow swirl fast" are not Glowkit effects).
    expect(differences.sort()).toEqual(
      [
        'general.name',
        'general.configVersion',
        'backgroundEffect.effect',
        'device.type',
        'device.output',
        'foregroundEffect.effect',
      ].sort(),
    );
  });
});
