import { css } from 'lit';

/** A modal `<dialog>` of the app or a page: the surface's colours, narrower than a phone. */
export const dialogStyles = css`
  dialog {
    box-sizing: border-box;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.5);
    padding: calc(var(--_space) * 2);
    max-inline-size: min(30rem, calc(100vw - 2rem));
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
`;
