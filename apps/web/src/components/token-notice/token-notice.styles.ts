import { css } from 'lit';

/** The token-request notice: a band below the header in the accent colour, wrapping on a phone. */
export const tokenNoticeStyles = css`
  :host {
    display: block;
  }
  .message:empty {
    display: none;
  }
  .message,
  .notice {
    margin: var(--_space) calc(var(--_space) * 2) 0;
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
    border-radius: var(--_radius);
  }
  h2 {
    font-size: 1rem;
    margin: 0 0 calc(var(--_space) / 2);
  }
  ul {
    list-style: none;
    margin: 0 0 calc(var(--_space) / 2);
    padding: 0;
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
    overflow-wrap: anywhere;
  }
  .actions {
    display: flex;
    gap: calc(var(--_space) / 2);
  }
`;
