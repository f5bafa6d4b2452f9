import { css } from 'lit';

export const signInStyles = css`
  .columns {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
    gap: calc(var(--_space) * 2);
  }
  form {
    display: grid;
    gap: var(--_space);
  }
  form button {
    justify-self: start;
  }
`;
