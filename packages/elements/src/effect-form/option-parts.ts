import { GkArray } from '../array/array.component.js';
import { GkCheckbox } from '../checkbox/checkbox.component.js';
import { GkColorPicker } from '../color-picker/color-picker.component.js';
import { GkColorPickerRGBA } from '../color-picker-rgba/color-picker-rgba.component.js';
import { GkInteger } from '../integer/integer.component.js';
import { GkMultiselect } from '../multiselect/multiselect.component.js';
import { GkNumber } from '../number/number.component.js';
import { GkSelect } from '../select/select.component.js';
import { GkString } from '../string/string.component.js';

/** The class of each option element, by tag: for the parts each renders. */
const classByTag: Readonly<Record<string, { readonly parts: readonly string[] }>> = {
  'gk-checkbox': GkCheckbox,
  'gk-string': GkString,
  'gk-select': GkSelect,
  'gk-integer': GkInteger,
  'gk-number': GkNumber,
  'gk-array': GkArray,
  'gk-multiselect': GkMultiselect,
  'gk-color-picker': GkColorPicker,
  'gk-color-picker-rgba': GkColorPickerRGBA,
};

const cache = new Map<string, string>();

/**
 * The `exportparts` of an option element in the form: every part it renders, under the same
 * name, so that `gk-effect-form::part(input)` reaches the input of every option. Worked out at the
 * first render, not at load: a list's parts include those of the item elements registered by then.
 */
export function exportpartsOf(tag: string): string {
  let found = cache.get(tag);
  if (found === undefined) {
    found = (classByTag[tag]?.parts ?? []).join(', ');
    cache.set(tag, found);
  }
  return found;
}
