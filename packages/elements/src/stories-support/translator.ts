/**
 * The translator every story shares: one `@glowkit/i18n` resolver with the project's English and
 * German phrases. Storybook's `locale` toolbar switches its language (see preview.ts), and the
 * elements re-render themselves when it changes.
 *
 * A story gets it from its loaded data, which the preview's loader fills:
 *
 * ```ts
 * render: (args, { loaded: { translator } }) =>
 *   html`<gk-x .translator=${translator} .schema=${schema}></gk-x>`
 * ```
 */
import { createResolver, type Resolver } from '@glowkit/i18n';
import de from '../../../../translations/de.json' with { type: 'json' };
import en from '../../../../translations/en.json' with { type: 'json' };

/** The languages of the `locale` toolbar. */
export const storyLocales = ['en', 'de'] as const;
export type StoryLocale = (typeof storyLocales)[number];

/** The shared resolver, in English until the toolbar says otherwise. */
export const storyTranslator: Promise<Resolver> = createResolver({
  languages: { en: { phrases: en }, de: { phrases: de } },
  language: 'en',
});

/** The shared resolver, switched to `locale` (an unknown locale keeps the current language). */
export async function translatorFor(locale: unknown): Promise<Resolver> {
  const translator = await storyTranslator;
  if (isStoryLocale(locale) && translator.language !== locale) await translator.setLanguage(locale);
  return translator;
}

function isStoryLocale(value: unknown): value is StoryLocale {
  return (storyLocales as readonly unknown[]).includes(value);
}
