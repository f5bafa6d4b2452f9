import { css } from 'lit';

/**
 * The theme as private custom properties (`--_text`, `--_accent`…), each the page's `--gk-*`
 * property when it sets one, else a light and a dark default chosen by the inherited
 * `color-scheme`: declarations to put in a `:host` rule. Every element uses them, and so can an
 * app whose own pages should match its forms.
 */
export const themeProperties = css`
  --_text: var(--gk-color-text, light-dark(#1d2330, #e8ecf4));
  --_muted: var(--gk-color-muted, light-dark(#5b6478, #a3adc2));
  --_surface: var(--gk-color-surface, light-dark(#ffffff, #1b2130));
  --_border: var(--gk-color-border, light-dark(#8a93a6, #5d6780));
  --_accent: var(--gk-color-accent, light-dark(#2456d6, #7fa2ff));
  --_error: var(--gk-color-error, light-dark(#b3261e, #ff8a80));
  --_radius: var(--gk-radius, 6px);
  --_space: var(--gk-space, 0.5rem);
  --_focus: var(--gk-focus-ring, 0 0 0 3px light-dark(#2456d680, #7fa2ff99));
`;
