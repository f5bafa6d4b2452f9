import { css } from 'lit';

export const overviewStyles = css`
  .cards {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 24rem), 1fr));
    gap: calc(var(--_space) * 2);
  }
  .cards > li {
    min-inline-size: 0;
  }
`;
