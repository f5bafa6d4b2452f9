import { describe, expect, it } from 'vitest';
import type { OptionSchema } from '../elements.js';
import {
  describeValueIssue,
  jsonTypeOf,
  type ValueIssue,
  type ValueIssueCode,
  validateValue,
} from './validate-value.js';

/** The issues as `code@pointer`, the shortest readable form. */
const codes = (option: OptionSchema, value: unknown) =>
  validateValue(option, value).map((i) => `${i.code}@${i.pointer}`);

const rgb: OptionSchema = {
  type: 'array',
  format: 'colorpicker',
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
};
const rgba: OptionSchema = { type: 'array', format: 'colorpickerRGBA', minItems: 4, maxItems: 4 };

describe('validateValue: every issue code', () => {
  const cases: Array<[ValueIssueCode, OptionSchema, unknown, Record<string, unknown>]> = [
    ['type', { type: 'boolean' }, 'true', { type: 'boolean' }],
    ['integer', { type: 'integer' }, 2.5, { value: 2.5 }],
    ['minimum', { type: 'integer', minimum: 25 }, 10, { minimum: 25, value: 10 }],
    ['maximum', { type: 'number', maximum: 100 }, 100.5, { maximum: 100, value: 100.5 }],
    ['minLength', { type: 'string', minLength: 1 }, '', { minLength: 1, length: 0 }],
    ['maxLength', { type: 'string', maxLength: 3 }, 'SOS!', { maxLength: 3, length: 4 }],
    ['enum', { type: 'string', enum: ['sine'] }, 'square', { enum: ['sine'], value: 'square' }],
    ['minItems', { type: 'array', minItems: 2 }, [1], { minItems: 2, count: 1 }],
    ['maxItems', { type: 'array', maxItems: 1 }, [1, 2], { maxItems: 1, count: 2 }],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [3, 3], { first: 0, later: 1 }],
    ['color_channel', rgb, [0, 0, 256], { value: 256, index: 2 }],
    ['alpha', rgba, [0, 0, 0, 1.5], { value: 1.5 }],
  ];

  it.each(cases)('%s', (code, option, value, params) => {
    const issues = validateValue(option, value);
    expect(issues).toHaveLength(1);
    const issue = issues[0] as ValueIssue;
    expect(issue.code).toBe(code);
    expect(issue.params).toEqual(params);
    expect(describeValueIssue(issue)).toMatch(/\S/);
  });

  it('covers every code of the type', () => {
    const all: Record<ValueIssueCode, true> = {
      type: true,
      integer: true,
      minimum: true,
      maximum: true,
      minLength: true,
      maxLength: true,
      enum: true,
      minItems: true,
      maxItems: true,
      uniqueItems: true,
      color_channel: true,
      alpha: true,
    };
    expect(cases.map((c) => c[0]).sort()).toEqual(Object.keys(all).sort());
  });

  it('describes each issue in a sentence', () => {
    const describe = (option: OptionSchema, value: unknown) =>
      validateValue(option, value).map(describeValueIssue);
    expect(describe({ type: 'integer' }, '10')).toEqual(['must be an integer']);
    expect(describe({ type: 'integer' }, 2.5)).toEqual(['must be a whole number, not 2.5']);
    expect(describe({ type: 'integer', minimum: 25 }, 10)).toEqual([
      '10 is less than the minimum 25',
    ]);
    expect(describe({ type: 'string', enum: ['sine', 'triangle'] }, 'square')).toEqual([
      '"square" is not one of "sine", "triangle"',
    ]);
    expect(describe({ type: 'array', uniqueItems: true }, [1, 2, 1])).toEqual([
      'item 2 repeats item 0, but uniqueItems is true',
    ]);
    expect(describe(rgb, [0, 0])).toEqual(['must have exactly 3 items']);
    expect(describe({ type: 'array', minItems: 2 }, [])).toEqual([
      'has 0 items, fewer than minItems 2',
    ]);
    expect(describe(rgba, [0, 0, 0, -0.1])).toEqual(['alpha -0.1 must be a number from 0 to 1']);
  });
});

