import { css } from 'lit';

/**
 * Layout of the colour pickers: the group without a fieldset's frame, the swatch and the channel
 * inputs. The swatch is the native colour input, restyled as a square of the colour: the browser's
 * own button frame and inner border go, and a frame of its own stays, dark on a light page and
 * light on a dark one, so that a colour like the page's (white on white) still shows as a swatch.
 */
export const colorPickerStyles = css`
  :host {
    --_swatch-size: var(--gk-swatch-size, 2.25rem);
    --_swatch-outline: var(
      --gk-swatch-outline,
      light-dark(rgb(0 0 0 / 0.45), rgb(255 255 255 / 0.5))
    );
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
    appearance: none;
    box-sizing: border-box;
    flex: none;
    inline-size: var(--_swatch-size);
    block-size: var(--_swatch-size);
    margin: 0;
    padding: 0;
    border: 1px solid var(--_swatch-outline);
    border-radius: var(--_radius);
    background: none;
    cursor: pointer;
    /* The colour is the content: high-contrast modes must not repaint it in their text colour. */
    forced-color-adjust: none;
  }
  @media (forced-colors: active) {
    .swatch {
      border-color: CanvasText;
    }
  }
  .swatch::-webkit-color-swatch-wrapper {
    padding: 0;
  }
  /*
   * The swatch paints the input's CSS colour (the value, with the RGBA picker's alpha, through
   * which its checkerboard shows) rather than the browser's opaque value. The browser sets that
   * inline inside the input, which only an important declaration overrides.
   */
  .swatch::-webkit-color-swatch {
    border: 0;
    border-radius: calc(var(--_radius) - 1px);
    background-color: currentColor !important;
  }
  .swatch::-moz-color-swatch {
    border: 0;
    border-radius: calc(var(--_radius) - 1px);
    background-color: currentColor !important;
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
  /* Only the width: alignment and digits are the shared numeric input's. */
  input[type='number'] {
    inline-size: 5.5em;
  }
  fieldset:disabled {
    opacity: 0.6;
  }
  fieldset:disabled .swatch {
    cursor: not-allowed;
  }
`;
