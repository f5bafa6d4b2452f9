import '../array/array.js';
import '../checkbox/checkbox.js';
import '../color-picker/color-picker.js';
import '../color-picker-rgba/color-picker-rgba.js';
import '../integer/integer.js';
import '../multiselect/multiselect.js';
import '../number/number.js';
import '../select/select.js';
import '../smoothing/smoothing.js';
import '../string/string.js';
import { defineElement } from '../shared/define.js';
import { GkEffectForm } from './effect-form.component.js';

export type { EffectFormEventDetail } from './effect-form.component.js';
export { GkEffectForm };

defineElement('gk-effect-form', GkEffectForm);

declare global {
  interface HTMLElementTagNameMap {
    'gk-effect-form': GkEffectForm;
  }
}
