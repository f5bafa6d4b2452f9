import { defineElement } from '../shared/define.js';
import { GkCheckbox } from './checkbox.component.js';

export { GkCheckbox };

defineElement('gk-checkbox', GkCheckbox);

declare global {
  interface HTMLElementTagNameMap {
    'gk-checkbox': GkCheckbox;
  }
}
