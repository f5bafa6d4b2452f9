import { defineElement } from '../shared/define.js';
import { GkArray } from './array.component.js';

export { GkArray };

defineElement('gk-array', GkArray);

declare global {
  interface HTMLElementTagNameMap {
    'gk-array': GkArray;
  }
}
