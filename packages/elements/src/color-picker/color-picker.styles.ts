import { css } from 'lit';

/** The RGB picker: an opaque swatch. */
export const colorPickerStyles = css`
  .swatch {
    background: var(--_surface);
  }
`;
