import { css } from 'lit';

/**
 * Layout of the colour pickers: the group without a fieldset's frame, the swatch, the native
 * colour input and the channel inputs. Sizes and the swatch frame are custom properties.
 */
export const colorFieldStyles = css`
  :host {
    --_swatch-size: var(--gk-swatch-size, 2.25rem);
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-inline-size: 0;
  }
  legend {
    padding: 0;
    margin-block-end: calc(var(--_space) / 2);
  }
  .control {
    flex-wrap: wrap;
  }
  .swatch {
    display: inline-block;
    flex: none;
    inline-size: var(--_swatch-size);
    block-size: var(--_swatch-size);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .swatch-color {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }
  input[type='color'] {
    box-sizing: border-box;
    inline-size: calc(var(--_swatch-size) * 1.5);
    block-size: var(--_swatch-size);
    padding: 2px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    cursor: pointer;
  }
  .channels {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .channel {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
  }
  .channel label,
  .alpha label {
    font-weight: 400;
    color: var(--_muted);
  }
  input[type='number'] {
    inline-size: 5.5em;
  }
  fieldset:disabled {
    opacity: 0.6;
  }
  fieldset:disabled input[type='color'] {
    cursor: not-allowed;
  }
`;
