import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_EFFECT_NAMES } from '../../test/support/bundled-effects.js';
import { type CatalogueOptions, EffectCatalogue } from './effect-catalogue.js';

/** The repository's bundled effects folder. */
const BUNDLED = fileURLToPath(new URL('../../../../effects', import.meta.url));

const BUNDLED_NAMES = BUNDLED_EFFECT_NAMES;

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gk-catalogue-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function options(overrides: Partial<CatalogueOptions> = {}): CatalogueOptions {
  return {
    bundledDir: BUNDLED,
    paths: ['$ROOT/custom-effects'],
    disable: [],
    rootDir: root,
    ...overrides,
  };
}

async function put(file: string, text: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe('the bundled effects', () => {
  it('all load with no problems, sorted by name', async () => {
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.effects.map((e) => e.name)).toEqual(BUNDLED_NAMES);
    expect(catalogue.effects.every((e) => e.system)).toBe(true);
    expect(catalogue.schemas).toHaveLength(11);
  });

  it('describe each definition with absolute paths, its args and its schema', async () => {
    const catalogue = await EffectCatalogue.load(options());
    const pulse = catalogue.find('Warm Pulse');
    const onDisk = JSON.parse(await readFile(path.join(BUNDLED, 'pulse.json'), 'utf8'));
    expect(pulse).toMatchObject({
      name: 'Warm Pulse',
      file: path.join(BUNDLED, 'pulse.json'),
      script: path.join(BUNDLED, 'pulse.py'),
      schemaFile: path.join(BUNDLED, 'schema', 'pulse.schema.json'),
      system: true,
    });
    expect(pulse?.args).toEqual(onDisk.args);
    expect(pulse?.schema?.title).toBe('edt_eff_pulse_header');
    expect(Object.isFrozen(pulse?.args)).toBe(true);
  });

  it('find is exact and case-sensitive', async () => {
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.find('Comet')?.name).toBe('Comet');
    expect(catalogue.find('comet')).toBeUndefined();
    expect(catalogue.find('Comet ')).toBeUndefined();
  });

  it('show bundled files in serverinfo as :/effects/ paths, like ng', async () => {
    const catalogue = await EffectCatalogue.load(options());
    const info = catalogue.serverInfo();
    expect(info).toHaveLength(16);
    expect(info.find((e) => e.name === 'Red Alert')).toEqual({
      name: 'Red Alert',
      file: ':/effects/strobe-alert.json',
      script: ':/effects/strobe.py',
      args: { color: [255, 0, 0], frequency: 8, 'duty-cycle': 50, rhythm: 'x.x.x...' },
    });
  });

  it('list the schemas as config getschema does, found by shown or absolute script', async () => {
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.schemas.map((s) => s.script)).toEqual(
      ['chase', 'clock', 'comet', 'fire', 'morse', 'palettes', 'pulse', 'rainbow', 'scanner']
        .concat(['strobe', 'twinkle'])
        .map((n) => `:/effects/${n}.py`),
    );
    const byShown = catalogue.schemaFor(':/effects/morse.py');
    expect(byShown).toMatchObject({
      script: ':/effects/morse.py',
      schemaLocation: ':/effects/schema/morse.schema.json',
      type: 'system',
      scriptFile: path.join(BUNDLED, 'morse.py'),
      schemaFile: path.join(BUNDLED, 'schema', 'morse.schema.json'),
    });
    expect(byShown?.schemaContent.title).toBe('edt_eff_morse_header');
    expect(catalogue.schemaFor(path.join(BUNDLED, 'morse.py'))).toBe(byShown);
    expect(catalogue.schemaFor('morse.py')).toBeUndefined();
    expect(catalogue.schemaFor(':/effects/nope.py')).toBeUndefined();
  });
});

