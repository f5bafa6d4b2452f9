import { css } from 'lit';

/** The error display's look: the theme's error colour, an edge, and the details as a list. */
export const errorMessageStyles = css`
  .error-message {
    color: var(--_error);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
    margin-block: var(--_space);
  }
  .error-message p {
    margin: 0;
  }
  .error-message ul {
    margin: calc(var(--_space) / 2) 0 0;
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
`;
