import { css } from 'lit';

export const colourStyles = css`
  .columns {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
    gap: calc(var(--_space) * 2);
    align-items: start;
  }
  .stack {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }
  .field {
    display: grid;
    align-content: start;
    gap: 0.25rem;
    min-inline-size: 0;
  }
  select {
    inline-size: 100%;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .message {
    margin: 0;
  }
  .message:empty {
    display: none;
  }
  .controls {
    margin-block-end: calc(var(--_space) * 2);
  }
  .quick h3 {
    font-size: 0.95rem;
    margin: 0 0 calc(var(--_space) / 2);
  }
  .swatches {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  .swatch {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
  }
  .chip {
    inline-size: 1.1rem;
    block-size: 1.1rem;
    border-radius: 50%;
    border: 1px solid color-mix(in srgb, var(--_border) 80%, transparent);
  }
`;
