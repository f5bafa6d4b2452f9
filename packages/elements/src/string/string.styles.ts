import { css } from 'lit';

/** Text inputs and select boxes take the room they need, up to a readable line length. */
export const stringStyles = css`
  input,
  select {
    inline-size: min(100%, var(--gk-text-width, 24rem));
  }
`;