describe('custom folders', () => {
  it('are created when missing (mode 0755), $ROOT replaced, and not an error', async () => {
    const catalogue = await EffectCatalogue.load(options({ paths: ['$ROOT/a/b', 'rel'] }));
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.customDirs).toEqual([path.join(root, 'a/b'), path.join(root, 'rel')]);
    const info = await stat(path.join(root, 'a/b'));
    expect(info.isDirectory()).toBe(true);
    expect(info.mode & 0o777).toBe(0o755 & ~process.umask());
    expect((await stat(path.join(root, 'rel'))).isDirectory()).toBe(true);
  });

  it('override a bundled effect of the same name', async () => {
    const custom = path.join(root, 'custom-effects');
    const file = await put(
      path.join(custom, 'mine.json'),
      JSON.stringify({ name: 'Warm Pulse', script: ':/effects/pulse.py', args: { period: 9 } }),
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.effects.map((e) => e.name)).toEqual(BUNDLED_NAMES);
    expect(catalogue.find('Warm Pulse')).toMatchObject({
      file,
      script: path.join(BUNDLED, 'pulse.py'),
      args: { period: 9 },
      system: false,
    });
    expect(catalogue.serverInfo().find((e) => e.name === 'Warm Pulse')).toEqual({
      name: 'Warm Pulse',
      file,
      script: ':/effects/pulse.py',
      args: { period: 9 },
    });
    expect(catalogue.bundledNames.has('Warm Pulse')).toBe(true);
  });

  it('override each other in order, and hold custom scripts with their own schemas', async () => {
    const first = path.join(root, 'first');
    const second = path.join(root, 'second');
    const schema = {
      type: 'object',
      script: 'glow.py',
      title: 'edt_eff_glow_header',
      required: true,
      properties: {
        level: { type: 'integer', title: 'edt_eff_level', default: 5, minimum: 0, maximum: 10 },
      },
      additionalProperties: false,
    };
    await put(path.join(first, 'glow.py'), 'import hyperion\n');
    await put(path.join(first, 'schema', 'glow.schema.json'), JSON.stringify(schema));
    await put(
      path.join(first, 'glow.json'),
      JSON.stringify({ name: 'Glow', script: 'glow.py', args: { level: 1 } }),
    );
    const winner = await put(
      path.join(second, 'glow-too.json'),
      JSON.stringify({ name: 'Glow', script: path.join(first, 'glow.py'), args: { level: 2 } }),
    );
    const catalogue = await EffectCatalogue.load(options({ paths: [first, second] }));
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.effects).toHaveLength(17);
    expect(catalogue.find('Glow')).toMatchObject({
      file: winner,
      script: path.join(first, 'glow.py'),
      args: { level: 2 },
      schemaFile: path.join(first, 'schema', 'glow.schema.json'),
      system: false,
    });
    expect(catalogue.schemaFor(path.join(first, 'glow.py'))).toMatchObject({
      script: path.join(first, 'glow.py'),
      schemaLocation: path.join(first, 'schema', 'glow.schema.json'),
      type: 'custom',
    });
  });

  it('keep a definition\'s "network": true, Glowkit\'s key, and refuse one that is not a boolean', async () => {
    const dir = path.join(root, 'custom-effects');
    const schema = {
      type: 'object',
      script: 'net.py',
      title: 'edt_eff_net_header',
      properties: {},
      additionalProperties: false,
    };
    await put(path.join(dir, 'net.py'), 'import hyperion\n');
    await put(path.join(dir, 'schema', 'net.schema.json'), JSON.stringify(schema));
    await put(
      path.join(dir, 'online.json'),
      JSON.stringify({ name: 'Online', script: 'net.py', network: true, args: {} }),
    );
    await put(
      path.join(dir, 'offline.json'),
      JSON.stringify({ name: 'Offline', script: 'net.py', args: {} }),
    );
    const bad = await put(
      path.join(dir, 'maybe.json'),
      JSON.stringify({ name: 'Maybe', script: 'net.py', network: 'yes', args: {} }),
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.find('Online')?.network).toBe(true);
    expect(catalogue.find('Offline')?.network).toBe(false);
    expect(catalogue.find('Maybe')).toBeUndefined();
    expect(catalogue.problems).toHaveLength(1);
    expect(catalogue.problems[0]?.file).toBe(bad);
    expect(JSON.stringify(catalogue.problems[0])).toContain(
      'network must be true (the script may use the network) or false, not \\"yes\\"',
    );
  });

  it('read files in case-insensitive name order: a later file of the same name wins', async () => {
    const custom = path.join(root, 'custom-effects');
    // Code-unit order would read "B.json" before "a.json"; ng reads a, then B.
    await put(
      path.join(custom, 'B.json'),
      JSON.stringify({ name: 'Twin', script: ':/effects/pulse.py', args: { period: 2 } }),
    );
    await put(
      path.join(custom, 'a.json'),
      JSON.stringify({ name: 'Twin', script: ':/effects/pulse.py', args: { period: 1 } }),
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.find('Twin')?.file).toBe(path.join(custom, 'B.json'));
  });

  it('skip hidden files, such as the temporary files of a write in progress', async () => {
    const custom = path.join(root, 'custom-effects');
    await put(
      path.join(custom, '.MyPulse.json.123.ab.tmp.json'),
      JSON.stringify({ name: 'Hidden', script: ':/effects/pulse.py', args: {} }),
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.find('Hidden')).toBeUndefined();
    expect(catalogue.problems).toEqual([]);
  });

  it('sort names by code unit, not by locale', async () => {
    const custom = path.join(root, 'custom-effects');
    for (const name of ['alpha', 'Zeta', 'Beta']) {
      await put(
        path.join(custom, `${name}.json`),
        JSON.stringify({ name, script: ':/effects/pulse.py', args: {} }),
      );
    }
    const catalogue = await EffectCatalogue.load(options({ disable: BUNDLED_NAMES }));
    expect(catalogue.effects.map((e) => e.name)).toEqual(['Beta', 'Zeta', 'alpha']);
  });

  it('skip entries of effects.paths that are not paths, with a problem', async () => {
    const paths = ['', 42, '$ROOT/ok'] as unknown as string[];
    const catalogue = await EffectCatalogue.load(options({ paths }));
    expect(catalogue.customDirs).toEqual([path.join(root, 'ok')]);
    expect(catalogue.problems).toEqual([
      {
        file: 'effects.paths/0',
        messages: ['effects.paths/0: is not a folder path; ignored (effects-paths)'],
      },
      {
        file: 'effects.paths/1',
        messages: ['effects.paths/1: is not a folder path; ignored (effects-paths)'],
      },
    ]);
    expect(catalogue.effects).toHaveLength(16);
  });

  it('report a custom path that is a file, and still load the rest', async () => {
    const file = await put(path.join(root, 'not-a-folder'), 'x');
    const catalogue = await EffectCatalogue.load(options({ paths: [file] }));
    expect(catalogue.problems).toEqual([
      { file, messages: [`${file}: is not a folder; fix effects.paths (effects-folder)`] },
    ]);
    expect(catalogue.effects).toHaveLength(16);
  });
});

