import { themeProperties } from '@glowkit/elements/components';
import { css } from 'lit';
import { dialogStyles } from './dialog.styles.js';

/** The shell: a header that wraps on a phone, the page below it. */
export const appStyles = css`
  :host {
    ${themeProperties}
    --_ok: light-dark(#1e7b34, #7ee29a);
    display: block;
    min-block-size: 100vh;
    color: var(--_text);
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 2);
    padding: var(--_space) calc(var(--_space) * 2);
    background: var(--_surface);
    border-block-end: 1px solid color-mix(in srgb, var(--_border) 50%, transparent);
  }
  .brand {
    font-weight: 800;
    font-size: 1.2rem;
    color: inherit;
    text-decoration: none;
  }
  nav ul {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    list-style: none;
    margin: 0;
    padding: 0;
  }
  nav a {
    display: inline-block;
    padding: 0.4rem 0.7rem;
    border-radius: 999px;
    color: inherit;
    text-decoration: none;
  }
  nav a:hover {
    background: color-mix(in srgb, var(--_accent) 12%, transparent);
  }
  nav a[aria-current='page'] {
    background: color-mix(in srgb, var(--_accent) 20%, transparent);
    font-weight: 600;
  }
  .connection {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    color: var(--_muted);
    margin-inline-start: auto;
  }
  .dot {
    inline-size: 0.6rem;
    block-size: 0.6rem;
    border-radius: 50%;
    background: var(--_muted);
  }
  .connection[data-state='open'] .dot {
    background: var(--_ok);
  }
  .connection[data-state='reconnecting'] .dot {
    background: var(--_error);
  }
  .settings {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  select,
  button {
    font: inherit;
    color: inherit;
    min-block-size: 2.25rem;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_surface);
  }
  a:focus-visible,
  select:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  main {
    max-inline-size: 72rem;
    margin-inline: auto;
    padding: calc(var(--_space) * 2);
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: light-dark(#ffffff, #0f131c);
    font-weight: 600;
  }
  ${dialogStyles}
  dialog .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .waiting,
  .starting {
    color: var(--_muted);
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  footer {
    padding: var(--_space) calc(var(--_space) * 2) calc(var(--_space) * 3);
    border-block-start: 1px solid color-mix(in srgb, var(--_border) 50%, transparent);
  }
`;
