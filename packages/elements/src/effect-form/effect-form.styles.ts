import { css } from 'lit';
import { themeProperties } from '../shared/theme.styles.js';

export const effectFormStyles = css`
  :host {
    ${themeProperties}
    display: block;
    color: var(--_text);
    font: var(--gk-font, inherit);
  }
  .form {
    border: 0;
    margin: 0;
    padding: 0;
    min-inline-size: 0;
  }
  /* The heading names the effect: clearly bigger and bolder than the options' labels (600, 1em),
     with room below it. */
  .heading {
    font-size: 1.375em;
    font-weight: 700;
    line-height: 1.25;
    letter-spacing: -0.01em;
    padding: 0;
    margin-block-end: calc(var(--_space) * 2.5);
  }
  /*
   * Options sit in a plain block inside the fieldset: a fieldset rebuilds its whole layout when a
   * child's display changes, which made one dependency toggle re-lay-out every option.
   */
  .option-list {
    display: block;
  }
  /* Runs of options off screen are skipped by style and layout: hiding and showing options
     there costs nothing until they scroll near. The size of a run not rendered yet is a guess;
     once rendered, its last size is remembered. */
  .option-chunk {
    display: block;
    content-visibility: auto;
    contain-intrinsic-size: auto 28rem;
  }
  /* Each option's layout is its own, so showing or hiding one does not re-lay-out the others;
     options out of view are not styled or laid out until they scroll near (long forms). */
  .option {
    contain: layout style;
    content-visibility: auto;
    contain-intrinsic-size: auto 3.5rem;
  }
  /* Hidden options are skipped by rendering (not focusable, not in the accessibility tree) without
     leaving the layout tree, which is far cheaper to undo than display: none. */
  .option-chunk > .option[hidden] {
    display: block;
    content-visibility: hidden;
    block-size: 0;
    margin: 0;
  }
  .status {
    color: var(--_muted);
  }
  .status.failed {
    color: var(--_error);
  }
`;