describe('validateValue: types', () => {
  it('accepts values of the right type', () => {
    expect(codes({ type: 'boolean' }, false)).toEqual([]);
    expect(codes({ type: 'string' }, '')).toEqual([]);
    expect(codes({ type: 'integer' }, -3)).toEqual([]);
    expect(codes({ type: 'integer' }, 4.0)).toEqual([]);
    expect(codes({ type: 'number' }, 4)).toEqual([]);
    expect(codes({ type: 'array' }, [])).toEqual([]);
  });

  it('rejects values of another type, and non-finite numbers', () => {
    expect(codes({ type: 'boolean' }, 0)).toEqual(['type@']);
    expect(codes({ type: 'string' }, 5)).toEqual(['type@']);
    expect(codes({ type: 'number' }, '5')).toEqual(['type@']);
    expect(codes({ type: 'number' }, Number.NaN)).toEqual(['type@']);
    expect(codes({ type: 'integer' }, Number.POSITIVE_INFINITY)).toEqual(['type@']);
    expect(codes({ type: 'array' }, {})).toEqual(['type@']);
    expect(codes({ type: 'integer' }, null)).toEqual(['type@']);
  });

  it('reports nothing for an option it cannot classify', () => {
    expect(codes({ type: 'widget' }, 1)).toEqual([]);
    expect(codes({}, 1)).toEqual([]);
  });

  it('ignores malformed bounds (the linter reports them)', () => {
    expect(codes({ type: 'integer', minimum: '10', maximum: null }, 5)).toEqual([]);
    expect(codes({ type: 'string', minLength: '3' }, '')).toEqual([]);
  });

  it('names JSON types', () => {
    expect([null, [], 1, 1.5, 'x', true, {}].map(jsonTypeOf)).toEqual([
      'null',
      'array',
      'integer',
      'number',
      'string',
      'boolean',
      'object',
    ]);
  });
});

describe('validateValue: step is a stepping aid, never a rule', () => {
  it.each([
    [{ type: 'integer', minimum: 0, maximum: 100, step: 5 }, 7],
    [{ type: 'number', minimum: 0, maximum: 1, step: 0.25 }, 0.3],
    [{ type: 'number', step: 0.1 }, 0.30000000000000004],
    [{ type: 'integer', minimum: 25, maximum: 600, step: 25 }, 201],
  ])('%j accepts %s', (option, value) => {
    expect(validateValue(option, value)).toEqual([]);
  });
});

describe('validateValue: bounds and strings', () => {
  it('treats minimum and maximum as inclusive', () => {
    const option = { type: 'integer', minimum: 25, maximum: 600 };
    expect(codes(option, 25)).toEqual([]);
    expect(codes(option, 600)).toEqual([]);
    expect(codes(option, 601)).toEqual(['maximum@']);
  });

  it('reports an off-integer below the minimum twice: both are true', () => {
    expect(codes({ type: 'integer', minimum: 1 }, 0.5)).toEqual(['integer@', 'minimum@']);
  });

  it('counts characters as people do: an emoji is one', () => {
    expect(codes({ type: 'string', maxLength: 1 }, '😀')).toEqual([]);
    expect(codes({ type: 'string', minLength: 2 }, '😀')).toEqual(['minLength@']);
  });

  it('checks length and enum together', () => {
    expect(codes({ type: 'string', enum: ['ab'], maxLength: 1 }, 'abc')).toEqual([
      'maxLength@',
      'enum@',
    ]);
  });
});

