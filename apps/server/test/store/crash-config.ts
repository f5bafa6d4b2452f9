/** The configurations the crash test writes: generation n is recognisable in every group. */
import type { Configuration } from '../../src/config/configuration.js';
import { defaultGroup } from '../../src/config/defaults.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';

function group(name: string, gen: number): unknown {
  const value = defaultGroup(name);
  // Some bulk so that a transaction spans several pages.
  const filler = 'x'.repeat(200 + (gen % 7) * 50);
  return Array.isArray(value)
    ? [...value, { hmin: 0, hmax: 1, vmin: 0, vmax: 1, generation: gen, filler }]
    : { ...value, generation: gen, filler };
}

/** Generation `gen`: 1 to 4 instances whose ids depend on `gen`, every group tagged with it. */
export function generation(gen: number): Configuration {
  const ids = Array.from({ length: 1 + (gen % 4) }, (_, i) => (gen * 3 + i * 5) % 250);
  return {
    global: { settings: Object.fromEntries(GLOBAL_GROUPS.map((g) => [g, group(g, gen)])) },
    instanceIds: ids,
    instances: ids.map((id, i) => ({
      id,
      name: `gen ${gen} instance ${i}`,
      enabled: (gen + i) % 2 === 0,
      settings: Object.fromEntries(INSTANCE_GROUPS.map((g) => [g, group(g, gen)])),
    })),
  };
}
