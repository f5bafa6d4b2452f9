import { css } from 'lit';
import { dialogStyles } from '../../app/dialog.styles.js';

/**
 * The effects page: on a phone the list above the chosen effect; from 48rem the list beside it;
 * and when the effect's column is wide enough, the run controls and the live picture beside its
 * options, staying in view while the options scroll. Everything reads in document order: list,
 * Run, live picture, options, save.
 */
export const effectsPageStyles = css`
  h1:focus,
  h2:focus {
    outline: none;
  }
  h1:focus-visible,
  h2:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .layout {
    display: grid;
    gap: calc(var(--_space) * 2);
    align-items: start;
  }
  .detail {
    min-inline-size: 0;
    container-type: inline-size;
  }
  .notice {
    margin: 0 0 var(--_space);
  }
  .notice:empty {
    margin: 0;
  }
  .effect-head {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--_space);
    margin-block-end: var(--_space);
  }
  .effect-head h2 {
    font-size: 1.4rem;
    margin: 0;
    overflow-wrap: anywhere;
  }
  .kind {
    margin: 0.25rem 0 0;
  }
  code {
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0 0 var(--_space);
  }
  .effect-grid {
    display: grid;
    gap: 0 calc(var(--_space) * 2);
    /* On a phone Run and the live picture come first: what to do, then what to tune. */
    grid-template-areas: 'run' 'live' 'options' 'save';
  }
  /* On a phone the live picture stays at the top of the window while the options below it
     scroll, so a changed option is seen on the LEDs: Run and the picture are items of the
     effect's grid (sticky within it), not of a column of their own. */
  .run {
    grid-area: run;
    min-inline-size: 0;
  }
  .live {
    grid-area: live;
    min-inline-size: 0;
    position: sticky;
    inset-block-start: 0;
    z-index: 1;
  }
  .options {
    grid-area: options;
    min-inline-size: 0;
  }
  .side {
    display: contents;
    grid-area: side;
    min-inline-size: 0;
  }
  .save {
    grid-area: save;
    min-inline-size: 0;
  }
  gk-effect-form {
    display: block;
  }
  .run-form {
    display: grid;
    gap: var(--_space);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  }
  .field {
    display: grid;
    gap: calc(var(--_space) / 2);
    align-content: start;
  }
  .field select,
  .field input {
    inline-size: 100%;
  }
  .hint {
    font-size: 0.85rem;
  }
  .buttons {
    grid-column: 1 / -1;
  }
  .run-status {
    margin: var(--_space) 0 0;
  }
  .run-status:empty {
    margin: 0;
  }
  .error p,
  .error ul {
    margin: var(--_space) 0 0;
  }
  .error ul {
    padding-inline-start: 1.25rem;
    overflow-wrap: anywhere;
  }
  .save-form {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .save-form input {
    flex: 1 1 12rem;
  }
  .warning {
    margin: 0;
    padding-inline-start: var(--_space);
    border-inline-start: 4px solid var(--_accent);
  }
  ${dialogStyles}
  dialog h2 {
    overflow-wrap: anywhere;
  }
  @media (width >= 48rem) {
    .layout {
      grid-template-columns: minmax(14rem, 17rem) minmax(0, 1fr);
    }
    /* The list stays in view beside a long form, scrolling on its own. */
    .catalogue {
      position: sticky;
      inset-block-start: var(--_space);
      max-block-size: calc(100dvh - 2 * var(--_space));
      overflow-y: auto;
      padding-inline-end: calc(var(--_space) / 2);
    }
  }
  @container (width >= 40rem) {
    .effect-grid {
      grid-template-columns: minmax(16rem, 20rem) minmax(0, 1fr);
      grid-template-areas: 'side options' 'side save';
      /* The options' row is as tall as they are; the side column's extra height goes below. */
      grid-template-rows: auto 1fr;
      align-items: start;
    }
    /* The run controls and the live picture stay beside the options as they scroll. */
    .side {
      display: block;
      position: sticky;
      inset-block-start: var(--_space);
    }
    .live {
      position: static;
    }
  }
`;
