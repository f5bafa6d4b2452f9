import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomEffect, deleteCustomEffect, writeFileAtomic } from './custom-effects.js';
import { type CatalogueOptions, EffectCatalogue } from './effect-catalogue.js';

const BUNDLED = fileURLToPath(new URL('../../../../effects', import.meta.url));

let root: string;
let custom: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gk-custom-'));
  custom = path.join(root, 'custom-effects');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function load(overrides: Partial<CatalogueOptions> = {}): Promise<EffectCatalogue> {
  return EffectCatalogue.load({
    bundledDir: BUNDLED,
    paths: ['$ROOT/custom-effects'],
    disable: [],
    rootDir: root,
    ...overrides,
  });
}

/** A failed result with an engine error of `code` and these details (its message is the engine's). */
const failure = (code: string, details: Record<string, unknown>) => ({
  ok: false,
  error: { code, message: expect.any(String), details },
});

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

const myPulse = {
  name: 'My Pulse',
  script: ':/effects/pulse.py',
  args: { color: [1, 2, 3], period: 2 },
};

const myPulseText = `{
  "name": "My Pulse",
  "script": ":/effects/pulse.py",
  "args": {
    "color": [
      1,
      2,
      3
    ],
    "period": 2
  }
}
`;

describe('createCustomEffect', () => {
  it('writes <first custom path>/<name without spaces>.json with exactly name, script, args', async () => {
    const result = await createCustomEffect(await load(), myPulse);
    const file = path.join(custom, 'MyPulse.json');
    expect(result).toEqual({ ok: true, file });
    expect(await readFile(file, 'utf8')).toBe(myPulseText);
    expect(await readdir(custom)).toEqual(['MyPulse.json']);
    const reloaded = await load();
    expect(reloaded.problems).toEqual([]);
    expect(reloaded.find('My Pulse')).toMatchObject({
      file,
      script: path.join(BUNDLED, 'pulse.py'),
      args: myPulse.args,
      system: false,
    });
  });

  it('stores a bundled script given by absolute path as clients show it', async () => {
    const result = await createCustomEffect(await load(), {
      ...myPulse,
      script: path.join(BUNDLED, 'pulse.py'),
    });
    expect(result.ok).toBe(true);
    expect(await readFile(path.join(custom, 'MyPulse.json'), 'utf8')).toBe(myPulseText);
  });

  it('overwrites the file of an existing custom effect of that name', async () => {
    await mkdir(custom, { recursive: true });
    const file = path.join(custom, 'older-name.json');
    await writeFile(file, JSON.stringify({ ...myPulse, args: { period: 5 } }));
    const result = await createCustomEffect(await load(), {
      ...myPulse,
      args: { period: 1.5 },
    });
    expect(result).toEqual({ ok: true, file });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...myPulse, args: { period: 1.5 } });
    expect(await readdir(custom)).toEqual(['older-name.json']);
  });

  it('saves again a custom effect that overrides a bundled name', async () => {
    await mkdir(custom, { recursive: true });
    const file = path.join(custom, 'warm.json');
    await writeFile(file, JSON.stringify({ ...myPulse, name: 'Warm Pulse' }));
    const result = await createCustomEffect(await load(), {
      ...myPulse,
      name: 'Warm Pulse',
      args: { period: 7 },
    });
    expect(result).toEqual({ ok: true, file });
    expect(JSON.parse(await readFile(file, 'utf8')).args).toEqual({ period: 7 });
  });

  it('never overwrites another effect whose file has the same file name', async () => {
    await mkdir(custom, { recursive: true });
    const other = path.join(custom, 'MyPulse.json');
    const otherText = JSON.stringify({ ...myPulse, name: 'MyPulse' });
    await writeFile(other, otherText);
    const result = await createCustomEffect(await load(), myPulse);
    expect(result).toEqual({ ok: true, file: path.join(custom, 'MyPulse-2.json') });
    expect(await readFile(other, 'utf8')).toBe(otherText);
    const reloaded = await load();
    expect(reloaded.find('MyPulse')?.file).toBe(other);
    expect(reloaded.find('My Pulse')?.file).toBe(path.join(custom, 'MyPulse-2.json'));
  });

  it('refuses empty args', async () => {
    const catalogue = await load();
    for (const args of [{}, undefined, []]) {
      expect(
        await createCustomEffect(catalogue, { ...myPulse, args: args as Record<string, unknown> }),
      ).toEqual(failure('effect-args-missing', {}));
    }
  });

  it('refuses a script without a schema', async () => {
    const result = await createCustomEffect(await load(), {
      ...myPulse,
      script: ':/effects/knight-rider.py',
    });
    expect(result).toEqual(
      failure('effect-script-unknown', {
        script: ':/effects/knight-rider.py',
        known: expect.arrayContaining([':/effects/chase.py', ':/effects/pulse.py']),
      }),
    );
    if (result.ok || result.error.code !== 'effect-script-unknown') return;
    expect(result.error.details.known[0]).toBe(':/effects/chase.py');
  });

  it('refuses bad args with one detail per problem', async () => {
    const result = await createCustomEffect(await load(), {
      ...myPulse,
      args: { period: 99, color: [1, 2, 256], speed: 1 },
    });
    expect(result).toEqual(
      failure('effect-args-invalid', {
        violations: [
          { pointer: '/period', rule: '99 is greater than the maximum 30' },
          { pointer: '/color/2', rule: 'colour channel 256 must be an integer from 0 to 255' },
          {
            pointer: '/speed',
            rule: '"speed" is not an option of pulse.py; its options are color, period, min-brightness, waveform, smoothing-custom-settings, smoothing-time_ms, smoothing-updateFrequency',
          },
        ],
      }),
    );
    expect(await readdir(custom)).toEqual([]);
  });

  it('refuses an empty name or one starting with ":" or "." (a hidden file)', async () => {
    const catalogue = await load();
    for (const name of ['', '   ', ':hidden', ' :x', '.dot', ' . x']) {
      expect(await createCustomEffect(catalogue, { ...myPulse, name })).toEqual(
        failure('effect-name-empty', { name }),
      );
    }
  });

  it('refuses a name with a path in it', async () => {
    const catalogue = await load();
    for (const name of ['a/b', 'a\\b', 'x/..', 'up..there']) {
      expect(await createCustomEffect(catalogue, { ...myPulse, name })).toEqual(
        failure('effect-name-unsafe', { name }),
      );
    }
    expect(await readdir(custom)).toEqual([]);
    expect(await readdir(root)).toEqual(['custom-effects']);
  });

  it("refuses a bundled effect's name, even when it is disabled", async () => {
    expect(await createCustomEffect(await load(), { ...myPulse, name: 'Warm Pulse' })).toEqual(
      failure('effect-name-internal', { name: 'Warm Pulse' }),
    );
    const disabled = await load({ disable: ['Comet'] });
    const result = await createCustomEffect(disabled, { ...myPulse, name: 'Comet' });
    expect(result).toEqual(failure('effect-name-internal', { name: 'Comet' }));
  });

  it('refuses a name listed in effects.disable, which would never load', async () => {
    const result = await createCustomEffect(await load({ disable: ['My Pulse'] }), myPulse);
    expect(result).toEqual(failure('effect-name-disabled', { name: 'My Pulse' }));
  });

  it('refuses when effects.paths names no custom folder', async () => {
    const result = await createCustomEffect(await load({ paths: [] }), myPulse);
    expect(result).toEqual(failure('custom-folder-missing', {}));
  });

  it('writes a gif from imageData beside the definition and points args.file at it', async () => {
    const gifCustom = await customImageEffect();
    const catalogue = await load();
    const bytes = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const result = await createCustomEffect(catalogue, {
      name: 'Cat',
      script: path.join(gifCustom, 'show.py'),
      args: { imageSource: 'file', file: 'cat.gif', url: 'http://example.invalid/x.gif' },
      imageData: `data:image/gif;base64,${bytes.toString('base64')}`,
    });
    const image = path.join(gifCustom, 'cat.gif');
    expect(result).toEqual({ ok: true, file: path.join(gifCustom, 'Cat.json'), image });
    expect(await readFile(image)).toEqual(bytes);
    expect(JSON.parse(await readFile(path.join(gifCustom, 'Cat.json'), 'utf8'))).toEqual({
      name: 'Cat',
      script: path.join(gifCustom, 'show.py'),
      args: { imageSource: 'file', file: image },
    });
  });

  it('refuses imageData that is not base64 and writes nothing', async () => {
    const gifCustom = await customImageEffect();
    const result = await createCustomEffect(await load(), {
      name: 'Cat',
      script: path.join(gifCustom, 'show.py'),
      args: { imageSource: 'file', file: 'cat.gif' },
      imageData: 'not base64!',
    });
    expect(result).toEqual(failure('image-data-invalid', {}));
    expect((await readdir(gifCustom)).sort()).toEqual(['schema', 'show.py']);
  });

  it('leaves no partial or temporary file when the write fails', async () => {
    await mkdir(custom, { recursive: true });
    const file = path.join(custom, 'mine.json');
    await writeFile(file, JSON.stringify(myPulse));
    const catalogue = await load();
    // The definition file turned into a folder: the rename over it fails (even for root,
    // for whom a read-only folder would not).
    await rm(file);
    await mkdir(path.join(file, 'inside'), { recursive: true });
    const result = await createCustomEffect(catalogue, { ...myPulse, args: { period: 3 } });
    expect(result).toEqual(
      failure('definition-write-failed', { file, reason: expect.stringMatching(/^E[A-Z]+: /) }),
    );
    expect(await readdir(custom)).toEqual(['mine.json']);
    expect(await readdir(file)).toEqual(['inside']);
  });

  it('fails cleanly when the custom folder cannot be created', async () => {
    await writeFile(path.join(root, 'blocker'), 'a file, not a folder');
    const catalogue = await load({ paths: ['$ROOT/blocker/effects'] });
    const result = await createCustomEffect(catalogue, myPulse);
    expect(result).toEqual(
      failure('custom-folder-failed', {
        dir: path.join(root, 'blocker/effects'),
        reason: expect.stringMatching(/^E[A-Z]+: /),
      }),
    );
    expect(await readFile(path.join(root, 'blocker'), 'utf8')).toBe('a file, not a folder');
  });
});

