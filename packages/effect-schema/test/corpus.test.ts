/**
 * Real-world compatibility: Hyperion.ng's own effect schemas, definitions and translations.
 * Runs when GLOWKIT_CORPUS names the corpus directory (CI sets it); skipped otherwise.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkEffectDefinition,
  collectPlaceholders,
  effectOptionMetaSchema,
  lintEffectSchema,
} from '../src/index.js';

const corpus = process.env.GLOWKIT_CORPUS;
const hasCorpus = corpus !== undefined && corpus !== '' && existsSync(join(corpus, 'effects'));

describe.skipIf(!hasCorpus)('Hyperion corpus compatibility', () => {
  const root = corpus ?? '';
  const schemaDir = join(root, 'effects', 'schema');
  const schemaFiles = hasCorpus
    ? readdirSync(schemaDir)
        .filter((f) => f.endsWith('.schema.json'))
        .sort()
    : [];
  const definitionFiles = hasCorpus
    ? readdirSync(join(root, 'effects'))
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  const en: Record<string, string> = hasCorpus
    ? JSON.parse(readFileSync(join(root, 'i18n', 'en.json'), 'utf8'))
    : {};

  it('has the 24 option schemas and 42 definitions', () => {
    expect(schemaFiles).toHaveLength(24);
    expect(definitionFiles).toHaveLength(42);
  });

  it.each(schemaFiles)('%s lints without errors against the corpus en.json', (file) => {
    const diagnostics = lintEffectSchema(readFileSync(join(schemaDir, file), 'utf8'), {
      translations: en,
    });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([]);
  });

  it('reports exactly the known deviations of the corpus, as warnings', () => {
    const found = schemaFiles.flatMap((file) =>
      lintEffectSchema(readFileSync(join(schemaDir, file), 'utf8'), { translations: en }).map(
        (d) => `${file} ${d.severity} ${d.ruleId} ${d.pointer}`,
      ),
    );
    expect(found).toEqual([
      'gif.schema.json warning default-required /properties/imageSource',
      'gif.schema.json warning placeholder-prefix /properties/cropLeft/title',
      'gif.schema.json warning placeholder-prefix /properties/cropTop/title',
      'gif.schema.json warning placeholder-prefix /properties/cropRight/title',
      'gif.schema.json warning placeholder-prefix /properties/cropBottom/title',
      'mood-blobs.schema.json warning property-order /properties/smoothing-custom-settings/propertyOrder',
      'mood-blobs.schema.json warning property-order /properties/smoothing-time_ms/propertyOrder',
      'swirl.schema.json warning default-required /properties/custom-colors',
      'swirl.schema.json warning default-required /properties/custom-colors2',
      'waves.schema.json warning property-order /properties/rotation_time/propertyOrder',
      'waves.schema.json warning smoothing-block /properties/smoothing-custom-settings/default',
      'waves.schema.json warning default-required /properties/colors',
    ]);
  });

  it('validates every corpus schema against the bare meta-schema (what an editor sees)', async () => {
    const { Ajv } = await import('ajv');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(effectOptionMetaSchema);
    for (const file of schemaFiles) {
      const ok = validate(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
      expect({ file, errors: ok ? [] : validate.errors }).toEqual({ file, errors: [] });
    }
  });

  it.each(definitionFiles)('definition %s checks clean against its schema', (file) => {
    const text = readFileSync(join(root, 'effects', file), 'utf8');
    const diagnostics = checkEffectDefinition(text, {
      resolveSchema: (script) => {
        const path = join(schemaDir, `${basename(script).replace(/\.py$/, '')}.schema.json`);
        return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      },
    });
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([]);
  });

  it('resolves every placeholder of every schema in the corpus en.json', () => {
    const missing = schemaFiles.flatMap((file) =>
      collectPlaceholders(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')))
        .filter((p) => !Object.hasOwn(en, p.key))
        .map((p) => `${file} ${p.pointer} ${p.key}`),
    );
    expect(missing).toEqual([]);
  });

  it('precompiled validator (dist) agrees with a fresh ajv compile on every corpus schema', () => {
    const require = createRequire(import.meta.url);
    const distValidator = join(import.meta.dirname, '..', 'dist', 'meta-schema-validator.cjs');
    expect(existsSync(distValidator)).toBe(true);
    const precompiled = require(distValidator) as ((v: unknown) => boolean) & { errors?: unknown };
    for (const file of schemaFiles) {
      const value = JSON.parse(readFileSync(join(schemaDir, file), 'utf8'));
      expect(precompiled(value)).toBe(true);
      value.properties.extra = { type: 'colour' };
      expect(precompiled(value)).toBe(false);
    }
  });
});
