import { css } from 'lit';

/** The controls in one band: the switches, then the brightness taking the rest of the row. */
export const instanceControlsStyles = css`
  :host {
    display: block;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 2);
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
  }
  legend {
    font-weight: 600;
    padding: 0;
    margin-block-end: 0.25rem;
  }
  output {
    font-variant-numeric: tabular-nums;
    min-inline-size: 3.5em;
    text-align: end;
  }
  .switch {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    font-weight: 400;
    min-block-size: 2.5rem;
    cursor: pointer;
  }
  .switch input {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    min-block-size: 0;
    accent-color: var(--_accent);
    margin: 0;
  }
  .brightness {
    flex: 1 1 12rem;
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: 0.25rem var(--_space);
  }
  .brightness label {
    grid-column: 1 / -1;
  }
  .brightness input {
    inline-size: 100%;
    accent-color: var(--_accent);
    padding: 0;
    border: 0;
    background: none;
  }
`;
