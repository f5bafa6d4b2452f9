import { css } from 'lit';

/** The backup page's own styles, on top of the shared page styles. */
export const backupStyles = css`
  [hidden] {
    display: none !important;
  }
  h3 {
    font-size: 1.05rem;
    margin: calc(var(--_space) * 2) 0 var(--_space);
  }
  h4 {
    font-size: 1rem;
    margin: calc(var(--_space) * 1.5) 0 calc(var(--_space) / 2);
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.92em;
    overflow-wrap: anywhere;
  }
  .drop {
    /* The drop zone is the whole card: a dashed edge says so while a file is dragged over it. */
    outline: 2px dashed transparent;
    outline-offset: -6px;
  }
  .drop.dragging {
    outline-color: var(--_accent);
  }
  .file {
    display: grid;
    gap: calc(var(--_space) / 2);
    justify-items: start;
    margin-block-end: var(--_space);
  }
  .file input {
    inline-size: 100%;
  }
  .problems {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
    margin-block: var(--_space);
  }
  /* The problem texts themselves stay in the text colour: the edge marks them as errors. */
  .problems {
    color: var(--_text);
  }
  .problems p {
    margin: 0 0 calc(var(--_space) / 2);
  }
  .violations {
    margin: 0;
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
  .pointer {
    font-weight: 600;
  }
  .ok::before {
    content: '✓ ';
  }
  .summary ul {
    margin: 0;
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
  .summary li {
    margin-block: 0.15rem;
  }
  .instance {
    font-weight: 600;
  }
  .notice {
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
    border-radius: var(--_radius);
  }
  .notice:focus {
    outline: none;
  }
  .snapshots {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space);
  }
  .snapshot {
    border-block-start: 1px solid color-mix(in srgb, var(--_border) 45%, transparent);
    padding-block-start: var(--_space);
  }
  .snapshot p {
    margin: calc(var(--_space) / 2) 0;
    overflow-wrap: anywhere;
  }
  .snapshot-head {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space);
    align-items: baseline;
  }
  .confirm {
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .restart {
    display: grid;
    justify-items: center;
    text-align: center;
    gap: var(--_space);
    padding-block: calc(var(--_space) * 4);
  }
  .restart:focus {
    outline: none;
  }
  .restart p {
    margin: 0;
  }
  .restart-title {
    font-size: 1.2rem;
    font-weight: 600;
  }
  .spinner {
    inline-size: 2rem;
    block-size: 2rem;
    border: 3px solid color-mix(in srgb, var(--_accent) 25%, transparent);
    border-block-start-color: var(--_accent);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  .missing {
    margin-block: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 8%, transparent);
    border-radius: var(--_radius);
  }
  .missing h4 {
    margin: 0 0 calc(var(--_space) / 2);
  }
  .missing ul {
    margin: 0;
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
`;
