import { css } from 'lit';

export const systemStyles = css`
  .intro {
    margin: 0 0 calc(var(--_space) * 2);
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: calc(var(--_space) / 2) calc(var(--_space) * 2);
    margin: 0;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  .table {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    inline-size: 100%;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    text-align: start;
    padding: 0.3rem 0.75rem 0.3rem 0;
    border-block-end: 1px solid color-mix(in srgb, var(--_border) 40%, transparent);
    white-space: nowrap;
  }
  th {
    font-weight: 600;
  }
  td.number,
  th.number {
    text-align: end;
  }
  .error {
    color: var(--_error);
    white-space: normal;
  }
  .status:empty {
    display: none;
  }
`;
