import { themeProperties } from '@glowkit/elements/components';
import { css } from 'lit';

export const liveLedsStyles = css`
  :host {
    ${themeProperties}
    display: block;
    min-inline-size: 0;
    color: var(--_text);
  }
  .state {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    margin: 0.35rem 0 0;
    font-size: 0.9rem;
    color: var(--_muted);
  }
  .state.failed {
    color: var(--_error);
  }
  /* A shape besides the word: the state never rests on colour alone. */
  .dot {
    inline-size: 0.6rem;
    block-size: 0.6rem;
    border-radius: 50%;
    flex: none;
    border: 2px solid currentColor;
    box-sizing: border-box;
  }
  .live .dot {
    background: light-dark(#1b7f3b, #5fd38a);
    border-color: light-dark(#1b7f3b, #5fd38a);
  }
  .placeholder {
    aspect-ratio: 16 / 9;
    display: grid;
    place-items: center;
    border-radius: var(--gk-radius, 6px);
    border: 1px dashed var(--_border);
    color: var(--_muted);
    padding: 0.5rem;
    text-align: center;
  }
`;
