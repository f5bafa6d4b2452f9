import { css } from 'lit';

export const arrayStyles = css`
  .items {
    display: grid;
    gap: var(--_space);
    margin: 0 0 var(--_space);
    padding: 0;
    list-style: none;
  }
  .item {
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
    flex: 1 1 auto;
    min-inline-size: 0;
    margin: 0;
  }
  .item-control.unknown {
    align-self: center;
    font-family: ui-monospace, monospace;
  }
  .actions {
    display: flex;
    flex: none;
    gap: calc(var(--_space) / 2);
    /* Level with the item's control, below its label. */
    margin-block-start: calc(1lh + var(--_space) / 2);
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
