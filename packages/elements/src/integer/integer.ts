import { defineElement } from '../shared/define.js';
import { GkInteger } from './integer.component.js';

export { GkInteger };

defineElement('gk-integer', GkInteger);

declare global {
  interface HTMLElementTagNameMap {
    'gk-integer': GkInteger;
  }
}
