/** The project's own effects (effects/) and translations (translations/) lint clean. */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkEffectDefinition,
  collectPlaceholders,
  elementKind,
  lintEffectSchema,
} from '../src/index.js';
import { smoothingBlock } from '../src/rules/index.js';

const repo = join(import.meta.dirname, '..', '..', '..');
const effectsDir = join(repo, 'effects');
const schemaDir = join(effectsDir, 'schema');
const schemaFiles = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.schema.json'))
  .sort();
const definitionFiles = readdirSync(effectsDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const en = JSON.parse(load(join(repo, 'translations'), 'en.json')) as Record<string, string>;
const de = JSON.parse(load(join(repo, 'translations'), 'de.json')) as Record<string, string>;

describe('bundled effects', () => {
  it('has at least 8 effects, each with a script, a schema and a definition', () => {
    expect(schemaFiles.length).toBeGreaterThanOrEqual(8);
    const scripts = new Set(
      readdirSync(effectsDir).filter((f) => f.endsWith('.py') && !f.startsWith('test_')),
    );
    for (const file of schemaFiles) {
      const schema = JSON.parse(load(schemaDir, file));
      expect(scripts.has(schema.script)).toBe(true);
      const defined = definitionFiles.some(
        (d) => JSON.parse(load(effectsDir, d)).script === schema.script,
      );
      expect(defined, `${file} has a definition`).toBe(true);
    }
  });

  it.each(schemaFiles)(
    '%s lints with no problems at all against translations/en.json and de.json',
    (file) => {
      for (const phrases of [en, de]) {
        expect(lintEffectSchema(load(schemaDir, file), { translations: phrases })).toEqual([]);
      }
    },
  );

  it.each(definitionFiles)('definition %s checks clean', (file) => {
    const diagnostics = checkEffectDefinition(load(effectsDir, file), {
      resolveSchema: (script) => load(schemaDir, `${basename(script, '.py')}.schema.json`),
    });
    expect(diagnostics).toEqual([]);
  });

  it('uses every element type and the smoothing block between them', () => {
    const kinds = new Set<string>();
    let dependencies = 0;
    let smoothing = 0;
    for (const file of schemaFiles) {
      const schema = JSON.parse(load(schemaDir, file));
      const properties = schema.properties as Record<string, Record<string, unknown>>;
      for (const option of Object.values(properties)) {
        kinds.add(elementKind(option));
        if (option.type === 'array' && elementKind(option.items) === 'colorpicker')
          kinds.add('array of colours');
        if ((option.options as { dependencies?: object } | undefined)?.dependencies) dependencies++;
      }
      if (Object.keys(smoothingBlock).every((k) => k in properties)) smoothing++;
    }
    for (const kind of [
      'checkbox',
      'string',
      'select',
      'integer',
      'number',
      'array',
      'array of colours',
      'multiselect',
      'colorpicker',
      'colorpickerRGBA',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(dependencies).toBeGreaterThan(0);
    expect(smoothing).toBeGreaterThan(0);
  });

  it('translations/en.json and de.json have the same keys, and every effect placeholder', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const file of schemaFiles) {
      for (const p of collectPlaceholders(JSON.parse(load(schemaDir, file)))) {
        expect(en[p.key], `${file} ${p.key}`).toBeTruthy();
        expect(de[p.key], `${file} ${p.key}`).toBeTruthy();
      }
    }
    for (const key of [
      'edt_msg_error_minimum',
      'edt_msg_error_maxItems',
      'edt_append_ms',
      'edt_append_hz',
    ]) {
      expect(en[key], key).toBeTruthy();
    }
  });
});
