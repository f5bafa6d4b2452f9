import { css } from 'lit';

/** The smoothing block: the checkbox, then its dependent fields indented under it. */
export const smoothingStyles = css`
  .group {
    display: grid;
  }
  .details {
    display: grid;
    padding-inline-start: calc(var(--_space) * 2);
    border-inline-start: 2px solid var(--_border);
    margin-inline-start: calc(var(--_space) + 1px);
  }
  .group > :last-child,
  .details > :last-child {
    margin-block-end: 0;
  }
`;
