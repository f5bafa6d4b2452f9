import { describe, expect, it } from 'vitest';
import { isUnicolor, MAPPING_TYPES, mappingTypeOf } from './mapping-type.js';

describe('mapping types', () => {
  it("lists the seven types in Hyperion.ng's integer order", () => {
    expect(MAPPING_TYPES).toEqual([
      'multicolor_mean',
      'multicolor_mean_squared',
      'unicolor_mean',
      'dominant_color',
      'unicolor_dominant',
      'dominant_color_advanced',
      'unicolor_dominant_advanced',
    ]);
  });

  it('reads names and integer codes, and falls back to multicolor_mean', () => {
    expect(mappingTypeOf('unicolor_mean')).toBe('unicolor_mean');
    expect(mappingTypeOf('dominant_color_advanced')).toBe('dominant_color_advanced');
    expect(mappingTypeOf(2)).toBe('unicolor_mean');
    expect(mappingTypeOf(6)).toBe('unicolor_dominant_advanced');
    expect(mappingTypeOf('Unicolor_Mean')).toBe('multicolor_mean');
    expect(mappingTypeOf(7)).toBe('multicolor_mean');
    expect(mappingTypeOf(1.5)).toBe('multicolor_mean');
    expect(mappingTypeOf(undefined)).toBe('multicolor_mean');
    expect(mappingTypeOf(null)).toBe('multicolor_mean');
  });

  it('knows which types give every LED the same colour', () => {
    expect(MAPPING_TYPES.filter(isUnicolor)).toEqual([
      'unicolor_mean',
      'unicolor_dominant',
      'unicolor_dominant_advanced',
    ]);
  });
});
