import { css } from 'lit';

export const layoutEditorStyles = css`
  .picture {
    position: relative;
    margin-block: var(--_space);
  }
  svg {
    display: block;
    inline-size: 100%;
    block-size: auto;
    touch-action: none;
    user-select: none;
  }
  .screen {
    fill: light-dark(#dde2ea, #1a202c);
  }
  .led rect {
    fill: light-dark(#5b6478, #8f9ab0);
    /* A dark LED on the dark screen still shows its shape. */
    stroke: color-mix(in srgb, var(--_border) 70%, transparent);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .led text {
    fill: light-dark(#0f131c, #ffffff);
    stroke: light-dark(#ffffff, #0f131c);
    stroke-width: 0.35em;
    stroke-linejoin: round;
    paint-order: stroke;
    font: 600 1px system-ui, sans-serif;
    text-anchor: middle;
    dominant-baseline: central;
    pointer-events: none;
  }
  .led {
    cursor: pointer;
    outline: none;
  }
  .led:focus-visible rect,
  .led[aria-pressed='true'] rect {
    stroke: var(--_accent);
    stroke-width: 6px;
    vector-effect: non-scaling-stroke;
  }
  .led[aria-pressed='true'] {
    cursor: move;
  }
  .led:focus-visible rect {
    stroke: var(--_text);
  }
  .frame-line {
    fill: none;
    stroke: var(--_accent);
    stroke-width: 2px;
    stroke-dasharray: 6 4;
    vector-effect: non-scaling-stroke;
    pointer-events: none;
  }
  .handle {
    fill: var(--_accent);
    stroke: light-dark(#ffffff, #0f131c);
    stroke-width: 2px;
    vector-effect: non-scaling-stroke;
    cursor: grab;
    outline: none;
  }
  .handle.resize {
    cursor: nwse-resize;
  }
  .handle.edge {
    fill: light-dark(#ffffff, #0f131c);
    stroke: var(--_accent);
  }
  .handle:focus-visible {
    stroke: var(--_text);
    stroke-width: 4px;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }
  .tools p {
    margin: 0;
  }
  fieldset {
    border: 1px solid color-mix(in srgb, var(--_border) 55%, transparent);
    border-radius: var(--_radius);
    margin: var(--_space) 0 0;
    padding: var(--_space) calc(var(--_space) * 1.5) calc(var(--_space) * 1.5);
    min-inline-size: 0;
  }
  legend {
    font-weight: 600;
    padding-inline: calc(var(--_space) / 2);
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
    gap: var(--_space);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  .field input {
    min-inline-size: 0;
  }
`;
