import { css } from 'lit';

/**
 * Layout of a list. Each item is one row: the item's element, then its buttons right beside the
 * item's control, level with its input (not with its label). Where the item shows its label above
 * its control (numbers, text, selects, colours), the buttons are moved down by the label's line;
 * a checkbox has its label beside it; a list or multiselect item is a framed group, and its
 * buttons sit beside the frame's top. On a narrow list (a phone) the buttons move up beside the
 * item's label, so that the control keeps the whole width.
 */
export const arrayStyles = css`
  .items {
    container: items / inline-size;
    display: grid;
    gap: var(--_space);
    margin: 0 0 var(--_space);
    padding: 0;
    list-style: none;
  }
  .item {
    --_button: 2.25rem;
    position: relative;
    display: flex;
    align-items: flex-start;
    gap: var(--_space);
    padding-inline-start: calc(var(--_space) / 2);
    border-inline-start: 3px solid transparent;
  }
  .item[data-duplicate] {
    border-inline-start-color: var(--_error);
  }
  .item-control {
    flex: 0 1 auto;
    min-inline-size: 0;
    margin: 0;
  }
  /* An item's message wraps within the width of its control rather than widening the item, so
     that the buttons do not jump sideways when a message appears. */
  .item-control::part(error) {
    inline-size: 0;
    min-inline-size: 100%;
  }
  /* Text inputs get a readable width (they shrink on a narrow list). */
  gk-string.item-control {
    flex-basis: var(--gk-text-width, 24rem);
  }
  /* Framed groups take the row's width, their buttons at the frame's edge. */
  :is(gk-array, gk-multiselect).item-control {
    flex: 1 1 auto;
  }
  .item-control.unknown {
    align-self: center;
    font-family: ui-monospace, monospace;
  }
  .actions {
    display: flex;
    flex: none;
    gap: calc(var(--_space) / 2);
    /* Level with the control, below the item's label (a line and the field's gap). */
    margin-block-start: calc(1lh + var(--_space) / 2);
  }
  /* A checkbox's row is as tall as the buttons, its box level with their middle. */
  gk-checkbox.item-control::part(control) {
    min-block-size: var(--_button);
  }
  gk-checkbox + .actions {
    margin-block-start: 0;
  }
  .unknown + .actions {
    align-self: center;
    margin-block-start: 0;
  }
  :is(gk-array, gk-multiselect) + .actions {
    margin-block-start: 0;
  }
  .actions button {
    min-inline-size: var(--_button);
    min-block-size: var(--_button);
  }
  @container items (inline-size < 26rem) {
    /* The buttons sit at the end of the label's row, which grows to their height. */
    .item-control:not(gk-checkbox, gk-array, gk-multiselect, .unknown) {
      flex: 1 1 auto;
    }
    .item-control:not(gk-checkbox, gk-array, gk-multiselect, .unknown)::part(label) {
      display: flex;
      align-items: center;
      box-sizing: border-box;
      min-block-size: var(--_button);
      padding-inline-end: calc(3 * var(--_button) + 2 * var(--_space));
    }
    .item-control:not(gk-checkbox, gk-array, gk-multiselect, .unknown) + .actions {
      position: absolute;
      inset-block-start: 0;
      inset-inline-end: 0;
      margin: 0;
    }
    /* A framed group keeps the width; its buttons go below it, at the end. */
    .item:has(> :is(gk-array, gk-multiselect)) {
      flex-wrap: wrap;
      justify-content: flex-end;
    }
    :is(gk-array, gk-multiselect).item-control {
      flex-basis: 100%;
    }
  }
  .empty {
    margin-block-end: var(--_space);
  }
  .add {
    justify-self: start;
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
  }
  .error {
    margin-block-start: calc(var(--_space) / 2);
  }
`;
