/**
 * The project annotations every story runs with, shared by `.storybook/preview.ts` and the
 * stories' accessibility test: the `locale` and `theme` toolbar globals, the loader that hands
 * stories the shared translator, and the decorator that themes the canvas.
 */
import type { Decorator, Loader, Preview } from '@storybook/web-components-vite';
import { html } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { storyLocales, translatorFor } from './translator.js';

export const storyThemes = ['light', 'dark'] as const;
export type StoryTheme = (typeof storyThemes)[number];

/** Page colours per theme; the elements pick theirs from the inherited `color-scheme`. */
export const pageColors: Readonly<Record<StoryTheme, { background: string; text: string }>> = {
  light: { background: '#ffffff', text: '#1d2330' },
  dark: { background: '#10141d', text: '#e8ecf4' },
};

function themeOf(value: unknown): StoryTheme {
  return value === 'dark' ? 'dark' : 'light';
}

/** Puts the shared translator, in the toolbar's language, into `context.loaded.translator`. */
export const translatorLoader: Loader = async (context) => ({
  translator: await translatorFor(context.globals.locale),
});

/**
 * Wraps each story in a box with the theme's `color-scheme`, background and text colour, and the
 * language of its phrases. In the single-story view the whole page takes the theme too.
 */
export const withTheme: Decorator = (story, context) => {
  const theme = themeOf(context.globals.theme);
  const colors = pageColors[theme];
  if (context.viewMode === 'story') {
    document.documentElement.style.colorScheme = theme;
    document.body.style.background = colors.background;
    document.body.style.color = colors.text;
  }
  const lang = typeof context.globals.locale === 'string' ? context.globals.locale : 'en';
  return html`<div
    class="gk-story"
    data-theme=${theme}
    lang=${lang}
    style=${styleMap({
      colorScheme: theme,
      background: colors.background,
      color: colors.text,
      padding: '1rem',
      fontFamily: 'system-ui, sans-serif',
    })}
  >
    ${story()}
  </div>`;
};

/** Everything of the preview that stories depend on (the manifest is added by Storybook only). */
export const storyPreview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of titles, units and messages',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: storyLocales.map((value) => ({
          value,
          title: value === 'de' ? 'Deutsch' : 'English',
        })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour scheme of the canvas',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: storyThemes.map((value) => ({
          value,
          title: value === 'dark' ? 'Dark' : 'Light',
          icon: value === 'dark' ? 'moon' : 'sun',
        })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', theme: 'light' },
  loaders: [translatorLoader],
  decorators: [withTheme],
};
