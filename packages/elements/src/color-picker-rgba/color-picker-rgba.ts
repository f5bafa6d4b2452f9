import { defineElement } from '../shared/define.js';
import { GkColorPickerRGBA } from './color-picker-rgba.component.js';

export { GkColorPickerRGBA };

defineElement('gk-color-picker-rgba', GkColorPickerRGBA);

declare global {
  interface HTMLElementTagNameMap {
    'gk-color-picker-rgba': GkColorPickerRGBA;
  }
}
