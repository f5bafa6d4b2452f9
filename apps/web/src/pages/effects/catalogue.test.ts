import { describe, expect, it } from 'vitest';
import { effectPath, isCustom, searchEffects } from './catalogue.js';
import { effectSchemasOf } from './effect-schemas.js';

const effect = (name: string, file: string) => ({ name, file, script: ':/effects/x.py', args: {} });

describe('isCustom', () => {
  it('tells bundled files (resource paths) from the user’s own', () => {
    expect(isCustom({ file: ':/effects/rainbow.json' })).toBe(false);
    expect(isCustom({ file: '/home/me/.local/share/glowkit/custom-effects/Mine.json' })).toBe(true);
  });
});

describe('searchEffects', () => {
  const effects = [
    effect('Rainbow Wave', ':/effects/rainbow.json'),
    effect('Campfire', ':/effects/fire.json'),
    effect('Flämmchen', '/data/custom/f.json'),
    effect('Wave of mine', '/data/custom/w.json'),
  ];

  it('finds every word in any order, ignoring case and accents, custom and bundled apart', () => {
    const found = searchEffects(effects, '  wave ');
    expect(found.custom.map((e) => e.name)).toEqual(['Wave of mine']);
    expect(found.bundled.map((e) => e.name)).toEqual(['Rainbow Wave']);
    expect(searchEffects(effects, 'FLAMM').custom.map((e) => e.name)).toEqual(['Flämmchen']);
    expect(searchEffects(effects, 'wave rain').bundled.map((e) => e.name)).toEqual([
      'Rainbow Wave',
    ]);
  });

  it('shows everything for an empty query and nothing for one that matches nothing', () => {
    const all = searchEffects(effects, '');
    expect(all.custom.length + all.bundled.length).toBe(4);
    const none = searchEffects(effects, 'zzz');
    expect(none.custom.length + none.bundled.length).toBe(0);
  });
});

describe('effectPath', () => {
  it('encodes the name as one path segment', () => {
    expect(effectPath('Rainbow Wave')).toBe('/effects/Rainbow%20Wave');
    expect(effectPath('a/b?c#d')).toBe('/effects/a%2Fb%3Fc%23d');
  });
});

describe('effectSchemasOf', () => {
  const entry = {
    script: ':/effects/pulse.py',
    schemaLocation: ':/effects/schema/pulse.schema.json',
    schemaContent: { type: 'object' },
    type: 'system',
  };

  it('maps scripts to schemas from effectSchemas', () => {
    expect(effectSchemasOf({ effectSchemas: [entry] }).get(':/effects/pulse.py')).toEqual({
      type: 'object',
    });
    expect(effectSchemasOf({ effectSchemas: [] }).size).toBe(0);
  });
});
