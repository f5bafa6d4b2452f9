/**
 * The configurations the server's tests restore (test/support/configs.ts: partial groups, an
 * empty channelAdjustment, a boot effect Glowkit does not ship) are valid for the settings
 * groups' schemas, so that a stricter restore keeps taking them.
 */
import { isSettingsGroupName, settingsValidators } from '@glowkit/protocol';
import { describe, expect, it } from 'vitest';
import { configuration } from '../support/configs.js';

type Groups = Record<string, unknown>;

function problems(groups: Groups, at: string): string[] {
  return Object.entries(groups).flatMap(([name, value]) => {
    if (!isSettingsGroupName(name)) return [`${at}/${name}: not a settings group`];
    const validate = settingsValidators[name];
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${at}/${name}${e.instancePath}: ${e.message}`);
  });
}

describe('the test configurations', () => {
  it.each([
    [[0, 1], 4],
    [[0], 1],
    [[3, 255], 70],
  ] as const)('instances %j with %i LEDs validate group by group', (ids, leds) => {
    const config = configuration([...ids], leds) as {
      global: { settings: Groups };
      instances: { settings: Groups }[];
    };
    expect(problems(config.global.settings, '/global/settings')).toEqual([]);
    config.instances.forEach((instance, i) => {
      expect(problems(instance.settings, `/instances/${i}/settings`)).toEqual([]);
    });
  });
});
