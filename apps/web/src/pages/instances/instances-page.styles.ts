import { css } from 'lit';

/** The Instances page's own styles (its list and the new instance's steps), on the page styles. */
export const instancesStyles = css`
  h2:focus,
  h2:focus-visible {
    outline: none;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0;
    overflow-wrap: anywhere;
  }
  [hidden] {
    display: none !important;
  }
  .name-form {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .name-form p {
    margin: 0;
  }
  .name-form input {
    flex: 1 1 12rem;
    min-inline-size: 0;
    max-inline-size: 24rem;
  }
  .field-problem:empty {
    display: none;
  }
  .items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }
  .item {
    border-block-start: 1px solid color-mix(in srgb, var(--_border) 45%, transparent);
    padding-block-start: var(--_space);
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .item p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .item > button {
    justify-self: start;
  }
  .badge {
    font-size: 0.85rem;
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    border: 1px solid var(--_border);
  }
  .badge[data-running='true'] {
    border-color: var(--_accent);
    color: var(--_accent);
  }
  .warning {
    padding: calc(var(--_space) / 2) var(--_space);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
  }
  .confirm {
    padding: var(--_space);
    border: 1px solid var(--_error);
    border-radius: var(--_radius);
  }
  .confirm p {
    margin: 0 0 var(--_space);
  }
  .steps p {
    margin: 0;
  }
`;
