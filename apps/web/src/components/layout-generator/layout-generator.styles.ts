import { css } from 'lit';

export const layoutGeneratorStyles = css`
  .modes {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
  }
  fieldset {
    border: 1px solid color-mix(in srgb, var(--_border) 55%, transparent);
    border-radius: var(--_radius);
    margin: 0 0 calc(var(--_space) * 1.5);
    padding: var(--_space) calc(var(--_space) * 1.5) calc(var(--_space) * 1.5);
    min-inline-size: 0;
  }
  legend {
    font-weight: 600;
    padding-inline: calc(var(--_space) / 2);
  }
  .choice {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    font-weight: normal;
    min-block-size: 2.5rem;
  }
  .choice input {
    min-block-size: auto;
    inline-size: 1.15rem;
    block-size: 1.15rem;
    margin: 0;
  }
  .editor {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
    gap: calc(var(--_space) * 2);
    align-items: start;
  }
  @media (max-width: 760px) {
    .editor {
      grid-template-columns: minmax(0, 1fr);
    }
    /* On a phone the picture comes first, so it stays in sight while the edges are typed. */
    .editor figure {
      order: -1;
    }
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 10rem), 1fr));
    gap: var(--_space) calc(var(--_space) * 1.5);
  }
  .field {
    display: grid;
    gap: calc(var(--_space) / 3);
    align-content: start;
  }
  .field input,
  .field select {
    inline-size: 100%;
  }
  .field input[aria-invalid='true'] {
    border-color: var(--_error);
    border-width: 2px;
  }
  .message {
    font-size: 0.9em;
    margin: 0;
  }
  figure {
    margin: 0;
    display: grid;
    gap: var(--_space);
  }
  figcaption {
    font-size: 0.95em;
  }
  .legend-keys {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .ramp {
    display: inline-block;
    inline-size: 4rem;
    block-size: 0.7rem;
    border-radius: 0.35rem;
    vertical-align: middle;
    margin-inline: calc(var(--_space) / 2);
    /* The same colours, first to last, as the preview's LEDs. */
    background: linear-gradient(to right, hsl(0 85% 55%), hsl(80 85% 45%), hsl(160 85% 45%), hsl(240 85% 60%));
  }
  .warning {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 4px solid var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
    margin-block: var(--_space) 0;
  }
  .warning p {
    margin: 0;
  }
`;
