import { css } from 'lit';

export const multiselectStyles = css`
  .options {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space) calc(var(--_space) * 2);
  }
  .option {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    font-weight: 400;
    cursor: pointer;
  }
  input[type='checkbox'] {
    inline-size: 1.25rem;
    block-size: 1.25rem;
    margin: 0;
    accent-color: var(--_accent);
  }
  input[type='checkbox']:disabled,
  input[type='checkbox']:disabled + span {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .none {
    margin-block-start: calc(var(--_space) / 2);
  }
  .error {
    margin-block-start: calc(var(--_space) / 2);
  }
`;
