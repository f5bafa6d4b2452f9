import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResolver,
  LANGUAGE_CHANGE_EVENT,
  LanguageChangeEvent,
  type PhraseSource,
  type Resolver,
} from '../src/index.js';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';

const fixture = (name: string): URL => new URL(`./fixtures/${name}`, import.meta.url);
const candle = JSON.parse(await readFile(fixture('candle.schema.json'), 'utf8')) as object;

const enAndDe = (): Promise<Resolver> =>
  createResolver({
    languages: { en: { file: fixture('en.json') }, de: { file: fixture('de.json') } },
    language: 'de',
  });

describe('createResolver', () => {
  it('loads languages from files and starts in the chosen language with en as fallback', async () => {
    const resolver = await enAndDe();
    expect(resolver.language).toBe('de');
    expect(resolver.fallbackLanguage).toBe('en');
    expect(resolver.languages).toEqual(['en', 'de']);
    expect(resolver.t('edt_eff_speed')).toBe('Geschwindigkeit');
  });

  it('loads a language from an object and defaults to the fallback language', async () => {
    const resolver = await createResolver({
      languages: { en: { phrases: { edt_eff_speed: 'Speed' } } },
    });
    expect(resolver.language).toBe('en');
    expect(resolver.t('edt_eff_speed')).toBe('Speed');
  });

  it('refuses a starting language without phrases', async () => {
    await expect(createResolver({ languages: {}, language: 'de' })).rejects.toThrow(
      "language 'de' has no phrases: add it to options.languages or to options.sourceFor",
    );
  });

  it('reports a broken source', async () => {
    await expect(
      createResolver({ languages: { en: { file: fixture('not-json.json') } } }),
    ).rejects.toThrow(/not-json\.json: not valid JSON/);
  });
});

describe('loading from a URL', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('fetches languages over HTTP, at creation and on first use through sourceFor', async () => {
    const sourceFor = (lng: string): PhraseSource | undefined =>
      lng === 'xx' ? undefined : { url: new URL(`${lng}.json`, server.baseUrl) };
    const resolver = await createResolver({ language: 'fr', sourceFor });
    expect(resolver.languages).toEqual(['fr', 'en']);
    expect(resolver.t('edt_eff_speed')).toBe('Vitesse');
    expect(resolver.t('edt_eff_only_en')).toBe('Only in English');

    await resolver.setLanguage('de');
    expect(resolver.language).toBe('de');
    expect(resolver.title({ title: 'edt_eff_speed' })).toBe('Geschwindigkeit');
    await expect(resolver.setLanguage('xx')).rejects.toThrow(
      "language 'xx' is not loaded: pass a source to setLanguage('xx', source) or options.sourceFor",
    );
    expect(resolver.language).toBe('de');
    expect(server.requests.filter((path) => path === '/de.json')).toHaveLength(1);
  });
});

describe('t and has', () => {
  it('interpolates {{vars}} without escaping, and handles plurals', async () => {
    const resolver = await enAndDe();
    expect(resolver.t('edt_eff_every', { seconds: 5 })).toBe('Alle 5 s');
    await resolver.setLanguage('en');
    expect(resolver.t('edt_eff_every', { seconds: 2.5 })).toBe('Every 2.5 s');
    expect(resolver.t('edt_eff_markup', { name: '<i>x</i>' })).toBe('<b><i>x</i></b>');
    expect(resolver.t('edt_eff_led_count', { count: 1 })).toBe('1 LED');
    expect(resolver.t('edt_eff_led_count', { count: 3 })).toBe('3 LEDs');
  });

  it('treats dots, colons and spaces in keys as part of the key', async () => {
    const resolver = await enAndDe();
    expect(resolver.t('edt.dotted:key with spaces')).toBe('Punktschlüssel');
    expect(resolver.has('edt.dotted:key with spaces')).toBe(true);
  });

  it('falls back to en, then to the key', async () => {
    const resolver = await enAndDe();
    expect(resolver.t('edt_eff_only_en')).toBe('Only in English');
    expect(resolver.t('edt_eff_nowhere')).toBe('edt_eff_nowhere');
    expect(resolver.t('edt_eff_empty')).toBe('');
  });

  it('has() looks in one language only', async () => {
    const resolver = await enAndDe();
    expect(resolver.has('edt_eff_speed')).toBe(true);
    expect(resolver.has('edt_eff_only_en')).toBe(false);
    expect(resolver.has('edt_eff_only_en', 'en')).toBe(true);
    expect(resolver.has('edt_eff_speed', 'fr')).toBe(false);
    expect(resolver.has('edt_eff_empty', 'en')).toBe(true);
  });
});

