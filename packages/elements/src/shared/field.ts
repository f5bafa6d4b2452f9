import type { OptionSchema } from '@glowkit/effect-schema/values';
import type { FieldIssue, FieldView } from './field-view.js';
import type { Translator } from './translate.js';
import { ValidatingViewElement, viewElementProperties } from './view-element.js';

export type { FieldEventDetail, FieldIssue } from './field-view.js';

/**
 * The base of every option element: a custom element showing a {@link FieldView} (the option's
 * schema, value, translation, validation, and `input`/`change` events that carry the value) in its
 * shadow root. Its properties are the view's.
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