describe('validateValue: colours', () => {
  it('accepts RGB [r, g, b] of integers 0..255', () => {
    expect(codes(rgb, [0, 128, 255])).toEqual([]);
  });

  it('rejects RGB channels out of range, fractional or not numbers', () => {
    expect(codes(rgb, [-1, 127.5, '255'])).toEqual([
      'color_channel@/0',
      'color_channel@/1',
      'color_channel@/2',
    ]);
  });

  it('wants exactly three RGB channels, whatever minItems and maxItems say', () => {
    expect(codes(rgb, [255, 0])).toEqual(['minItems@']);
    expect(codes(rgb, [255, 0, 0, 0])).toEqual(['maxItems@']);
    expect(codes({ type: 'array', format: 'colorpicker' }, [255, 0])).toEqual(['minItems@']);
    expect(codes(rgb, 'ff0000')).toEqual(['type@']);
  });

  it('accepts RGBA with an alpha 0..1, integers 0 and 1 included', () => {
    expect(codes(rgba, [255, 0, 0, 0.5])).toEqual([]);
    expect(codes(rgba, [255, 0, 0, 0])).toEqual([]);
    expect(codes(rgba, [255, 0, 0, 1])).toEqual([]);
  });

  it('rejects an RGBA alpha outside 0..1 or not a number, and a missing alpha', () => {
    expect(codes(rgba, [255, 0, 0, 255])).toEqual(['alpha@/3']);
    expect(codes(rgba, [255, 0, 0, '0.5'])).toEqual(['alpha@/3']);
    expect(codes(rgba, [255, 0, 0])).toEqual(['minItems@']);
    expect(codes(rgba, [255, 0, 300, 0.5, 1])).toEqual(['maxItems@', 'color_channel@/2']);
  });
});

describe('validateValue: arrays', () => {
  it('validates nested arrays item by item, with pointers into the value', () => {
    const grid: OptionSchema = {
      type: 'array',
      items: {
        type: 'array',
        maxItems: 2,
        items: { type: 'integer', minimum: 0, maximum: 11 },
      },
    };
    expect(codes(grid, [[0, 11], [3]])).toEqual([]);
    expect(codes(grid, [[0, 12], [1, 2, 3], 'x', [1.5]])).toEqual([
      'maximum@/0/1',
      'maxItems@/1',
      'type@/2',
      'integer@/3/0',
    ]);
  });

  it('validates a list of colours with the colour rules', () => {
    const colors: OptionSchema = { type: 'array', minItems: 1, items: rgb };
    expect(codes(colors, [[255, 0, 0]])).toEqual([]);
    expect(codes(colors, [])).toEqual(['minItems@']);
    expect(
      codes(colors, [
        [255, 0, 0],
        [0, 256, 0],
        [0, 0],
      ]),
    ).toEqual(['color_channel@/1/1', 'minItems@/2']);
  });

  it('compares colours by value for uniqueItems', () => {
    const unique: OptionSchema = { type: 'array', uniqueItems: true, items: rgb };
    expect(
      codes(unique, [
        [255, 0, 0],
        [0, 255, 0],
      ]),
    ).toEqual([]);
    const issues = validateValue(unique, [
      [255, 0, 0],
      [0, 255, 0],
      [255, 0, 0],
      [0, 255, 0],
    ]);
    expect(issues.map((i) => [i.pointer, i.params])).toEqual([
      ['/2', { first: 0, later: 2 }],
      ['/3', { first: 1, later: 3 }],
    ]);
  });

  it('compares objects regardless of key order, and keeps 1 and "1" apart', () => {
    const unique: OptionSchema = { type: 'array', uniqueItems: true };
    expect(
      codes(unique, [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toEqual(['uniqueItems@/1']);
    expect(codes(unique, [1, '1', true, null, [1]])).toEqual([]);
  });

  it('checks a multiselect against its enum', () => {
    const palettes: OptionSchema = {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', enum: ['sunset', 'ocean'] },
    };
    expect(codes(palettes, [])).toEqual([]);
    expect(codes(palettes, ['ocean', 'sunset'])).toEqual([]);
    expect(codes(palettes, ['ocean', 'lava', 'ocean'])).toEqual(['uniqueItems@/2', 'enum@/1']);
  });

  it('does not check items without an item schema', () => {
    expect(codes({ type: 'array' }, [1, 'two', null])).toEqual([]);
  });

  it('prefixes pointers with a given base', () => {
    expect(validateValue({ type: 'integer' }, 'x', '/args/speed')[0]?.pointer).toBe('/args/speed');
  });
});
