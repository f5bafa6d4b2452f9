import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { collectPlaceholders, findMissingPhrases } from '../src/index.js';

const candle = JSON.parse(
  await readFile(new URL('./fixtures/candle.schema.json', import.meta.url), 'utf8'),
) as object;

describe('collectPlaceholders', () => {
  it('lists titles, units and enum titles with JSON pointers, nested items included', () => {
    expect(collectPlaceholders(candle)).toEqual([
      { key: 'edt_eff_candle_header', kind: 'title', pointer: '/title' },
      { key: 'edt_eff_whichleds', kind: 'title', pointer: '/properties/candles/title' },
      {
        key: 'edt_eff_enum_all',
        kind: 'enum_title',
        pointer: '/properties/candles/options/enum_titles/0',
      },
      {
        key: 'edt_eff_enum_list',
        kind: 'enum_title',
        pointer: '/properties/candles/options/enum_titles/1',
      },
      { key: 'edt_eff_colors', kind: 'title', pointer: '/properties/colors/title' },
      { key: 'edt_eff_color', kind: 'title', pointer: '/properties/colors/items/title' },
      {
        key: 'edt_eff_smooth_time_ms',
        kind: 'title',
        pointer: '/properties/smoothing-time_ms/title',
      },
      { key: 'edt_append_ms', kind: 'append', pointer: '/properties/smoothing-time_ms/append' },
      { key: 'edt_eff_rate', kind: 'title', pointer: '/properties/rate/title' },
      { key: 'edt_append_hz', kind: 'append', pointer: '/properties/rate/append' },
    ]);
  });

  it('walks tuple items, combinators and definitions, escapes names and skips non-strings', () => {
    const schema = {
      title: 42,
      properties: {
        'a/b': { title: 'edt_slash', options: { enum_titles: ['edt_x', 7, 'edt_y'] } },
        tuple: { items: [{ title: 'edt_first' }, { append: 'edt_second' }] },
      },
      oneOf: [{ title: 'edt_one' }],
      definitions: { shared: { title: 'edt_shared' } },
      additionalProperties: { title: 'edt_extra' },
    };
    expect(collectPlaceholders(schema).map((p) => `${p.kind} ${p.key} ${p.pointer}`)).toEqual([
      'title edt_slash /properties/a~1b/title',
      'enum_title edt_x /properties/a~1b/options/enum_titles/0',
      'enum_title edt_y /properties/a~1b/options/enum_titles/2',
      'title edt_first /properties/tuple/items/0/title',
      'append edt_second /properties/tuple/items/1/append',
      'title edt_shared /definitions/shared/title',
      'title edt_one /oneOf/0/title',
      'title edt_extra /additionalProperties/title',
    ]);
  });

  it('survives cycles and empty input', () => {
    const cyclic: { title: string; items?: unknown } = { title: 'edt_loop' };
    cyclic.items = cyclic;
    expect(collectPlaceholders(cyclic)).toEqual([
      { key: 'edt_loop', kind: 'title', pointer: '/title' },
    ]);
    expect(collectPlaceholders({})).toEqual([]);
  });
});

describe('findMissingPhrases', () => {
  const phrases: Record<string, Record<string, string>> = {
    en: { edt_a: 'A', edt_b: 'B' },
    de: { edt_a: 'A' },
  };
  const has = (key: string, lng: string): boolean => phrases[lng]?.[key] !== undefined;

  it('names schemas by record key, or by index for a list', () => {
    const schemas = { one: { title: 'edt_a' }, two: { properties: { x: { title: 'edt_b' } } } };
    expect(findMissingPhrases(schemas, ['en', 'de'], has)).toEqual({
      en: [],
      de: [{ key: 'edt_b', kind: 'title', pointer: '/properties/x/title', schema: 'two' }],
    });
    expect(findMissingPhrases([{ append: 'edt_c' }], ['de'], has)).toEqual({
      de: [{ key: 'edt_c', kind: 'append', pointer: '/append', schema: '0' }],
    });
  });
});
