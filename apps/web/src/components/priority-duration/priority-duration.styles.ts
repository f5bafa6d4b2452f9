import { css } from 'lit';

/** Two fields side by side, one above the other where there is no room. */
export const priorityDurationStyles = css`
  :host {
    display: block;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
    gap: var(--_space) calc(var(--_space) * 1.5);
  }
  .field {
    display: grid;
    align-content: start;
    gap: 0.25rem;
    min-inline-size: 0;
  }
  input {
    inline-size: 100%;
  }
  .hint {
    margin: 0;
    font-size: 0.85rem;
  }
`;
