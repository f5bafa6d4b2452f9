import { describe, expect, it } from 'vitest';
import { isUnicolor, MAPPING_TYPES } from './mapping-type.js';

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

  it('knows which types give every LED the same colour', () => {
    expect(MAPPING_TYPES.filter(isUnicolor)).toEqual([
      'unicolor_mean',
      'unicolor_dominant',
      'unicolor_dominant_advanced',
    ]);
  });
});
