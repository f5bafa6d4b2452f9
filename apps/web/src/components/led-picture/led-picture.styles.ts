import { css } from 'lit';

export const ledPictureStyles = css`
  :host {
    display: block;
    min-inline-size: 0;
  }
  canvas {
    display: block;
    inline-size: 100%;
    block-size: auto;
    box-sizing: border-box;
    /* The screen the LEDs sit around: dark enough that lit LEDs glow, light enough that LEDs
       that are off (black) still show where they are. */
    background: var(--gk-led-screen, light-dark(#dde2ea, #1a202c));
    border-radius: var(--gk-radius, 6px);
    /* Read by the element (getComputedStyle) as canvas colours: color is the neutral LED of the
       static mode, caret-color the start marker. CSS resolves light-dark() for it. */
    color: var(--gk-led-neutral, light-dark(#5b6478, #8f9ab0));
    caret-color: var(--gk-led-marker, light-dark(#1d2330, #ffffff));
  }
`;
