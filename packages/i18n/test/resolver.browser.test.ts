/// <reference lib="dom" />
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { createResolver, type LanguageChangeEvent } from '../src/index.js';
import deUrl from './fixtures/de.json?url';

describe('resolver in a browser', () => {
  it('runs in a real browser, not in Node', () => {
    expect(typeof window).toBe('object');
    expect(navigator.userAgent).toMatch(/Chrome/);
  });

  it('loads from a URL and an object, switches language, fires the event, titles change', async () => {
    const resolver = await createResolver({
      languages: {
        en: { phrases: { edt_eff_speed: 'Speed', edt_append_hz: 'Hz' } },
        // A relative URL, resolved against the page by fetch, as an app would use it.
        de: { url: deUrl },
      },
    });
    expect(resolver.language).toBe('en');
    expect(resolver.title({ title: 'edt_eff_speed' })).toBe('Speed');

    const events: LanguageChangeEvent[] = [];
    resolver.onLanguageChange((event) => events.push(event));
    const domEvent = new Promise<Event>((resolve) => {
      resolver.addEventListener('languagechange', resolve, { once: true });
    });
    await resolver.setLanguage('de');

    expect((await domEvent).type).toBe('languagechange');
    expect(events.map((e) => `${e.previousLanguage}→${e.language}`)).toEqual(['en→de']);
    expect(resolver.title({ title: 'edt_eff_speed' })).toBe('Geschwindigkeit');
    expect(resolver.unit({ append: 'edt_append_hz' })).toBe('Hz');
    expect(
      resolver.enumLabels({ enum: ['all'], options: { enum_titles: ['edt_eff_enum_all'] } }),
    ).toEqual(['Alle']);
    expect(resolver.t('edt_eff_every', { seconds: 3 })).toBe('Alle 3 s');
  });

  it('explains that file sources need Node', async () => {
    await expect(
      createResolver({ languages: { en: { file: '/translations/en.json' } } }),
    ).rejects.toThrow('/translations/en.json: reading a phrase file from a path needs Node');
  });
});