describe('resource folders', () => {
  it('are beside the definition, beside the script, each effects.paths folder, then the bundled one', async () => {
    const definitions = path.join(root, 'definitions');
    const scripts = path.join(root, 'scripts');
    const shared = path.join(root, 'shared');
    await put(path.join(scripts, 'glow.py'), 'import hyperion\n');
    await put(
      path.join(scripts, 'schema', 'glow.schema.json'),
      JSON.stringify({
        type: 'object',
        script: 'glow.py',
        title: 'edt_eff_glow_header',
        required: true,
        properties: {},
      }),
    );
    await put(
      path.join(definitions, 'glow.json'),
      JSON.stringify({ name: 'Glow', script: path.join(scripts, 'glow.py'), args: {} }),
    );
    const catalogue = await EffectCatalogue.load(
      options({ paths: [definitions, shared, scripts] }),
    );
    expect(catalogue.problems).toEqual([]);
    const glow = catalogue.find('Glow');
    expect(glow).toBeDefined();
    expect(catalogue.resourceDirs(glow as NonNullable<typeof glow>)).toEqual([
      definitions,
      scripts,
      shared,
      BUNDLED,
    ]);
    // A bundled definition: its own folder, then the custom ones.
    const comet = catalogue.find('Comet');
    expect(catalogue.resourceDirs(comet as NonNullable<typeof comet>)).toEqual([
      BUNDLED,
      definitions,
      shared,
      scripts,
    ]);
    // A script run by its schema, without a definition.
    expect(catalogue.resourceDirs({ script: path.join(scripts, 'glow.py') })).toEqual([
      scripts,
      definitions,
      shared,
      BUNDLED,
    ]);
  });
});

describe('disable', () => {
  it('leaves the named effects out, by exact name', async () => {
    const catalogue = await EffectCatalogue.load(options({ disable: ['Comet', 'red alert'] }));
    expect(catalogue.effects.map((e) => e.name)).toEqual(
      BUNDLED_NAMES.filter((n) => n !== 'Comet'),
    );
    expect(catalogue.find('Comet')).toBeUndefined();
    expect(catalogue.problems).toEqual([]);
  });
});

