import { themeProperties } from '@glowkit/elements/components';
import { css } from 'lit';
import { errorMessageStyles } from '../components/error-message/error-message.styles.js';

/**
 * What every page shares: the theme's colours (the same custom properties as the elements, so a
 * page and its forms match), headings, cards, buttons, and messages. Everything follows
 * `color-scheme` through `light-dark()`.
 */
export const pageStyles = css`
  ${errorMessageStyles}
  :host {
    ${themeProperties}
    display: block;
    color: var(--_text);
  }
  h1 {
    font-size: 1.5rem;
    margin: 0 0 calc(var(--_space) * 2);
  }
  h2 {
    font-size: 1.15rem;
    margin: 0 0 var(--_space);
  }
  .card {
    background: var(--_surface);
    border: 1px solid color-mix(in srgb, var(--_border) 55%, transparent);
    border-radius: calc(var(--_radius) * 1.5);
    padding: calc(var(--_space) * 2);
    margin-block-end: calc(var(--_space) * 2);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }
  .muted {
    color: var(--_muted);
  }
  button,
  .button {
    font: inherit;
    color: inherit;
    box-sizing: border-box;
    min-block-size: 2.5rem;
    padding: 0.35rem 0.9rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    cursor: pointer;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: light-dark(#ffffff, #0f131c);
    font-weight: 600;
  }
  button.danger {
    color: var(--_error);
    border-color: var(--_error);
  }
  button:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  button:focus-visible,
  a:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  a {
    color: var(--_accent);
  }
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
    box-sizing: border-box;
    min-block-size: 2.5rem;
    padding: 0.35rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    max-inline-size: 100%;
  }
  label {
    font-weight: 600;
  }
  .error {
    color: var(--_error);
  }
  /* A page's status line of what it last did. Kept in the page when empty (a live region that
     appears late may go unannounced). */
  .status {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
    border-radius: var(--_radius);
  }
  .status:empty {
    padding: 0;
    border: 0;
    margin: 0;
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
