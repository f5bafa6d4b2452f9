import { css } from 'lit';

/** The tokens page's own styles, on top of the shared page styles. */
export const tokensStyles = css`
  h2:focus {
    outline: none;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0 0 var(--_space);
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  form {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  form p {
    margin: 0 0 calc(var(--_space) / 2);
  }
  form button {
    justify-self: start;
  }
  .deny-all {
    margin-block-end: var(--_space);
  }
  .items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space);
  }
  .item {
    border-block-start: 1px solid color-mix(in srgb, var(--_border) 45%, transparent);
    padding-block-start: var(--_space);
  }
  .item p {
    margin: 0 0 calc(var(--_space) / 2);
    overflow-wrap: anywhere;
  }
  .item-name {
    font-weight: 600;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2) calc(var(--_space) * 2);
    margin: 0 0 var(--_space);
  }
  dl div {
    display: flex;
    gap: calc(var(--_space) / 2);
  }
  dt {
    color: var(--_muted);
  }
  dt::after {
    content: ':';
  }
  dd {
    margin: 0;
  }
  .confirm {
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .confirm p {
    margin: 0 0 var(--_space);
  }
  .created {
    display: grid;
    /* One column no wider than the card: the token's field shrinks on a phone. */
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--_space) / 2);
    justify-items: start;
  }
  .created p {
    margin: 0;
  }
  .token-row {
    inline-size: 100%;
    flex-wrap: nowrap;
  }
  .token {
    flex: 1;
    min-inline-size: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  .warning {
    font-weight: 600;
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  .badge {
    display: inline-block;
    padding: 0 0.5rem;
    border-radius: 999px;
    border: 1px solid currentColor;
    font-size: 0.8rem;
    font-weight: 600;
  }
  .warning::before {
    content: '⚠ ';
  }
  .error {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
  }
  .error p {
    margin: 0;
  }
  .error ul {
    margin: calc(var(--_space) / 2) 0 0;
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
`;
