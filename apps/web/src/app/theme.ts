/** Light, dark, or whatever the system says. */
export type Theme = 'system' | 'light' | 'dark';

const THEME_KEY = 'glowkit.theme';

/** The theme chosen before, else the system's. */
export function storedTheme(storage: Storage = window.localStorage): Theme {
  const theme = storage.getItem(THEME_KEY);
  return theme === 'light' || theme === 'dark' ? theme : 'system';
}

/**
 * Applies a theme to the page: `color-scheme` on the root, which every Glowkit element and the
 * app's styles follow through `light-dark()`; `system` leaves the choice to the browser.
 */
export function applyTheme(theme: Theme, storage: Storage = window.localStorage): void {
  if (theme === 'system') storage.removeItem(THEME_KEY);
  else storage.setItem(THEME_KEY, theme);
  document.documentElement.style.colorScheme = theme === 'system' ? 'light dark' : theme;
  document.documentElement.dataset.theme = theme;
}
