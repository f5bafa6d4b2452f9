import { css } from 'lit';
import { themeProperties } from './theme.styles.js';

/**
 * Styles shared by every field. Everything visual is a CSS custom property with a light and a dark
 * default (chosen by the inherited `color-scheme`), so pages theme the elements without reaching
 * into their shadow roots; `::part()` names are given for the rest.
 */
export const fieldStyles = css`
  :host {
    ${themeProperties}
    display: block;
    color: var(--_text);
    font: var(--gk-font, inherit);
    margin-block: 0 calc(var(--_space) * 2);
  }
  :host([hidden]) {
    display: none;
  }
  .field {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  label,
  .label {
    font-weight: 600;
  }
  .control {
    display: flex;
    align-items: center;
    gap: var(--_space);
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
  }
  input:not([type='checkbox']):not([type='color']):not([type='range']),
  select {
    box-sizing: border-box;
    min-height: 2.25rem;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    min-width: 0;
  }
  /* Every numeric input, colour channels included, lines its digits up the same way. */
  input[type='number'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  input:focus-visible,
  select:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
    box-shadow: var(--_focus);
  }
  [aria-invalid='true'] {
    border-color: var(--_error) !important;
  }
  .unit {
    color: var(--_muted);
  }
  .error {
    color: var(--_error);
    font-size: 0.875em;
    margin: 0;
  }
  .error:empty {
    display: none;
  }
`;

/**
 * Styles of a field that groups several controls in a `<fieldset>` with a `<legend>` (lists,
 * multiselects): the fieldset's frame, its legend as the label, and small buttons.
 */
export const groupStyles = css`
  fieldset {
    margin: 0;
    min-inline-size: 0;
    padding: var(--_space) calc(var(--_space) * 1.5) calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  legend {
    font-weight: 600;
    padding-inline: calc(var(--_space) / 2);
  }
  button {
    box-sizing: border-box;
    min-block-size: 2.25rem;
    min-inline-size: 2.25rem;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  .note {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875em;
    font-style: italic;
  }
`;
