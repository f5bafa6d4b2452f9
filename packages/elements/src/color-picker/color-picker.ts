import { defineElement } from '../shared/define.js';
import { GkColorPicker } from './color-picker.component.js';

export { GkColorPicker };

defineElement('gk-color-picker', GkColorPicker);

declare global {
  interface HTMLElementTagNameMap {
    'gk-color-picker': GkColorPicker;
  }
}
