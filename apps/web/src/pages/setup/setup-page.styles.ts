import { css } from 'lit';

export const setupStyles = css`
  .picker {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-block-end: calc(var(--_space) * 2);
  }
  .picker select {
    min-inline-size: min(100%, 16rem);
  }
  .adjustment + .adjustment {
    margin-block-start: calc(var(--_space) * 2);
  }
  h3 {
    font-size: 1.05rem;
    margin: calc(var(--_space) * 1.5) 0 var(--_space);
  }
  .violations {
    margin: var(--_space) 0 0;
    padding: var(--_space) calc(var(--_space) * 1.5) var(--_space) calc(var(--_space) * 3.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
  }
  .violations li {
    overflow-wrap: anywhere;
  }
  /* Save stays in reach at the bottom of the screen while the sections scroll past. */
  .save-bar {
    position: sticky;
    inset-block-end: 0;
    z-index: 1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 2);
    background: var(--_surface);
    border: 1px solid color-mix(in srgb, var(--_border) 55%, transparent);
    border-radius: calc(var(--_radius) * 1.5);
    box-shadow: 0 -2px 10px color-mix(in srgb, #000 12%, transparent);
  }
  .save-bar p {
    margin: 0;
    flex: 1 1 14rem;
  }
  .saved::before {
    content: '✓ ';
  }
`;
