import { css } from 'lit';

export const captureStyles = css`
  .choices {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    border: 0;
    margin: 0;
    padding: 0;
  }
  .choices legend {
    font-weight: 600;
    margin-block-end: var(--_space);
  }
  .choice {
    display: flex;
    align-items: flex-start;
    gap: var(--_space);
  }
  .fields {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) * 2);
    margin-block: var(--_space);
  }
  .fields label {
    display: grid;
    gap: 0.25rem;
  }
  .picture {
    max-inline-size: 28rem;
    margin-block: var(--_space);
  }
  .muted {
    color: var(--_muted);
  }
`;
