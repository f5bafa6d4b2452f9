import { css } from 'lit';

/**
 * The RGBA picker: the swatch shows the colour over a checkerboard, so transparency is visible;
 * the alpha slider and its number sit on their own row.
 */
export const colorPickerRgbaStyles = css`
  :host {
    --_checker-light: var(--gk-checker-light, light-dark(#ffffff, #3a4152));
    --_checker-dark: var(--gk-checker-dark, light-dark(#c8ccd4, #232836));
  }
  .swatch {
    background: repeating-conic-gradient(var(--_checker-dark) 0 25%, var(--_checker-light) 0 50%)
      0 0 / 12px 12px;
  }
  .alpha {
    display: flex;
    align-items: center;
    flex-basis: 100%;
    gap: var(--_space);
  }
  input[type='range'] {
    flex: 1 1 8rem;
    min-inline-size: 6rem;
    max-inline-size: 16rem;
    margin: 0;
    accent-color: var(--_accent);
  }
`;
