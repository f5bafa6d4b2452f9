import { elementKind, type OptionSchema } from '@glowkit/effect-schema/values';
import { ArrayView } from '../array/array.js';
import { CheckboxView } from '../checkbox/checkbox.js';
import { ColorPickerView } from '../color-picker/color-picker.js';
import { ColorPickerRGBAView } from '../color-picker-rgba/color-picker-rgba.js';
import { IntegerView } from '../integer/integer.js';
import { MultiselectView } from '../multiselect/multiselect.js';
import { NumberView } from '../number/number.js';
import { SelectView } from '../select/select.js';
import { StringView } from '../string/string.js';

/** The view of one option of a form. */
export type OptionView =
  | ArrayView
  | CheckboxView
  | ColorPickerView
  | ColorPickerRGBAView
  | IntegerView
  | MultiselectView
  | NumberView
  | SelectView
  | StringView;

/** The view class of each kind of option, as `elementKind` names the kinds. */
const viewClassByKind = {
  checkbox: CheckboxView,
  string: StringView,
  select: SelectView,
  integer: IntegerView,
  number: NumberView,
  array: ArrayView,
  multiselect: MultiselectView,
  colorpicker: ColorPickerView,
  colorpickerRGBA: ColorPickerRGBAView,
} as const;

/** Every option view class, for the form's styles. */
export const optionViewClasses = Object.values(viewClassByKind);

/** A new view for an option, or undefined for a schema no view understands. */
export function optionViewFor(option: OptionSchema): OptionView | undefined {
  const kind = elementKind(option);
  return kind === 'unknown' ? undefined : new viewClassByKind[kind]();
}