describe('bad files', () => {
  it('become problems with line:column, and the others are still listed', async () => {
    const custom = path.join(root, 'custom-effects');
    const broken = await put(
      path.join(custom, 'broken.json'),
      '{\n  "name": "Broken",\n  "script": "pulse.py"\n  "args": {}\n}\n',
    );
    const badArg = await put(
      path.join(custom, 'fast.json'),
      '{\n  "name": "Too Fast",\n  "script": ":/effects/pulse.py",\n  "args": { "period": 99 }\n}\n',
    );
    const noScript = await put(
      path.join(custom, 'lost.json'),
      '{\n  "name": "Lost",\n  "script": "nothere.py",\n  "args": {}\n}\n',
    );
    await put(
      path.join(custom, 'good.json'),
      JSON.stringify({ name: 'Good', script: ':/effects/pulse.py', args: { period: 3 } }),
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.problems).toHaveLength(3);
    const [first, second, third] = catalogue.problems;
    expect(first).toEqual({
      file: broken,
      messages: [`${broken}:4:3 invalid JSON: expected ',' or '}', found '"' (invalid-json)`],
    });
    expect(second).toEqual({
      file: badArg,
      messages: [
        `${badArg}:4:23 arg "period": 99 is greater than the maximum 30 (definition-args)`,
      ],
    });
    expect(third).toEqual({
      file: noScript,
      messages: [
        `${noScript}:3:13 the script "nothere.py" was not found at ${path.join(custom, 'nothere.py')}; add it or fix "script" (definition-script)`,
      ],
    });
    expect(catalogue.effects.map((e) => e.name)).toEqual([...BUNDLED_NAMES, 'Good'].sort());
    expect(catalogue.find('Too Fast')).toBeUndefined();
  });

  it('a broken schema is a problem, and so are the definitions that use it', async () => {
    const custom = path.join(root, 'custom-effects');
    await put(path.join(custom, 'glow.py'), 'import hyperion\n');
    const schemaFile = await put(
      path.join(custom, 'schema', 'glow.schema.json'),
      '{\n  "type": "object",\n  "script": "glow.py",\n  "properties": {\n    "level": { "type": "integer", "default": "high" }\n  }\n}\n',
    );
    const definition = await put(
      path.join(custom, 'glow.json'),
      '{ "name": "Glow", "script": "glow.py", "args": {} }',
    );
    const catalogue = await EffectCatalogue.load(options());
    const files = catalogue.problems.map((p) => p.file);
    expect(files).toEqual([schemaFile, definition]);
    expect(catalogue.problems[0]?.messages).toContain(
      `${schemaFile}:5:46 default of option "level" must be an integer (default-type)`,
    );
    expect(catalogue.problems[1]?.messages).toHaveLength(1);
    expect(catalogue.problems[1]?.messages[0]).toMatch(
      new RegExp(
        `^${escapeRegExp(definition)}:1:29 the option schema of "glow.py" has \\d+ errors? .*\\(definition-schema\\)$`,
      ),
    );
    expect(catalogue.schemaFor(path.join(custom, 'glow.py'))).toBeUndefined();
    expect(catalogue.find('Glow')).toBeUndefined();
  });

  it('a schema whose script is missing is a problem and is not listed', async () => {
    const custom = path.join(root, 'custom-effects');
    const schemaFile = await put(
      path.join(custom, 'schema', 'ghost.schema.json'),
      '{\n  "type": "object",\n  "script": "ghost.py",\n  "title": "edt_eff_ghost_header",\n  "properties": {}\n}\n',
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.problems).toEqual([
      {
        file: schemaFile,
        messages: [
          `${schemaFile}:3:13 the script "ghost.py" of this schema is not in ${custom}; add it or fix "script" (schema-script)`,
        ],
      },
    ]);
    expect(catalogue.schemas).toHaveLength(11);
  });

  it('a definition whose script has no schema names where it looked', async () => {
    const custom = path.join(root, 'custom-effects');
    await put(path.join(custom, 'bare.py'), 'import hyperion\n');
    const file = await put(
      path.join(custom, 'bare.json'),
      '{ "name": "Bare", "script": "bare.py", "args": {} }',
    );
    const catalogue = await EffectCatalogue.load(options());
    expect(catalogue.problems).toEqual([
      {
        file,
        messages: [
          `${file}:1:29 no option schema found for script "bare.py" (looked for a schema whose "script" is bare.py in ${path.join(custom, 'schema')}) (definition-schema)`,
        ],
      },
    ]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
