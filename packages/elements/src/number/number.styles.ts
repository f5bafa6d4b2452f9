import { css } from 'lit';

/** A numeric input sized for its digits (their alignment is the shared field styles'). */
export const numberStyles = css`
  input[type='number'] {
    inline-size: var(--gk-number-width, 8rem);
  }
`;
