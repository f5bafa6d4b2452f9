// English is the fallback for every phrase: the UI's own phrases are in the page's first script,
// the forms' (settings and effect options) come with the pages that render forms (vite.config.ts
// splits the file). German is fetched whole when chosen. Both are the project's own phrase
// files, the ones effect schemas are translated with.
import en from 'glowkit-phrases:ui';
import { createResolver, type Resolver } from '@glowkit/i18n';

/** The languages the UI offers, with their names in themselves. */
export const LANGUAGES = { en: 'English', de: 'Deutsch' } as const;
export type Language = keyof typeof LANGUAGES;

const LANGUAGE_KEY = 'glowkit.language';
const deUrl = new URL('../../../../translations/de.json', import.meta.url).href;

/** The language chosen before, else the browser's when the UI has it, else English. */
export function preferredLanguage(
  storage: Storage = window.localStorage,
  languages: readonly string[] = navigator.languages,
): Language {
  const stored = storage.getItem(LANGUAGE_KEY);
  if (stored && Object.hasOwn(LANGUAGES, stored)) return stored as Language;
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (Object.hasOwn(LANGUAGES, base)) return base as Language;
  }
  return 'en';
}

/** The UI's translator, in the preferred language; `<gk-effect-form>` takes it as it is. */
export function createTranslator(language: Language = preferredLanguage()): Promise<Resolver> {
  return createResolver({
    languages: { en: { phrases: en } },
    language: 'en',
    sourceFor: (lng) => (lng === 'de' ? { url: deUrl } : undefined),
  }).then(async (resolver) => {
    if (language !== 'en') await resolver.setLanguage(language);
    return resolver;
  });
}

let formPhrases: Promise<void> | undefined;

/**
 * Adds the English phrases of settings and effect forms (`edt_…`) to the translator, once; a page
 * that renders forms is shown after they are in.
 */
export function loadFormPhrases(resolver: Resolver): Promise<void> {
  formPhrases ??= import('glowkit-phrases:forms').then(({ default: phrases }) =>
    resolver.addPhrases('en', phrases),
  );
  return formPhrases;
}

/** Switches the UI's language and remembers the choice. */
export async function chooseLanguage(resolver: Resolver, language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  await resolver.setLanguage(language);
  document.documentElement.lang = language;
}
