/**
 * The generated validators, table-driven over the schemas (./cases.ts): every default passes;
 * for every key with a type, a bound or an enum, the value just outside is refused at the key's
 * JSON pointer and the boundary value passes; and the form's own value check
 * (@glowkit/effect-schema's validateValue) agrees on each value. Hyperion.ng's default settings
 * validate too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateValue } from '@glowkit/effect-schema';
import { describe, expect, it } from 'vitest';
import {
  type BoundaryCase,
  boundaryCases,
  DEVICE_TYPES,
  defaultDevice,
  defaultGroup,
  deviceTypeSchemas,
  deviceValidators,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  type SettingsValidator,
  settingsGroupSchemas,
  settingsValidators,
} from '../../src/index.js';

const GROUPS = [...GLOBAL_GROUPS, ...INSTANCE_GROUPS];

/** `pointer keyword` of every error, without `if` (which only repeats a branch's errors). */
function errorsOf(validate: SettingsValidator, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => `${e.instancePath} ${e.keyword}`);
}

const name = (c: BoundaryCase) =>
  `${c.pointer || '(the group)'}: ${c.what} is ${c.refusedBy ? 'refused' : 'accepted'}`;

function check(validate: SettingsValidator, c: BoundaryCase): void {
  const errors = errorsOf(validate, c.group);
  const issues = validateValue(c.element, c.value);
  if (c.refusedBy) {
    expect(errors).toContain(`${c.pointer} ${c.refusedBy}`);
    expect(issues, 'the form refuses it too').not.toEqual([]);
  } else {
    expect(errors).toEqual([]);
    expect(issues, 'the form takes it too').toEqual([]);
  }
}

describe('settings validators', () => {
  it.each(GROUPS)('accept the default of %s, and keep keys they do not know', (group) => {
    const value = defaultGroup(group);
    expect(errorsOf(settingsValidators[group], value)).toEqual([]);
    const extended = Array.isArray(value)
      ? value.map((led) => ({ ...led, vendorSpecific: { any: 'thing' } }))
      : { ...value, futureOption: [1, 'two'] };
    expect(errorsOf(settingsValidators[group], extended)).toEqual([]);
  });

  it.each(GROUPS)('accept a partial %s: no key is required', (group) => {
    const value = defaultGroup(group);
    expect(errorsOf(settingsValidators[group], Array.isArray(value) ? [{}] : {})).toEqual([]);
  });

  for (const group of GROUPS) {
    describe(group, () => {
      it.each(boundaryCases(settingsGroupSchemas[group]).map((c) => [name(c), c] as const))(
        '%s',
        (_, c) => check(settingsValidators[group], c),
      );
    });
  }

  for (const type of DEVICE_TYPES) {
    describe(`device of type ${type}`, () => {
      const cases = boundaryCases(deviceTypeSchemas[type]);
      it.each(cases.map((c) => [name(c), c] as const))('%s', (_, c) => {
        check(deviceValidators[type], c);
        // The `device` group checks the same by the value's type; another type (one Glowkit
        // lacks) is checked against the common keys only, so `type` itself is the exception.
        if (!c.pointer.startsWith('/type')) check(settingsValidators.device, c);
      });
      it('is the default device of its type', () => {
        expect(errorsOf(settingsValidators.device, defaultDevice(type))).toEqual([]);
      });
    });
  }
});

describe('the device group', () => {
  const device = settingsValidators.device;

  it('checks a known type against its own keys', () => {
    expect(errorsOf(device, { type: 'udpraw', hardwareLedCount: 491 })).toEqual([
      '/hardwareLedCount maximum',
    ]);
    expect(
      errorsOf(device, { type: 'wled', brightness: 256, segments: { streamSegmentId: -2 } }),
    ).toEqual(['/brightness maximum', '/segments/streamSegmentId minimum']);
    expect(errorsOf(device, { type: 'adalight', streamProtocol: 1 })).toEqual([
      '/streamProtocol type',
      '/streamProtocol enum',
    ]);
  });

  it('checks a type Glowkit lacks against the keys every device has only', () => {
    expect(errorsOf(device, { type: 'ws2812spi', output: 7, brightness: 999 })).toEqual([]);
    expect(
      errorsOf(device, { type: 'ws2812spi', hardwareLedCount: 70000, colorOrder: 'RGB' }),
    ).toEqual(['/hardwareLedCount maximum', '/colorOrder enum']);
    expect(errorsOf(device, { type: '' })).toEqual(['/type minLength']);
    expect(errorsOf(device, { type: 3 })).toEqual(['/type type']);
    expect(errorsOf(device, 'adalight')).toEqual([' type']);
  });
});

// Hyperion.ng's own default settings; the location comes from the environment, as in
// corpus.test.ts (skipped when the corpus is not there).
const corpus = process.env.GLOWKIT_CORPUS;

describe.skipIf(!corpus)("Hyperion.ng's default settings", () => {
  const defaults = corpus
    ? (JSON.parse(
        readFileSync(join(corpus, 'settings', 'hyperion.settings.json.default'), 'utf8'),
      ) as { global: Record<string, unknown>; instance: Record<string, unknown> })
    : { global: {}, instance: {} };

  it.each(GROUPS)('%s validates', (group) => {
    const value = { ...defaults.global, ...defaults.instance }[group];
    expect(value).toBeDefined();
    expect(errorsOf(settingsValidators[group], value)).toEqual([]);
  });
});