describe('writeFileAtomic', () => {
  it('replaces the content whole and leaves no temporary file', async () => {
    const file = path.join(root, 'x.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, 'new content');
    expect(await readFile(file, 'utf8')).toBe('new content');
    expect(await readdir(root)).toEqual(['x.json']);
  });

  it('keeps the old content when the data fails half-way, and removes the temporary file', async () => {
    const file = path.join(root, 'x.json');
    await writeFile(file, 'old');
    async function* halfThenFail() {
      yield Buffer.from('{"name": "half');
      throw new Error('the source broke');
    }
    await expect(writeFileAtomic(file, halfThenFail())).rejects.toThrow('the source broke');
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(root)).toEqual(['x.json']);
  });

  it('removes its temporary file when the rename fails', async () => {
    const target = path.join(root, 'taken');
    await mkdir(path.join(target, 'child'), { recursive: true });
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(await readdir(root)).toEqual(['taken']);
  });
});

describe('deleteCustomEffect', () => {
  it('deletes the definition file of a custom effect', async () => {
    await createCustomEffect(await load(), myPulse);
    const file = path.join(custom, 'MyPulse.json');
    const result = await deleteCustomEffect(await load(), 'My Pulse');
    expect(result).toEqual({ ok: true, file });
    expect(await exists(file)).toBe(false);
    expect((await load()).find('My Pulse')).toBeUndefined();
  });

  it('deletes its image when it lives in the custom folder and no other effect uses it', async () => {
    const gifCustom = await customImageEffect();
    const data = Buffer.from('GIF89a;', 'latin1').toString('base64');
    const request = {
      script: path.join(gifCustom, 'show.py'),
      args: { imageSource: 'file', file: 'cat.gif' },
      imageData: data,
    };
    await createCustomEffect(await load(), { ...request, name: 'Cat' });
    await createCustomEffect(await load(), { ...request, name: 'Cat Too' });
    const image = path.join(gifCustom, 'cat.gif');
    // Shared by two effects: the first delete keeps it.
    expect(await deleteCustomEffect(await load(), 'Cat')).toEqual({
      ok: true,
      file: path.join(gifCustom, 'Cat.json'),
    });
    expect(await exists(image)).toBe(true);
    expect(await deleteCustomEffect(await load(), 'Cat Too')).toEqual({
      ok: true,
      file: path.join(gifCustom, 'CatToo.json'),
      image,
    });
    expect(await exists(image)).toBe(false);
  });

  it('keeps an image that lives outside the custom folders', async () => {
    const gifCustom = await customImageEffect();
    const outside = path.join(root, 'keep.gif');
    await writeFile(outside, 'GIF89a;');
    await writeFile(
      path.join(gifCustom, 'ext.json'),
      JSON.stringify({
        name: 'External',
        script: path.join(gifCustom, 'show.py'),
        args: { imageSource: 'file', file: outside },
      }),
    );
    const result = await deleteCustomEffect(await load(), 'External');
    expect(result).toEqual({ ok: true, file: path.join(gifCustom, 'ext.json') });
    expect(await exists(outside)).toBe(true);
  });

  it('refuses an unknown name and a bundled effect', async () => {
    const catalogue = await load();
    expect(await deleteCustomEffect(catalogue, 'warm pulse')).toEqual(
      failure('effect-not-found', { name: 'warm pulse' }),
    );
    expect(await deleteCustomEffect(catalogue, 'Warm Pulse')).toEqual(
      failure('effect-internal', { name: 'Warm Pulse' }),
    );
    expect(await exists(path.join(BUNDLED, 'pulse.json'))).toBe(true);
  });

  it('says which file is gone when it vanished since the load', async () => {
    await createCustomEffect(await load(), myPulse);
    const catalogue = await load();
    const file = path.join(custom, 'MyPulse.json');
    await rm(file);
    expect(await deleteCustomEffect(catalogue, 'My Pulse')).toEqual(
      failure('definition-missing', { file }),
    );
  });

  it('says which file could not be deleted', async () => {
    await createCustomEffect(await load(), myPulse);
    const catalogue = await load();
    const file = path.join(custom, 'MyPulse.json');
    await rm(file);
    await mkdir(path.join(file, 'inside'), { recursive: true });
    const result = await deleteCustomEffect(catalogue, 'My Pulse');
    expect(result).toEqual(
      failure('definition-delete-failed', { file, reason: expect.stringMatching(/^E[A-Z]+: /) }),
    );
    expect(await exists(path.join(file, 'inside'))).toBe(true);
  });
});

/** A custom script with a schema that takes an image file or a URL, in the custom folder. */
async function customImageEffect(): Promise<string> {
  await mkdir(path.join(custom, 'schema'), { recursive: true });
  await writeFile(path.join(custom, 'show.py'), 'import hyperion\n');
  await writeFile(
    path.join(custom, 'schema', 'show.schema.json'),
    JSON.stringify({
      type: 'object',
      script: 'show.py',
      title: 'edt_eff_show_header',
      required: true,
      properties: {
        imageSource: {
          type: 'string',
          title: 'edt_eff_imageSource',
          default: 'file',
          enum: ['file', 'url'],
          propertyOrder: 1,
        },
        file: { type: 'string', title: 'edt_eff_file', default: '', propertyOrder: 2 },
        url: { type: 'string', title: 'edt_eff_url', default: '', propertyOrder: 3 },
      },
      additionalProperties: false,
    }),
  );
  return custom;
}
