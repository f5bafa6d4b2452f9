import { ColorFieldView } from '../shared/color-field.js';
import { colorFieldStyles } from '../shared/color-field.styles.js';
import { GkField } from '../shared/field.js';
import { fieldStyles } from '../shared/field.styles.js';
import { colorPickerRgbaStyles } from './color-picker-rgba.styles.js';

/** The view of an RGBA colour option. */
export class ColorPickerRGBAView extends ColorFieldView {
  static override kind = 'colorpickerRGBA';
  static override styles = [fieldStyles, colorFieldStyles, colorPickerRgbaStyles];
  protected readonly withAlpha = true;
}

/**
 * An RGBA colour option (`type: array`, `format: colorpickerRGBA`): like `gk-color-picker`,
 * plus an alpha slider and a numeric alpha input (0..1, in steps of 0.01 for the keys), kept in
 * sync; the swatch shows the colour over a checkerboard. The value is `[r, g, b, a]`.
 *
 * @tag gk-color-picker-rgba
 * @fires input - the colour changed; `detail` is `{ name, value }` with `value` `[r, g, b, a]` (numbers)
 * @fires change - the user committed the colour (picker closed, slider released, input left or Enter)
 * @csspart field - the group (a fieldset)
 * @csspart label - the group's label (its legend)
 * @csspart control - the row of swatch, colour input, channels and alpha
 * @csspart swatch - the frame of the colour preview: a checkerboard
 * @csspart swatch-color - the colour preview itself, with its transparency
 * @csspart picker - the native colour input (red, green and blue only)
 * @csspart channels - the wrapper of the red, green and blue inputs
 * @csspart channel - one channel: its label and input
 * @csspart channel-label - a channel's label (also alpha's)
 * @csspart channel-input - a channel's numeric input (also alpha's)
 * @csspart alpha - the alpha row: label, slider and numeric input
 * @csspart alpha-slider - the alpha slider
 * @csspart alpha-input - the numeric alpha input
 * @csspart error - the validation message
 * @cssprop --gk-swatch-size - edge of the swatch and height of the colour input (default 2.25rem)
 * @cssprop --gk-checker-light - light squares behind the swatch
 * @cssprop --gk-checker-dark - dark squares behind the swatch
 */
export class GkColorPickerRGBA extends GkField<ColorPickerRGBAView> {
  static override styles = ColorPickerRGBAView.styles;

  protected override createView(): ColorPickerRGBAView {
    return new ColorPickerRGBAView();
  }
}

customElements.define('gk-color-picker-rgba', GkColorPickerRGBA);

declare global {
  interface HTMLElementTagNameMap {
    'gk-color-picker-rgba': GkColorPickerRGBA;
  }
}
