import { themeProperties } from '@glowkit/elements/components';
import { css } from 'lit';

export const serverAboutStyles = css`
  :host {
    ${themeProperties}
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space) calc(var(--_space) * 2);
    color: var(--_muted);
    font-size: 0.9rem;
  }
  p {
    margin: 0;
  }
  .about {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space);
  }
  .power summary {
    cursor: pointer;
    color: var(--_text);
  }
  .menu {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin-block-start: calc(var(--_space) / 2);
  }
  .done:empty {
    display: none;
  }
`;
