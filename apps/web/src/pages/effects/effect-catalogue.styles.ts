import { css } from 'lit';

/** The effect list: a column of links, compact enough that the form stays near on a phone. */
export const catalogueStyles = css`
  :host {
    display: grid;
    gap: var(--_space);
    align-content: start;
  }
  search {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  input[type='search'] {
    inline-size: 100%;
  }
  .count {
    margin: 0;
    font-size: 0.9rem;
  }
  .lists {
    display: grid;
    gap: var(--_space);
  }
  h2 {
    font-size: 1rem;
    margin: var(--_space) 0 calc(var(--_space) / 2);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .effects {
    display: grid;
    gap: 2px;
  }
  .effects a {
    display: block;
    /* A touch target of at least 44 px: the list is tapped on phones. */
    min-block-size: 2.75rem;
    box-sizing: border-box;
    padding: 0.6rem 0.75rem;
    border-radius: var(--_radius);
    color: inherit;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  .effects a:hover {
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
  }
  /* The chosen effect: a bar and bold text as well as the tint, so it is not colour alone. */
  .effects a[aria-current='page'] {
    background: color-mix(in srgb, var(--_accent) 18%, transparent);
    box-shadow: inset 4px 0 0 var(--_accent);
    font-weight: 600;
  }
  .empty {
    margin: 0;
    font-size: 0.9rem;
  }
  .problems {
    border-inline-start: 4px solid var(--_error);
    padding-inline-start: var(--_space);
  }
  .problems h2 {
    color: var(--_error);
  }
  .problems p {
    margin: 0 0 calc(var(--_space) / 2);
  }
  .problem-list {
    display: grid;
    gap: var(--_space);
  }
  .messages {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  code {
    font-size: 0.85rem;
    /* Absolute paths and diagnostics are long: they wrap anywhere rather than widen a phone. */
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .file code {
    font-weight: 600;
  }
  /* On a phone the list sits above the form: it scrolls within a bounded height instead. */
  @media (width < 48rem) {
    .lists {
      max-block-size: 45vh;
      overflow-y: auto;
      overscroll-behavior: contain;
      border: 1px solid color-mix(in srgb, var(--_border) 40%, transparent);
      border-radius: var(--_radius);
      padding: calc(var(--_space) / 2);
    }
  }
`;
