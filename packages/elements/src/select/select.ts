import { defineElement } from '../shared/define.js';
import { GkSelect } from './select.component.js';

export { GkSelect };

defineElement('gk-select', GkSelect);

declare global {
  interface HTMLElementTagNameMap {
    'gk-select': GkSelect;
  }
}
