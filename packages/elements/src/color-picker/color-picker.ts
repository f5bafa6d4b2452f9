import { ColorFieldView } from '../shared/color-field.js';
import { colorFieldStyles } from '../shared/color-field.styles.js';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { colorPickerStyles } from './color-picker.styles.js';

/** The view of an RGB colour option. */
export class ColorPickerView extends ColorFieldView {
  static override kind = 'colorpicker';
  static override styles = [fieldStyles, colorFieldStyles, colorPickerStyles];
  protected readonly withAlpha = false;
}

/**
 * An RGB colour option (`type: array`, `format: colorpicker`): one group, labelled with the
 * option's translated title, holding a swatch, the native colour input and numeric inputs for
 * red, green and blue (integers 0..255), all kept in sync. The value is `[r, g, b]`.
 *
 * Text in a channel that is out of range, a fraction or empty shows a translated message and
 * leaves the other channels as they are. Without a value, the schema's `default` is shown
 * (else black).
 *
 * @tag gk-color-picker
 * @fires input - the colour changed; `detail` is `{ name, value }` with `value` `[r, g, b]` (numbers)
 * @fires change - the user committed the colour (picker closed, channel input left or Enter)
 * @csspart field - the group (a fieldset)
 * @csspart label - the group's label (its legend)
 * @csspart control - the row of swatch, colour input and channels
 * @csspart swatch - the frame of the colour preview
 * @csspart swatch-color - the colour preview itself
 * @csspart picker - the native colour input
 * @csspart channels - the wrapper of the three channel inputs
 * @csspart channel - one channel: its label and input
 * @csspart channel-label - a channel's label
 * @csspart channel-input - a channel's numeric input
 * @csspart error - the validation message
 * @cssprop --gk-swatch-size - edge of the swatch and height of the colour input (default 2.25rem)
 */
export class GkColorPicker extends GkField<ColorPickerView> {
  static override styles = ColorPickerView.styles;

  protected override createView(): ColorPickerView {
    return new ColorPickerView();
  }
}

customElements.define('gk-color-picker', GkColorPicker);

declare global {
  interface HTMLElementTagNameMap {
    'gk-color-picker': GkColorPicker;
  }
}
