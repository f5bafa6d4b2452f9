/**
 * @packageDocumentation
 * Registers every Glowkit element (`gk-*`) and exports their classes and types.
 */
export { ArrayView, GkArray } from './array/array.js';
export { CheckboxView, GkCheckbox } from './checkbox/checkbox.js';
export { ColorPickerView, GkColorPicker } from './color-picker/color-picker.js';
export { ColorPickerRGBAView, GkColorPickerRGBA } from './color-picker-rgba/color-picker-rgba.js';
export { type EffectFormEventDetail, GkEffectForm } from './effect-form/effect-form.js';
export { GkInteger, IntegerView } from './integer/integer.js';
export { GkMultiselect, MultiselectView } from './multiselect/multiselect.js';
export { GkNumber, NumberView } from './number/number.js';
export { GkSelect, SelectView } from './select/select.js';
export { GkField } from './shared/field.js';
export { type FieldEventDetail, type FieldIssue, FieldView } from './shared/field-view.js';
export { initialValue, tagByKind, tagFor } from './shared/registry.js';
export type { Translator } from './shared/translate.js';
export { View, type ViewHost } from './shared/view.js';
export { viewIn } from './shared/view-directive.js';
export { GkSmoothing, SmoothingView } from './smoothing/smoothing.js';
export { GkString, StringView } from './string/string.js';
