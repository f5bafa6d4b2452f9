import { css } from 'lit';

export const checkboxStyles = css`
  input[type='checkbox'] {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin: 0;
    accent-color: var(--_accent);
  }
  label {
    font-weight: 400;
  }
`;