describe('schema options', () => {
  it('title() translates with fallback to en and to the placeholder', async () => {
    const resolver = await enAndDe();
    expect(resolver.title({ title: 'edt_eff_smooth_time_ms' })).toBe('Glättungszeit');
    expect(resolver.title({ title: 'edt_eff_colors' })).toBe('Colors');
    expect(resolver.title({ title: 'edt_eff_rate' })).toBe('edt_eff_rate');
    expect(resolver.title({ type: 'integer' } as { type: string; title?: string })).toBeUndefined();
  });

  it('unit() gives the append phrase only when the current language or en has it', async () => {
    const resolver = await enAndDe();
    expect(resolver.unit({ append: 'edt_append_ms' })).toBe('ms');
    expect(resolver.unit({ append: 'edt_append_hz' })).toBe('Hz');
    expect(resolver.unit({ append: 'edt_append_furlongs' })).toBeUndefined();
    expect(resolver.unit({ title: 'edt_eff_speed' })).toBeUndefined();
  });

  it('enumLabels() translates enum_titles, falls back to raw values', async () => {
    const resolver = await enAndDe();
    const candles = {
      enum: ['all', 'list'],
      options: { enum_titles: ['edt_eff_enum_all', 'edt_eff_enum_list'] },
    };
    expect(resolver.enumLabels(candles)).toEqual(['Alle', 'List']);
    expect(resolver.enumLabels({ enum: ['a', 2, null] })).toEqual(['a', '2', 'null']);
    expect(
      resolver.enumLabels({ enum: ['a', 'b'], options: { enum_titles: ['edt_eff_enum_all'] } }),
    ).toEqual(['Alle', 'b']);
    expect(resolver.enumLabels({ type: 'array', items: { enum: ['de', 'fr'] } } as object)).toEqual(
      ['de', 'fr'],
    );
    expect(resolver.enumLabels({ title: 'edt_eff_speed' })).toEqual([]);
  });
});

describe('addPhrases', () => {
  it('adds a part of a language, keeping the phrases it has', async () => {
    const resolver = await createResolver({
      languages: { en: { phrases: { web_title: 'Glowkit', edt_eff_speed: 'Speed' } } },
    });
    expect(resolver.t('edt_eff_colors')).toBe('edt_eff_colors');
    resolver.addPhrases('en', { edt_eff_colors: 'Colours', edt_eff_speed: 'Rate' });
    expect(resolver.t('edt_eff_colors')).toBe('Colours');
    expect(resolver.t('edt_eff_speed')).toBe('Rate');
    expect(resolver.t('web_title')).toBe('Glowkit');
  });
});

describe('setLanguage', () => {
  it('dispatches languagechange once per change, and titles follow', async () => {
    const resolver = await enAndDe();
    const events: LanguageChangeEvent[] = [];
    const titles: string[] = [];
    resolver.addEventListener(LANGUAGE_CHANGE_EVENT, (event) => {
      expect(event).toBeInstanceOf(LanguageChangeEvent);
      titles.push(resolver.title({ title: 'edt_eff_speed' }));
    });
    const unsubscribe = resolver.onLanguageChange((event) => events.push(event));

    await resolver.setLanguage('en');
    await resolver.setLanguage('en');
    expect(events.map((e) => [e.previousLanguage, e.language])).toEqual([['de', 'en']]);
    expect(titles).toEqual(['Speed']);

    unsubscribe();
    await resolver.setLanguage('de');
    expect(events).toHaveLength(1);
    expect(titles).toEqual(['Speed', 'Geschwindigkeit']);
  });

  it('loads a given source, and the last overlapping call wins', async () => {
    const resolver = await enAndDe();
    let release: () => void = () => {};
    const slow: PhraseSource = {
      url: 'https://slow.invalid/fr.json',
      fetch: () =>
        new Promise((resolve) => {
          release = () => resolve(new Response('{"edt_eff_speed":"Vitesse"}'));
        }),
    };
    const toFrench = resolver.setLanguage('fr', slow);
    await resolver.setLanguage('en');
    release();
    await toFrench;
    expect(resolver.language).toBe('en');
    expect(resolver.languages).toContain('fr');
    await resolver.setLanguage('fr');
    expect(resolver.t('edt_eff_speed')).toBe('Vitesse');
  });

  it('follows a language change made on the i18next instance', async () => {
    const resolver = await enAndDe();
    const seen: string[] = [];
    resolver.onLanguageChange((event) => seen.push(event.language));
    await resolver.i18next.changeLanguage('en');
    expect(resolver.language).toBe('en');
    expect(seen).toEqual(['en']);
  });

  it('load() replaces a language', async () => {
    const resolver = await enAndDe();
    await resolver.load('de', { phrases: { edt_eff_speed: 'Tempo' } });
    expect(resolver.t('edt_eff_speed')).toBe('Tempo');
    expect(resolver.has('edt_eff_whichleds')).toBe(false);
  });
});

describe('missingPhrases', () => {
  it('reports per language each missing placeholder with schema and pointer', async () => {
    const resolver = await enAndDe();
    const report = resolver.missingPhrases({ candle });
    expect(Object.keys(report)).toEqual(['en', 'de']);
    expect(report.en).toEqual([
      { key: 'edt_eff_rate', kind: 'title', pointer: '/properties/rate/title', schema: 'candle' },
    ]);
    expect(report.de?.map((m) => `${m.schema} ${m.kind} ${m.key} ${m.pointer}`)).toEqual([
      'candle enum_title edt_eff_enum_list /properties/candles/options/enum_titles/1',
      'candle title edt_eff_colors /properties/colors/title',
      'candle title edt_eff_color /properties/colors/items/title',
      'candle title edt_eff_rate /properties/rate/title',
      'candle append edt_append_hz /properties/rate/append',
    ]);
  });

  it('takes a list of schemas and a list of languages', async () => {
    const resolver = await enAndDe();
    expect(resolver.missingPhrases([{ title: 'edt_eff_only_en' }, candle], ['de']).de?.[0]).toEqual(
      {
        key: 'edt_eff_only_en',
        kind: 'title',
        pointer: '/title',
        schema: '0',
      },
    );
    expect(() => resolver.missingPhrases([candle], ['fr'])).toThrow(
      "missingPhrases: language 'fr' is not loaded; await resolver.load('fr', source) first",
    );
  });
});
