import { css } from 'lit';

export const instanceCardStyles = css`
  :host {
    display: block;
    min-inline-size: 0;
  }
  article {
    display: grid;
    gap: calc(var(--_space) * 1.5);
    margin: 0;
    block-size: 100%;
    box-sizing: border-box;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: var(--_space);
  }
  h2 {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .badge {
    font-size: 0.85rem;
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    border: 1px solid currentColor;
    color: var(--_muted);
  }
  .sources h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  .sources ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.25rem;
  }
  .sources li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem var(--_space);
  }
  .sources .about {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5rem;
    min-inline-size: 0;
  }
  /*
   * The connection is lost: what the card shows may be out of date. Greyed without fading its
   * text (which would fall below the contrast axe checks): muted text, a dashed edge, and the
   * pictures grey and faint.
   */
  .card[data-offline] {
    color: var(--_muted);
    border-style: dashed;
  }
  .card[data-offline] gk-live-leds::part(picture),
  .card[data-offline] gk-input-picture {
    filter: grayscale(1);
    opacity: 0.45;
  }
  .offline {
    margin: 0;
    font-weight: 600;
  }
  .sources .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }
  .sources .origin {
    overflow-wrap: anywhere;
  }
  .sources .pinned {
    color: inherit;
    font-weight: 600;
  }
  /* The input picture beside the LED picture, each half the card, at the same aspect. */
  .pictures {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space);
    align-items: start;
  }
  .pictures[data-input] {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25rem var(--_space);
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  dd .muted {
    display: block;
    font-size: 0.9rem;
  }
  .swatch {
    display: inline-block;
    inline-size: 1em;
    block-size: 1em;
    vertical-align: -0.15em;
    margin-inline-end: 0.35em;
    border-radius: 3px;
    /* Visible on a page of its own colour. */
    outline: 1px solid light-dark(rgb(0 0 0 / 0.45), rgb(255 255 255 / 0.55));
  }
  .clock {
    font-variant-numeric: tabular-nums;
  }
  .device-error {
    color: var(--_error);
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
  }
  .output-off {
    margin: calc(var(--_space) / 2) 0 0;
    padding: calc(var(--_space) / 2) var(--_space);
    border-inline-start: 4px solid var(--_muted);
    color: var(--_muted);
  }
`;
