import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeJsonSyntaxError,
  GLOBAL_GROUPS,
  groupValue,
  INSTANCE_GROUPS,
  parseJson,
  readEnvelope,
  validateRestoreRequest,
} from '../src/index.js';
import { described } from './requests.js';

// Hyperion.ng's own default settings; the location comes from the environment so the suite never
// depends on where the corpus lives (and skips when it is not there).
const corpus = process.env.GLOWKIT_CORPUS;

interface Defaults {
  global: Record<string, unknown>;
  instance: Record<string, unknown>;
}

async function readDefaults(): Promise<Defaults> {
  const text = await readFile(
    join(corpus ?? '', 'settings', 'hyperion.settings.json.default'),
    'utf8',
  );
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
  return parsed.value as Defaults;
}

// The configuration a Hyperion.ng export of a fresh install would hold.
function fullRequest(defaults: Defaults, encode: (group: unknown) => unknown = (group) => group) {
  const settingsOf = (groups: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, encode(value)]));
  return {
    command: 'config',
    subcommand: 'restoreconfig',
    tan: 1,
    config: {
      global: {
        settings: settingsOf(defaults.global),
        uuid: '0f1c6a0e-3b1d-5c2a-9e4f-6a7b8c9d0e1f',
      },
      instanceIds: [0],
      instances: [
        {
          id: 0,
          name: 'First LED Hardware instance',
          enabled: true,
          settings: settingsOf(defaults.instance),
        },
      ],
    },
  };
}

describe.skipIf(corpus === undefined || corpus === '')('Hyperion.ng corpus', () => {
  it('has exactly the global and instance groups this package knows', async () => {
    const defaults = await readDefaults();
    expect(Object.keys(defaults.global).sort()).toEqual([...GLOBAL_GROUPS].sort());
    expect(Object.keys(defaults.instance).sort()).toEqual([...INSTANCE_GROUPS].sort());
  });

  it('a full configuration built from the defaults validates clean, as sent over the wire', async () => {
    const request = fullRequest(await readDefaults());
    const parsed = parseJson(JSON.stringify(request, null, 2));
    if (!parsed.ok) throw new Error(describeJsonSyntaxError(parsed.error));
    expect(readEnvelope(parsed.value)).toMatchObject({
      ok: true,
      name: 'config-restoreconfig',
      tan: 1,
    });
    expect(validateRestoreRequest(parsed.value)).toEqual([]);
  });

  it('validates clean with every group as a string holding JSON, and groupValue restores it', async () => {
    const defaults = await readDefaults();
    const request = fullRequest(defaults, (group) => JSON.stringify(group));
    expect(validateRestoreRequest(request)).toEqual([]);
    const [first] = request.config.instances;
    expect(groupValue(first?.settings.leds)).toEqual(defaults.instance.leds);
    expect(groupValue(request.config.global.settings.webConfig)).toEqual(defaults.global.webConfig);
  });

  it('reports the groups of a default configuration put in the wrong section', async () => {
    const defaults = await readDefaults();
    const request = fullRequest({ global: defaults.instance, instance: defaults.global });
    const found = described(validateRestoreRequest(request));
    expect(found).toHaveLength(GLOBAL_GROUPS.length + INSTANCE_GROUPS.length);
    expect(found).toContain(
      '/config/global/settings/leds: "leds" is an instance group, not a global group: move it into an instance\'s settings',
    );
    expect(found).toContain(
      '/config/instances/0/settings/general: "general" is a global group, not an instance group: move it into config.global.settings',
    );
  });
});
