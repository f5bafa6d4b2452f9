import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectPlaceholders, createResolver } from '../src/index.js';

// Hyperion.ng's own files; the location comes from the environment so the suite never depends
// on where the corpus lives (and skips when it is not there).
const corpus = process.env.GLOWKIT_CORPUS;

const readJson = async (path: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;

describe.skipIf(corpus === undefined || corpus === '')('Hyperion.ng corpus', () => {
  const dir = corpus ?? '';
  const i18n = (lng: string): string => join(dir, 'i18n', `${lng}.json`);

  it('loads en.json and de.json unchanged: every phrase translates to its own text', async () => {
    const resolver = await createResolver({
      languages: { en: { file: i18n('en') }, de: { file: i18n('de') } },
      language: 'de',
    });
    for (const lng of ['de', 'en']) {
      await resolver.setLanguage(lng);
      const phrases = await readJson(i18n(lng));
      expect(Object.keys(phrases).length).toBeGreaterThan(1000);
      for (const [key, text] of Object.entries(phrases)) {
        expect.soft(resolver.t(key), key).toBe(text);
      }
    }
  });

  it('translates every placeholder of the effect schemas in en, with units and enum labels', async () => {
    const resolver = await createResolver({
      languages: { en: { file: i18n('en') }, de: { file: i18n('de') } },
    });
    const schemaDir = join(dir, 'effects', 'schema');
    const names = (await readdir(schemaDir)).filter((name) => name.endsWith('.schema.json'));
    const schemas: Record<string, object> = {};
    for (const name of names) schemas[name] = await readJson(join(schemaDir, name));
    expect(names.length).toBeGreaterThan(20);

    const report = resolver.missingPhrases(schemas);
    expect(report.en).toEqual([]);
    // A real gap in Hyperion.ng's German file, found by this report.
    expect(report.de).toEqual([
      {
        key: 'edt_eff_juggler_header',
        kind: 'title',
        pointer: '/title',
        schema: 'juggler.schema.json',
      },
    ]);

    const candle = schemas['candle.schema.json'] as {
      properties: Record<string, { title?: string; append?: string; enum?: string[] }>;
    };
    expect(resolver.title(candle.properties['smoothing-time_ms'] ?? {})).toBe('Smoothing time');
    expect(resolver.unit(candle.properties['smoothing-time_ms'] ?? {})).toBe('ms');
    expect(resolver.enumLabels(candle.properties.candles ?? {})).toHaveLength(3);
    await resolver.setLanguage('de');
    expect(resolver.title(candle.properties['smoothing-time_ms'] ?? {})).not.toBe(
      'edt_eff_smooth_time_ms',
    );
    const placeholders = Object.values(schemas).flatMap((schema) => collectPlaceholders(schema));
    expect(placeholders.every((p) => p.key.startsWith('edt_'))).toBe(true);
  });
});
