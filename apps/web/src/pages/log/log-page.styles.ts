import { css } from 'lit';

export const logStyles = css`
  .intro {
    margin: 0 0 calc(var(--_space) * 2);
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: var(--_space) calc(var(--_space) * 2);
    margin-block-end: var(--_space);
  }
  .field {
    display: grid;
    gap: 0.25rem;
    min-inline-size: 0;
  }
  .search {
    flex: 1 1 12rem;
  }
  .search input {
    inline-size: 100%;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  button[aria-pressed='true'] {
    background: color-mix(in srgb, var(--_accent) 18%, var(--_surface));
    border-color: var(--_accent);
  }
  .counts {
    margin: var(--_space) 0;
  }
  .lines {
    max-block-size: 70vh;
    overflow: auto;
    border: 1px solid color-mix(in srgb, var(--_border) 55%, transparent);
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_text) 3%, var(--_surface));
  }
  .empty {
    margin: 0;
    padding: var(--_space);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    font-size: 0.85rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space);
    padding: 0.2rem var(--_space);
    border-block-end: 1px solid color-mix(in srgb, var(--_border) 25%, transparent);
    border-inline-start: 4px solid transparent;
  }
  li[data-level='WARNING'] {
    border-inline-start-color: light-dark(#9a6700, #e3b341);
  }
  li[data-level='ERROR'] {
    border-inline-start-color: var(--_error);
  }
  time,
  .source {
    color: var(--_muted);
  }
  .level {
    font-weight: 600;
    min-inline-size: 5.5em;
  }
  li[data-level='ERROR'] .level {
    color: var(--_error);
  }
  .server-level {
    display: grid;
    gap: var(--_space);
    max-inline-size: 30rem;
  }
  .saved {
    margin: var(--_space) 0 0;
    padding-inline-start: 1.2rem;
  }
  .message {
    flex: 1 1 100%;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
