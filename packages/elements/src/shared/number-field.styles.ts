import { css } from 'lit';

/** Numbers line up: fixed-width digits, right-aligned, in a box sized for them. */
export const numberFieldStyles = css`
  input[type='number'] {
    inline-size: var(--gk-number-width, 8rem);
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;
