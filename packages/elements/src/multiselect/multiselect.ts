import { defineElement } from '../shared/define.js';
import { GkMultiselect } from './multiselect.component.js';

export { GkMultiselect };

defineElement('gk-multiselect', GkMultiselect);

declare global {
  interface HTMLElementTagNameMap {
    'gk-multiselect': GkMultiselect;
  }
}
