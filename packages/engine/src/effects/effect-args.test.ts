import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { validateEffectArgs } from './effect-args.js';

/** The violations as the server shows them for an `effect` request: pointer from the request root. */
const check = (
  schema: Record<string, unknown> | undefined,
  args: unknown,
  base = '/effect/args',
): string[] => validateEffectArgs(schema, args).map((v) => `${base}${v.pointer}: ${v.rule}`);

const schema = {
  type: 'object',
  script: 'demo.py',
  title: 'edt_eff_demo_header',
  properties: {
    speed: { type: 'integer', title: 'edt_eff_speed', default: 5, minimum: 1, maximum: 10 },
    ratio: { type: 'number', title: 'edt_eff_ratio', default: 0.5, minimum: 0, maximum: 1 },
    color: {
      type: 'array',
      format: 'colorpicker',
      default: [255, 0, 0],
      items: { type: 'integer', minimum: 0, maximum: 255 },
      minItems: 3,
      maxItems: 3,
    },
    colors: {
      type: 'array',
      default: [[255, 0, 0]],
      minItems: 1,
      items: {
        type: 'array',
        format: 'colorpicker',
        items: { type: 'integer', minimum: 0, maximum: 255 },
        minItems: 3,
        maxItems: 3,
      },
    },
    mode: { type: 'string', default: 'a', enum: ['a', 'b'] },
    'a/b~c': { type: 'boolean', default: false },
  },
  additionalProperties: false,
};

describe('validateEffectArgs', () => {
  it('accepts valid args, and any subset of the options (no merging: scripts use defaults)', () => {
    expect(
      check(schema, {
        speed: 10,
        ratio: 0.25,
        color: [0, 128, 255],
        colors: [
          [1, 2, 3],
          [4, 5, 6],
        ],
        mode: 'b',
      }),
    ).toEqual([]);
    expect(check(schema, {})).toEqual([]);
  });

  it('names the pointer of a wrong type and shows what came', () => {
    expect(check(schema, { speed: 'fast', mode: 3 })).toEqual([
      '/effect/args/speed: must be an integer, not "fast"',
      '/effect/args/mode: must be a string, not 3',
    ]);
  });

  it('names the pointer of a value out of range', () => {
    expect(check(schema, { speed: 12, ratio: -0.5 })).toEqual([
      '/effect/args/speed: 12 is greater than the maximum 10',
      '/effect/args/ratio: -0.5 is less than the minimum 0',
    ]);
  });

  it('refuses unknown keys when additionalProperties is false, with a hint', () => {
    expect(check(schema, { sped: 3, volume: 1 })).toEqual([
      '/effect/args/sped: "sped" is not an option of demo.py: did you mean "speed"?',
      '/effect/args/volume: "volume" is not an option of demo.py; its options are speed, ratio, color, colors, mode, a/b~c',
    ]);
    const open = { ...schema, additionalProperties: true };
    expect(check(open, { volume: 1 })).toEqual([]);
  });

  it('hints as the schema linter does: a swap of two letters is one edit, case and - or _ none', () => {
    const named = {
      ...schema,
      properties: { ...schema.properties, 'fade-time': { type: 'integer', default: 1 } },
    };
    expect(check(named, { spede: 3, FADE_TIME: 2 })).toEqual([
      '/effect/args/spede: "spede" is not an option of demo.py: did you mean "speed"?',
      '/effect/args/FADE_TIME: "FADE_TIME" is not an option of demo.py: did you mean "fade-time"?',
    ]);
  });

  it('names the pointer of a nested colour item', () => {
    expect(
      check(schema, {
        color: [0, 0],
        colors: [
          [1, 2, 3],
          [4, 300, 6],
        ],
      }),
    ).toEqual([
      '/effect/args/color: must have exactly 3 items',
      '/effect/args/colors/1/1: colour channel 300 must be an integer from 0 to 255',
    ]);
  });

  it('escapes option names in pointers (RFC 6901)', () => {
    expect(check(schema, { 'a/b~c': 'yes' })).toEqual([
      '/effect/args/a~1b~0c: must be a boolean, not "yes"',
    ]);
  });

  it('refuses a non-object, with or without a schema', () => {
    expect(check(schema, [1, 2])).toEqual([
      '/effect/args: must be an object of option values, not [1,2]',
    ]);
    expect(check(undefined, 'x')).toEqual([
      '/effect/args: must be an object of option values, not "x"',
    ]);
    expect(check(undefined, { anything: 1 })).toEqual([]);
  });

  it('gives pointers relative to the args, so that a caller places them in its request', () => {
    expect(validateEffectArgs(schema, { speed: 0, colors: [[1, 2, 256]] })).toEqual([
      { pointer: '/speed', rule: '0 is less than the minimum 1' },
      { pointer: '/colors/0/2', rule: 'colour channel 256 must be an integer from 0 to 255' },
    ]);
    expect(validateEffectArgs(schema, 7)).toEqual([
      { pointer: '', rule: 'must be an object of option values, not 7' },
    ]);
  });

  it('agrees with a bundled schema (repo effects/schema/clock.schema.json)', async () => {
    const url = new URL('../../../../effects/schema/clock.schema.json', import.meta.url);
    const clock = JSON.parse(await readFile(url, 'utf8'));
    expect(check(clock, { 'marker-hours': [0, 3, 3], 'hour-color': [1, 2] })).toEqual([
      '/effect/args/marker-hours/2: item 2 repeats item 1, but uniqueItems is true',
      '/effect/args/hour-color: must have exactly 3 items',
    ]);
  });
});
