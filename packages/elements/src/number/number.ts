import { defineElement } from '../shared/define.js';
import { GkNumber } from './number.component.js';

export { GkNumber };

defineElement('gk-number', GkNumber);

declare global {
  interface HTMLElementTagNameMap {
    'gk-number': GkNumber;
  }
}
