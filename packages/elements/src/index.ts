/**
 * @packageDocumentation
 * Registers every Glowkit element (`gk-*`) and exports their classes and types.
 */
export { GkArray } from './array/array.js';
export { GkCheckbox } from './checkbox/checkbox.js';
export { GkColorPicker } from './color-picker/color-picker.js';
export { GkColorPickerRGBA } from './color-picker-rgba/color-picker-rgba.js';
export { type EffectFormEventDetail, GkEffectForm } from './effect-form/effect-form.js';
export { GkInteger } from './integer/integer.js';
export { GkMultiselect } from './multiselect/multiselect.js';
export { GkNumber } from './number/number.js';
export { GkSelect } from './select/select.js';
export { type FieldEventDetail, type FieldIssue, GkField } from './shared/field.js';
export { initialValue, tagByKind, tagFor } from './shared/registry.js';
export type { Translator } from './shared/translate.js';
export { GkSmoothing } from './smoothing/smoothing.js';
export { GkString } from './string/string.js';
