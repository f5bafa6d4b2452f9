import { GkColorPicker } from '../color-picker/color-picker.component.js';
import { colorPickerStyles } from '../color-picker/color-picker.styles.js';
import { fieldStyles } from '../shared/field.styles.js';
import { colorPickerRgbaStyles } from './color-picker-rgba.styles.js';

/**
 * An RGBA colour option (`type: array`, `format: colorpickerRGBA`): like `gk-color-picker`,
 * plus an alpha slider and a numeric alpha input (0..1, in steps of 0.01 for the keys), kept in
 * sync; the swatch shows the colour over a checkerboard, so its transparency shows. The value is
 * `[r, g, b, a]`.
 *
 * @tag gk-color-picker-rgba
 * @fires input - the colour changed; `detail` is `{ name, value }` with `value` `[r, g, b, a]` (numbers)
 * @fires change - the user committed the colour (picker closed, slider released, input left or Enter)
 * @csspart field - the group (a fieldset)
 * @csspart label - the group's label (its legend)
 * @csspart control - the row of swatch, channels and alpha
 * @csspart swatch - the colour itself, with its transparency over a checkerboard: the native colour input (red, green and blue only), which opens the browser's picker
 * @csspart channels - the wrapper of the red, green and blue inputs
 * @csspart channel - one channel: its label and input
 * @csspart channel-label - a channel's label (also alpha's)
 * @csspart channel-input - a channel's numeric input (also alpha's)
 * @csspart alpha - the alpha row: label, slider and numeric input
 * @csspart alpha-slider - the alpha slider
 * @csspart alpha-input - the numeric alpha input
 * @csspart error - the validation message
 * @cssprop --gk-swatch-size - edge of the square swatch (default 2.25rem)
 * @cssprop --gk-swatch-outline - the swatch's frame, which keeps a colour like the page's visible (default translucent black, white in dark)
 * @cssprop --gk-checker-light - light squares behind the swatch
 * @cssprop --gk-checker-dark - dark squares behind the swatch
 */
export class GkColorPickerRGBA extends GkColorPicker {
  static override styles = [fieldStyles, colorPickerStyles, colorPickerRgbaStyles];
  static override parts: readonly string[] = [
    ...GkColorPicker.parts,
    'alpha',
    'alpha-slider',
    'alpha-input',
  ];

  protected override readonly withAlpha: boolean = true;
}
