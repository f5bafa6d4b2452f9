import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineError } from '@glowkit/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngineError } from '../src/rpc/engine-errors.js';
import type { Configuration } from '../src/store/config-store.js';
import { post } from './support/client.js';
import { configuration } from './support/configs.js';
import { writeEffect } from './support/effects.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * What a client reads when the engine refuses or fails a command: the engine reports codes, and
 * the server words them as Hyperion.ng's replies. These replies are pinned exactly.
 */

let t: TestServer;
let custom: string;

/** One instance of 4 LEDs on a file device, two colour adjustments, and a folder of effects. */
function testConfig(output: string): Configuration {
  const config = configuration([0], 4) as unknown as Configuration;
  const settings = config.instances[0]?.settings as Record<string, unknown>;
  settings.device = { type: 'file', hardwareLedCount: 4, output, colorOrder: 'rgb' };
  settings.foregroundEffect = { enable: false };
  settings.color = {
    imageToLedMappingType: 'multicolor_mean',
    channelAdjustment: [
      { id: 'tv', leds: '*' },
      { id: 'desk', leds: '*' },
    ],
  };
  config.global.settings.effects = { paths: [custom], disable: ['Blocked Name'] };
  return config;
}

beforeAll(async () => {
  custom = mkdtempSync(join(tmpdir(), 'glowkit-fx-'));
  writeEffect(custom, 'Broken', 'broken.py', 'import hyperion\nraise ValueError("no luck")\n');
  t = await startServer({
    // A script counts as started 1 s after READY by default; a loaded machine can take that long
    // to run Broken's two lines, and its failure would then come after a successful reply.
    engine: { effectLimits: { startTimeoutMs: 60_000 } },
    prepare: (server) => {
      const output = join(server.options.dataDir, 'leds.txt');
      server.store.replace(testConfig(output), 'test set-up');
    },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(custom, { recursive: true, force: true });
});

const rpc = async (body: Record<string, unknown>) =>
  (await post(`${t.http}/json-rpc`, body, { headers: { Authorization: `Bearer ${t.token}` } }))
    .json;

/**
 * Glowkit's code of each refusal (the engine's own), with the values a UI's phrase names: by the
 * command and Hyperion.ng's text, for {@link refused}.
 */
const CODES: Record<string, { errorCode: string; errorParams?: Record<string, unknown> }> = {
  "effect Effect 'No Such' not found": {
    errorCode: 'effect-not-found',
    errorParams: { name: 'No Such' },
  },
  'effect Invalid params': { errorCode: 'effect-args-invalid' },
  'effect Effect not started': {
    errorCode: 'effect-script-unknown',
    errorParams: { script: ':/effects/none.py', known: expect.any(String) },
  },
  'effect Effect failed to start': { errorCode: 'effect-start-failed' },
  'componentstate Component AUDIO is not available': {
    errorCode: 'component-unavailable',
    errorParams: {
      name: 'AUDIO',
      known: 'ALL, SMOOTHING, BLACKBORDER, FORWARDER, BOBLIGHTSERVER, GRABBER, V4L, LEDDEVICE',
    },
  },
  'adjustment adjustment.id: no adjustment "lamp"; use one of "tv", "desk", or leave id out for the first':
    { errorCode: 'adjustment-not-found', errorParams: { id: 'lamp', known: 'tv, desk' } },
  'create-effect Error during arg validation against schema': { errorCode: 'effect-args-invalid' },
  'create-effect Missing schema file for Python script :/effects/none.py': {
    errorCode: 'effect-script-unknown',
    errorParams: {
      script: ':/effects/none.py',
      known: expect.stringContaining(':/effects/pulse.py'),
    },
  },
  "create-effect The effect name 'Warm Pulse' is assigned to an internal effect. Please rename your effect.":
    { errorCode: 'effect-name-internal', errorParams: { name: 'Warm Pulse' } },
  "create-effect The effect name 'Blocked Name' is listed in effects.disable, so it would never load. Please rename your effect or enable the name.":
    { errorCode: 'effect-name-disabled', errorParams: { name: 'Blocked Name' } },
  'delete-effect Effect No Such not found': {
    errorCode: 'effect-not-found',
    errorParams: { name: 'No Such' },
  },
  "delete-effect Can't delete internal effect: Warm Pulse": {
    errorCode: 'effect-internal',
    errorParams: { name: 'Warm Pulse' },
  },
  'color Component ALL is disabled': { errorCode: 'instance-off' },
  'effect Component ALL is disabled': { errorCode: 'instance-off' },
};

const refused = (command: string, error: string, ...details: string[]) => {
  const coded = CODES[`${command} ${error}`];
  if (!coded) throw new Error(`the test names no code for ${command} "${error}"`);
  return {
    command,
    error,
    errorCode: coded.errorCode,
    ...(details.length > 0 ? { errorData: details.map((description) => ({ description })) } : {}),
    ...(coded.errorParams ? { errorParams: coded.errorParams } : {}),
    success: false,
    tan: 7,
  };
};

describe('engine failures, as clients read them', () => {
  it('answers an effect that is unknown, has bad args, or has no schema', async () => {
    expect(
      await rpc({ command: 'effect', tan: 7, priority: 60, effect: { name: 'No Such' } }),
    ).toEqual(
      refused(
        'effect',
        "Effect 'No Such' not found",
        '/effect/name: no effect is called "No Such"; serverinfo lists the effects (names are case-sensitive)',
      ),
    );
    expect(
      await rpc({
        command: 'effect',
        tan: 7,
        priority: 60,
        effect: { name: 'Warm Pulse', args: { period: 'slow', color: [300, 0, 0], sped: 1 } },
      }),
    ).toEqual(
      refused(
        'effect',
        'Invalid params',
        '/effect/args/period: must be a number, not "slow"',
        '/effect/args/color/0: colour channel 300 must be an integer from 0 to 255',
        '/effect/args/sped: "sped" is not an option of pulse.py; its options are color, period, min-brightness, waveform, smoothing-custom-settings, smoothing-time_ms, smoothing-updateFrequency',
      ),
    );
    expect(
      await rpc({
        command: 'effect',
        tan: 7,
        priority: 60,
        effect: { name: 'Mine' },
        pythonScript: ':/effects/none.py',
      }),
    ).toEqual(
      refused(
        'effect',
        'Effect not started',
        '/pythonScript: no effect script ":/effects/none.py" is known; use the "script" of an entry of serverinfo\'s effects',
      ),
    );
    expect(
      await rpc({
        command: 'effect',
        tan: 7,
        priority: 60,
        effect: { name: 'Mine', args: { period: 0 } },
        pythonScript: ':/effects/pulse.py',
      }),
    ).toEqual(
      refused('effect', 'Invalid params', '/effect/args/period: 0 is less than the minimum 0.5'),
    );
  });

  it('answers an effect that fails at start with its reason', async () => {
    const reply = await rpc({
      command: 'effect',
      tan: 7,
      priority: 50,
      effect: { name: 'Broken' },
    });
    expect(reply).toEqual(
      refused(
        'effect',
        'Effect failed to start',
        "Effect 'Broken' failed: ValueError: no luck (broken.py line 2)",
      ),
    );
  });

  it('answers a component it lacks, and an adjustment id it does not have', async () => {
    expect(
      await rpc({
        command: 'componentstate',
        tan: 7,
        componentstate: { component: 'AUDIO', state: true },
      }),
    ).toEqual(
      refused(
        'componentstate',
        'Component AUDIO is not available',
        '/componentstate/component: this server has no AUDIO; it switches ALL, SMOOTHING, BLACKBORDER, FORWARDER, BOBLIGHTSERVER, GRABBER, V4L, LEDDEVICE',
      ),
    );
    expect(
      await rpc({ command: 'adjustment', tan: 7, adjustment: { id: 'lamp', brightness: 10 } }),
    ).toEqual(
      refused(
        'adjustment',
        'adjustment.id: no adjustment "lamp"; use one of "tv", "desk", or leave id out for the first',
      ),
    );
  });

  it('refuses custom effects as Hyperion.ng does, naming the pointer of bad args', async () => {
    const create = (name: string, script: string, args: Record<string, unknown>) =>
      rpc({ command: 'create-effect', tan: 7, name, script, args });
    const noSchema = await create('Mine', ':/effects/none.py', { a: 1 });
    expect(noSchema).toMatchObject(
      refused('create-effect', 'Missing schema file for Python script :/effects/none.py'),
    );
    expect((noSchema.errorData as { description: string }[])[0]?.description).toMatch(
      /^scripts with a schema: .*:\/effects\/pulse\.py/,
    );
    expect(await create('Mine', ':/effects/pulse.py', { period: 99 })).toEqual(
      refused(
        'create-effect',
        'Error during arg validation against schema',
        '/args/period: 99 is greater than the maximum 30',
      ),
    );
    expect(await create('Warm Pulse', ':/effects/pulse.py', { period: 2 })).toEqual(
      refused(
        'create-effect',
        "The effect name 'Warm Pulse' is assigned to an internal effect. Please rename your effect.",
      ),
    );
    expect(await create('Blocked Name', ':/effects/pulse.py', { period: 2 })).toEqual(
      refused(
        'create-effect',
        "The effect name 'Blocked Name' is listed in effects.disable, so it would never load. Please rename your effect or enable the name.",
      ),
    );
    expect(await rpc({ command: 'delete-effect', tan: 7, name: 'No Such' })).toEqual(
      refused('delete-effect', 'Effect No Such not found'),
    );
    expect(await rpc({ command: 'delete-effect', tan: 7, name: 'Warm Pulse' })).toEqual(
      refused('delete-effect', "Can't delete internal effect: Warm Pulse"),
    );
  });

  it('answers a switched-off instance, whatever the source', async () => {
    const off = await rpc({
      command: 'componentstate',
      componentstate: { component: 'ALL', state: false },
    });
    expect(off).toMatchObject({ success: true });
    const disabled = [
      'Component ALL is disabled',
      'the instance is switched off; switch it on with componentstate ALL true first',
    ] as const;
    expect(await rpc({ command: 'color', tan: 7, priority: 50, color: [1, 2, 3] })).toEqual(
      refused('color', ...disabled),
    );
    expect(
      await rpc({ command: 'effect', tan: 7, priority: 50, effect: { name: 'Comet' } }),
    ).toEqual(refused('effect', ...disabled));
    await rpc({ command: 'componentstate', componentstate: { component: 'ALL', state: true } });
  });
});

describe('describeEngineError', () => {
  // Failures a running server rarely meets (a full disk, a race, a value the protocol already
  // refuses), each with the reply text it had when the engine wrote it.
  it.each([
    [
      'effect',
      engineError('instance-closing', {}),
      ['Effect not started', 'the instance is stopping'],
    ],
    [
      'effect',
      engineError('effect-superseded', { priority: 40 }),
      ['Effect not started', 'priority 40 was taken by a newer request while this effect started'],
    ],
    ['create-effect', engineError('effect-args-missing', {}), ["Missing or empty Object 'args'"]],
    [
      'create-effect',
      engineError('effect-name-empty', { name: ':x' }),
      ["Can't save new effect. Effect name is empty or begins with ':' or '.'"],
    ],
    [
      'create-effect',
      engineError('effect-name-unsafe', { name: 'a/b' }),
      [
        "Can't save new effect. The name 'a/b' must not contain '/', '\\', '..' or control characters",
      ],
    ],
    [
      'create-effect',
      engineError('custom-folder-missing', {}),
      ["Can't save new effect: effects.paths names no folder for custom effects; add one"],
    ],
    [
      'create-effect',
      engineError('custom-folder-failed', { dir: '/d/fx', reason: 'EEXIST: file exists' }),
      ["Can't save effect: the folder /d/fx can't be created", 'EEXIST: file exists'],
    ],
    [
      'create-effect',
      engineError('image-data-invalid', {}),
      ["Can't save effect: imageData is not base64"],
    ],
    [
      'create-effect',
      engineError('image-name-invalid', { file: '..' }),
      ['Can\'t save effect: args.file ".." is not a file name'],
    ],
    [
      'create-effect',
      engineError('image-write-failed', { file: '/d/cat.gif', reason: 'EACCES: denied' }),
      ['Error while saving image file /d/cat.gif. Please check permissions', 'EACCES: denied'],
    ],
    [
      'create-effect',
      engineError('definition-write-failed', { file: '/d/Cat.json', reason: 'ENOSPC: full' }),
      ['Error while saving effect file /d/Cat.json. Please check permissions', 'ENOSPC: full'],
    ],
    [
      'delete-effect',
      engineError('definition-missing', { file: '/d/Cat.json' }),
      ["Can't find effect configuration file: /d/Cat.json"],
    ],
    [
      'delete-effect',
      engineError('definition-delete-failed', { file: '/d/Cat.json', reason: 'EISDIR: dir' }),
      [
        "Can't delete effect configuration file: /d/Cat.json. Please check permissions",
        'EISDIR: dir',
      ],
    ],
    [
      'componentstate',
      engineError('component-unknown', { name: 'TOASTER', known: ['ALL', 'SMOOTHING'] }),
      ['Unknown component name: TOASTER', '/componentstate/component: one of ALL, SMOOTHING'],
    ],
    ['adjustment', engineError('adjustment-none', {}), ['No adjustment data available']],
  ] as const)('%s: %o', (command, failure, [error, ...details]) => {
    expect(describeEngineError(command, failure)).toEqual({ error, details });
  });
});
