/**
 * @packageDocumentation
 * Every Glowkit element class, registering nothing: for extending an element, or registering it
 * under a tag of your own. `import '@glowkit/elements'` registers the `gk-*` tags.
 */
export { GkArray } from './array/array.component.js';
export { GkCheckbox } from './checkbox/checkbox.component.js';
export { GkColorPicker } from './color-picker/color-picker.component.js';
export { GkColorPickerRGBA } from './color-picker-rgba/color-picker-rgba.component.js';
export {
  type EffectFormEventDetail,
  GkEffectForm,
} from './effect-form/effect-form.component.js';
export { GkInteger } from './integer/integer.component.js';
export { GkMultiselect } from './multiselect/multiselect.component.js';
export { GkNumber } from './number/number.component.js';
export { GkSelect } from './select/select.component.js';
export { defineElement } from './shared/define.js';
export { type FieldEventDetail, type FieldIssue, GkField } from './shared/field.js';
export { FormAssociated, type FormState } from './shared/form-associated.js';
export { initialValue, tagByKind, tagFor } from './shared/registry.js';
export { themeProperties } from './shared/theme.styles.js';
export type { Translator } from './shared/translate.js';
export { TranslationController } from './shared/translation-controller.js';
export {
  GkSmoothing,
  type SmoothingOption,
  type SmoothingValues,
  smoothingOptions,
} from './smoothing/smoothing.component.js';
export { GkString } from './string/string.component.js';
