import { css } from 'lit';

export const effectFormStyles = css`
  :host {
    --_text: var(--gk-color-text, light-dark(#1d2330, #e8ecf4));
    --_muted: var(--gk-color-muted, light-dark(#5b6478, #a3adc2));
    --_error: var(--gk-color-error, light-dark(#b3261e, #ff8a80));
    --_space: var(--gk-space, 0.5rem);
    display: block;
    color: var(--_text);
    font: var(--gk-font, inherit);
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-inline-size: 0;
  }
  legend {
    font-size: 1.125em;
    font-weight: 700;
    padding: 0;
    margin-block-end: calc(var(--_space) * 2);
  }
  .status {
    color: var(--_muted);
  }
  .status.failed {
    color: var(--_error);
  }
`;
