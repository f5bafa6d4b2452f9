/** Configurations for the store tests, built from our own defaults. */
import type { Configuration } from '../../src/config/configuration.js';
import {
  defaultGlobalSettings,
  defaultGroup,
  defaultInstanceSettings,
} from '../../src/config/defaults.js';
import { GLOBAL_GROUPS, INSTANCE_GROUPS } from '../../src/config/groups.js';

/** A group value changed from the default so that a round trip cannot pass by accident. */
function marked(name: string, marker: string): unknown {
  const value = defaultGroup(name);
  if (Array.isArray(value)) {
    return [...value, { hmin: 0.5, hmax: 0.75, vmin: 0.125, vmax: 1, name: marker }];
  }
  return {
    ...value,
    glowkitMarker: marker,
    nested: { list: [1, 'two', null, true], unicode: 'ü🙂' },
  };
}

/** A configuration with every group of every instance changed; instances with the given ids. */
export function markedConfiguration(marker: string, ids: number[] = [0]): Configuration {
  return {
    global: {
      settings: Object.fromEntries(GLOBAL_GROUPS.map((g) => [g, marked(g, `${marker} ${g}`)])),
    },
    instanceIds: ids,
    instances: ids.map((id, index) => ({
      id,
      name: `${marker} instance ${id}`,
      // Alternate so that both values are stored.
      enabled: index % 2 === 0,
      settings: Object.fromEntries(
        INSTANCE_GROUPS.map((g) => [g, marked(g, `${marker} ${g} of ${id}`)]),
      ),
    })),
  };
}

/** A small valid configuration with the default settings and the given instance ids. */
export function simpleConfiguration(ids: number[] = [0], name = 'Living room'): Configuration {
  return {
    global: { settings: defaultGlobalSettings() },
    instanceIds: ids,
    instances: ids.map((id) => ({
      id,
      name: `${name} ${id}`,
      enabled: true,
      settings: defaultInstanceSettings(),
    })),
  };
}

/** `config` without the UUID, for comparing with a stored configuration. */
export function withoutUuid(config: Configuration): Configuration {
  const { uuid: _uuid, ...global } = config.global;
  return { ...config, global };
}

/** `value`, failing the test when it is undefined or null. */
export function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}
