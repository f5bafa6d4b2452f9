import { describe, expect, it } from 'vitest';
import { missingBootEffects } from './boot-effects.js';

const instance = (id: number, settings: Record<string, unknown>) => ({
  id,
  name: `TV ${id}`,
  settings,
});

describe('missingBootEffects', () => {
  const here = ['Rainbow Wave', 'Comet'];

  it('names each boot and background effect this server does not have', () => {
    const config = {
      instances: [
        instance(0, {
          foregroundEffect: { enable: true, type: 'effect', effect: 'Rainbow swirl fast' },
          backgroundEffect: { enable: true, type: 'effect', effect: 'Warm mood blobs' },
        }),
        instance(1, { foregroundEffect: { enable: true, type: 'effect', effect: 'Comet' } }),
      ],
    };
    expect(missingBootEffects(config, here)).toEqual([
      { instance: 0, name: 'TV 0', group: 'foregroundEffect', effect: 'Rainbow swirl fast' },
      { instance: 0, name: 'TV 0', group: 'backgroundEffect', effect: 'Warm mood blobs' },
    ]);
  });

  it('skips disabled ones, colours, and groups left out (the default effect exists)', () => {
    const config = {
      instances: [
        instance(0, {
          foregroundEffect: { enable: false, type: 'effect', effect: 'Gone' },
          backgroundEffect: { enable: true, type: 'color', effect: 'Gone', color: [1, 2, 3] },
        }),
        instance(1, {}),
      ],
    };
    expect(missingBootEffects(config, here)).toEqual([]);
    // A Hyperion.ng backup's groups are JSON text: read as the server stores them.
    const hyperion = {
      instances: [
        instance(2, {
          foregroundEffect: JSON.stringify({
            enable: true,
            type: 'effect',
            effect: 'Knight rider',
          }),
        }),
      ],
    };
    expect(missingBootEffects(hyperion, here)).toEqual([
      { instance: 2, name: 'TV 2', group: 'foregroundEffect', effect: 'Knight rider' },
    ]);
  });
});
