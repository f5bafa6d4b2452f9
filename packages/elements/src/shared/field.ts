import type { OptionSchema } from '@glowkit/effect-schema/values';
import type { FieldIssue, FieldView } from './field-view.js';
import type { Translator } from './translate.js';
import { ValidatingViewElement, viewElementProperties } from './view-element.js';

export type { FieldEventDetail, FieldIssue } from './field-view.js';

/**
 * The base of every option element: a custom element showing a {@link FieldView} (the option's
 * schema, value, translation, validation, and `input`/`change` events that carry the value) in its
 * shadow root. Its properties are the view's.
 *
 * Every colour has a light and a dark default, chosen by the inherited `color-scheme`.
 *
 * @cssprop --gk-color-text - text colour (default #1d2330, dark #e8ecf4)
 * @cssprop --gk-color-muted - units, notes and other secondary text (default #5b6478, dark #a3adc2)
 * @cssprop --gk-color-surface - background of inputs, select boxes and buttons (default #ffffff, dark #1b2130)
 * @cssprop --gk-color-border - borders of inputs, buttons and groups (default #8a93a6, dark #5d6780)
 * @cssprop --gk-color-accent - focus outline, hovered buttons, checked boxes (default #2456d6, dark #7fa2ff)
 * @cssprop --gk-color-error - validation messages and the borders of invalid inputs (default #b3261e, dark #ff8a80)
 * @cssprop --gk-radius - corner radius of inputs, buttons and groups (default 6px)
 * @cssprop --gk-space - the spacing unit; gaps and margins are multiples of it (default 0.5rem)
 * @cssprop --gk-font - the `font` shorthand (default: inherited)
 * @cssprop --gk-focus-ring - `box-shadow` around a focused control (default a 3px ring of the accent colour)
 */
export abstract class GkField<V extends FieldView = FieldView> extends ValidatingViewElement<V> {
  static override properties = {
    schema: { attribute: false, noAccessor: true },
    value: { attribute: false, noAccessor: true },
    name: { type: String, reflect: true, noAccessor: true },
    translator: { attribute: false, noAccessor: true },
    disabled: { type: Boolean, reflect: true, noAccessor: true },
    labelText: { attribute: false, noAccessor: true },
  };

  /** The option's schema (an entry of an effect option schema's `properties`). */
  declare schema: OptionSchema;
  /** The current value, with its JSON type (numbers are numbers, colours arrays). */
  declare value: unknown;
  /** The option's name: the key of its value in the effect's args. */
  declare name: string;
  /** Translates titles, units, labels and messages; without one, names and English are shown. */
  declare translator: Translator | undefined;
  /** Disables the control. */
  declare disabled: boolean;
  /**
   * A label to show instead of the option's translated title, e.g. "Colours: Item 2" for an item
   * of a list (gk-array labels its items this way). Unset: the title, else the name.
   */
  declare labelText: string | undefined;

  /** Every reason the current value is invalid; empty when it is valid. */
  get issues(): FieldIssue[] {
    return this.view.issues;
  }
}

viewElementProperties(GkField, Object.keys(GkField.properties));
